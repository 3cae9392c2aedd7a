import { and, eq } from 'drizzle-orm';
import { TUTORIAL_IDS, type TutorialId } from '@parallels/contract/tutorials';
import type { Database } from '../../db/client.js';
import { tutorialCompletions } from '../../db/schema.js';

export async function listCompleted(db: Database, userId: string): Promise<TutorialId[]> {
  const rows = await db.select({ id: tutorialCompletions.tutorialId }).from(tutorialCompletions).where(eq(tutorialCompletions.userId, userId));
  const done = new Set(rows.map((r) => r.id));
  // in the product's order; ids of tutorials since retired are ignored
  return TUTORIAL_IDS.filter((id) => done.has(id));
}

export async function markCompleted(db: Database, userId: string, tutorialId: TutorialId): Promise<void> {
  await db.insert(tutorialCompletions).values({ userId, tutorialId }).onConflictDoNothing();
}

export async function resetCompleted(db: Database, userId: string, tutorialId?: TutorialId): Promise<void> {
  await db.delete(tutorialCompletions).where(tutorialId ? and(eq(tutorialCompletions.userId, userId), eq(tutorialCompletions.tutorialId, tutorialId)) : eq(tutorialCompletions.userId, userId));
}
