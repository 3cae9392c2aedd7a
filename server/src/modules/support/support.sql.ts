import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { TicketStatus } from '@parallels/contract/support';
import type { Database } from '../../db/client.js';
import { helpDeskConnection, supportTickets } from '../../db/schema.js';

export const HELP_DESK_PROVIDER = 'zoho';

export interface HelpDeskRow {
  grantId: string | null;
  orgId: string;
  orgName: string;
  connectedAt: Date;
}

export async function findHelpDesk(db: Database): Promise<HelpDeskRow | undefined> {
  const rows = await db
    .select({ grantId: helpDeskConnection.grantId, orgId: helpDeskConnection.orgId, orgName: helpDeskConnection.orgName, connectedAt: helpDeskConnection.connectedAt })
    .from(helpDeskConnection)
    .where(eq(helpDeskConnection.provider, HELP_DESK_PROVIDER))
    .limit(1);
  return rows[0];
}

export async function saveHelpDesk(db: Database, input: { grantId: string; orgId: string; orgName: string; connectedBy: string }): Promise<void> {
  const values = { ...input, provider: HELP_DESK_PROVIDER, connectedAt: new Date() };
  await db.insert(helpDeskConnection).values(values).onConflictDoUpdate({ target: helpDeskConnection.provider, set: values });
}

export type TicketRow = typeof supportTickets.$inferSelect;
export type NewTicket = Pick<typeof supportTickets.$inferInsert, 'userId' | 'subject' | 'brand' | 'departmentId' | 'description' | 'firstName' | 'lastName' | 'email' | 'contactEmail'>;

export async function insertTicket(db: Database, ticket: NewTicket): Promise<TicketRow> {
  const rows = await db.insert(supportTickets).values(ticket).returning();
  return rows[0]!;
}

export async function findTicket(db: Database, id: string): Promise<TicketRow | undefined> {
  const rows = await db.select().from(supportTickets).where(eq(supportTickets.id, id)).limit(1);
  return rows[0];
}

/**
 * Counts an attempt, only for a ticket not yet sent: the row lock makes a retry job and an administrator's
 * retry (or two workers) take turns, and the second sees `sent` and stops.
 */
export async function beginAttempt(db: Database, id: string): Promise<TicketRow | undefined> {
  const rows = await db
    .update(supportTickets)
    .set({ attempts: sql`${supportTickets.attempts} + 1` })
    .where(and(eq(supportTickets.id, id), sql`${supportTickets.status} <> 'sent'`))
    .returning();
  return rows[0];
}

export async function markSent(db: Database, id: string, zoho: { id: string; ticketNumber: string }): Promise<void> {
  await db.update(supportTickets).set({ status: 'sent', zohoTicketId: zoho.id, ticketNumber: zoho.ticketNumber, lastError: null, sentAt: new Date() }).where(eq(supportTickets.id, id));
}

export async function markUnsent(db: Database, id: string, status: Exclude<TicketStatus, 'sent'>, error: string): Promise<void> {
  await db.update(supportTickets).set({ status, lastError: error }).where(eq(supportTickets.id, id));
}

export async function listTickets(db: Database, limit: number): Promise<TicketRow[]> {
  return db.select().from(supportTickets).orderBy(desc(supportTickets.createdAt)).limit(limit);
}

/** Tickets waiting for a retry, oldest first (the sweep job's list). */
export async function listQueuedTicketIds(db: Database, createdBefore: Date): Promise<string[]> {
  const rows = await db
    .select({ id: supportTickets.id })
    .from(supportTickets)
    .where(and(eq(supportTickets.status, 'queued'), lt(supportTickets.createdAt, createdBefore)))
    .orderBy(supportTickets.createdAt)
    .limit(500);
  return rows.map((r) => r.id);
}
