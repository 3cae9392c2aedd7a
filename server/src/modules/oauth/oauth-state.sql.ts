import { and, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { loginTickets, oauthStates } from '../../db/schema.js';

export type NewOAuthState = typeof oauthStates.$inferInsert;
export type OAuthStateRow = typeof oauthStates.$inferSelect;

export async function insertOAuthState(db: Database, row: NewOAuthState): Promise<void> {
  await db.insert(oauthStates).values(row);
}

/** Deletes the state with this hash for this provider and returns it (single use). */
export async function takeOAuthState(db: Database, stateHash: string, provider: string): Promise<OAuthStateRow | undefined> {
  const rows = await db.delete(oauthStates).where(and(eq(oauthStates.stateHash, stateHash), eq(oauthStates.provider, provider))).returning();
  return rows[0];
}

export async function deleteOAuthStatesCreatedBefore(db: Database, before: Date): Promise<number> {
  const rows = await db.delete(oauthStates).where(lt(oauthStates.createdAt, before)).returning({ h: oauthStates.stateHash });
  return rows.length;
}

export async function insertLoginTicket(db: Database, ticketHash: string, userId: string): Promise<void> {
  await db.insert(loginTickets).values({ ticketHash, userId });
}

/** Deletes the ticket with this hash if it was issued after `since`, returning its user (single use). */
export async function takeLoginTicket(db: Database, ticketHash: string, since: Date): Promise<string | undefined> {
  const rows = await db
    .delete(loginTickets)
    .where(and(eq(loginTickets.ticketHash, ticketHash), gt(loginTickets.createdAt, since)))
    .returning({ userId: loginTickets.userId });
  return rows[0]?.userId;
}

export async function deleteLoginTicketsCreatedBefore(db: Database, before: Date): Promise<number> {
  const rows = await db.delete(loginTickets).where(lt(loginTickets.createdAt, before)).returning({ h: loginTickets.ticketHash });
  return rows.length;
}
