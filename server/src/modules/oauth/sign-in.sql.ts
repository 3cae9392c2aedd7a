import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { userIdentities, users } from '../../db/schema.js';

/** The account behind a provider identity, if one was ever linked. */
export async function findUserByIdentity(db: Database, provider: string, subject: string): Promise<string | undefined> {
  const rows = await db.select({ userId: userIdentities.userId }).from(userIdentities).where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject))).limit(1);
  return rows[0]?.userId;
}

/**
 * A new account for a provider identity. Returns undefined when the email already belongs to another
 * account: we never merge by email alone (checklist A10); that user signs in with their password.
 */
export async function createUserForIdentity(db: Database, input: { provider: string; subject: string; username: string; email: string }): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const created = await tx.insert(users).values({ username: input.username, email: input.email.toLowerCase() }).onConflictDoNothing({ target: users.email }).returning({ id: users.id });
    const user = created[0];
    if (!user) return undefined;
    await tx.insert(userIdentities).values({ provider: input.provider, subject: input.subject, userId: user.id });
    return user.id;
  });
}
