import { SUPPORT_MESSAGES, supportTicketBodySchema, type CreateTicketResponse, type Department, type HelpDeskStatus, type SupportTicket, type SupportTicketBody } from '@parallels/contract/support';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { TokenKeyring } from '../../lib/token-crypto.js';
import { AppError } from '../../lib/app-error.js';
import { PlatformError } from '../../connectors/platform-error.js';
import { createDeskTicket, defaultOrganization, listDepartments, refreshZohoToken } from '../../connectors/zoho/zoho-desk.js';
import { accessTokenFor } from '../connections/grants.service.js';
import { findGrant } from '../../db/grants.sql.js';
import * as sqlq from './support.sql.js';

export interface SupportDeps {
  db: Database;
  config: Config;
  keyring: TokenKeyring;
  /** a ticket Zoho could not take now: send it again later (the job queue; absent without workers, then the sweep finds it) */
  scheduleRetry?: (ticketId: string) => Promise<unknown>;
}

/** After this many attempts a queued ticket is given up on and shown to administrators as failed. */
export const MAX_TICKET_ATTEMPTS = 10;

class NotConnected extends Error {}

/** Spec: the administrator's help-desk connection; the grant must be theirs and Zoho's. */
export async function connectHelpDesk(deps: SupportDeps, adminId: string, grantId: string): Promise<void> {
  const grant = await findGrant(deps.db, grantId);
  if (!grant || grant.userId !== adminId || grant.provider !== 'zoho') throw new AppError('invalid', 'Unable to update zohoToken token.');
  const zoho = deps.config.platforms.zoho;
  let org: { id: string; name: string };
  try {
    org = await defaultOrganization(zoho, await accessTokenFor(deps, grant, (refresh) => refreshZohoToken(zoho, refresh)));
  } catch (e) {
    if (e instanceof PlatformError) throw new AppError('platform-failed', `Unable to update zohoToken token: ${e.message}`);
    throw e;
  }
  await sqlq.saveHelpDesk(deps.db, { grantId: grant.id, orgId: org.id, orgName: org.name, connectedBy: adminId });
}

async function helpDeskAccess(deps: SupportDeps): Promise<{ token: string; orgId: string }> {
  const desk = await sqlq.findHelpDesk(deps.db);
  const grant = desk?.grantId ? await findGrant(deps.db, desk.grantId) : undefined;
  if (!desk || !grant) throw new NotConnected();
  const zoho = deps.config.platforms.zoho;
  return { token: await accessTokenFor(deps, grant, (refresh) => refreshZohoToken(zoho, refresh)), orgId: desk.orgId };
}

export async function departments(deps: SupportDeps): Promise<Department[]> {
  try {
    const { token, orgId } = await helpDeskAccess(deps);
    return await listDepartments(deps.config.platforms.zoho, token, orgId);
  } catch (e) {
    if (e instanceof NotConnected) throw new AppError('unavailable', SUPPORT_MESSAGES.notConnected, { code: 'HELP_DESK_NOT_CONNECTED' });
    if (e instanceof PlatformError) throw new AppError('platform-failed', 'The help desk is not answering right now. Please try again later.', { code: 'HELP_DESK_UNAVAILABLE' });
    throw e;
  }
}

export type DeliveryOutcome = { status: 'sent'; ticketNumber: string } | { status: 'queued' | 'failed'; error: string };

/**
 * One attempt to file a stored ticket at Zoho Desk. A busy or unreachable Zoho leaves it queued for a retry;
 * a missing connection, a refused token or a refused ticket mark it failed (retrying cannot fix those; an
 * administrator can retry once the help desk is connected again). Never throws for a Zoho failure.
 */
export async function deliverTicket(deps: SupportDeps, ticketId: string): Promise<DeliveryOutcome | undefined> {
  const ticket = await sqlq.beginAttempt(deps.db, ticketId);
  if (!ticket) return undefined; // unknown, or already sent
  try {
    const { token, orgId } = await helpDeskAccess(deps);
    const zoho = await createDeskTicket(deps.config.platforms.zoho, token, orgId, {
      subject: ticket.subject,
      departmentId: ticket.departmentId,
      // Brand is no Zoho Desk field; agents read it first in the description
      description: `Brand: ${ticket.brand}\nReply to: ${ticket.email}\n\n${ticket.description}`,
      email: ticket.email,
      // Desk needs a last name for a new contact; the form's last name is optional, so the first name stands in
      contact: { firstName: ticket.firstName, lastName: ticket.lastName || ticket.firstName, email: ticket.contactEmail },
    });
    await sqlq.markSent(deps.db, ticket.id, zoho);
    return { status: 'sent', ticketNumber: zoho.ticketNumber };
  } catch (e) {
    if (!(e instanceof NotConnected) && !(e instanceof PlatformError)) throw e;
    const error = e instanceof NotConnected ? 'The help desk is not connected.' : e.message;
    const status = e instanceof PlatformError && e.retryable && ticket.attempts < MAX_TICKET_ATTEMPTS ? 'queued' : 'failed';
    await sqlq.markUnsent(deps.db, ticket.id, status, error);
    return { status, error };
  }
}

/** POST /api/zoho/create-ticket: kept first, then sent; the contact is the signed-in account. */
export async function createTicket(deps: SupportDeps, user: { id: string; email: string }, input: SupportTicketBody): Promise<CreateTicketResponse> {
  const body = supportTicketBodySchema.parse(input);
  const ticket = await sqlq.insertTicket(deps.db, { ...body, lastName: body.lastName || null, userId: user.id, contactEmail: user.email });
  const outcome = await deliverTicket(deps, ticket.id);
  if (outcome?.status === 'sent') return { success: true, status: 'sent', ticketNumber: outcome.ticketNumber };
  if (outcome?.status === 'queued') {
    await deps.scheduleRetry?.(ticket.id);
    return { success: true, status: 'queued', ticketNumber: null };
  }
  throw new AppError('platform-failed', SUPPORT_MESSAGES.submitFailed, { code: 'TICKET_NOT_SENT' });
}

const toTicket = (t: sqlq.TicketRow): SupportTicket => ({
  id: t.id,
  subject: t.subject,
  brand: t.brand,
  email: t.email,
  status: t.status as SupportTicket['status'],
  attempts: t.attempts,
  lastError: t.lastError,
  ticketNumber: t.ticketNumber,
  createdAt: t.createdAt.toISOString(),
});

export async function helpDeskStatus(db: Database): Promise<HelpDeskStatus> {
  const desk = await sqlq.findHelpDesk(db);
  return {
    connected: !!desk?.grantId,
    organization: desk?.orgName ?? null,
    connectedAt: desk?.connectedAt.toISOString() ?? null,
    tickets: (await sqlq.listTickets(db, 50)).map(toTicket),
  };
}

/** An administrator's retry of a queued or failed ticket, at once. */
export async function retryTicket(deps: SupportDeps, ticketId: string): Promise<SupportTicket> {
  const before = await sqlq.findTicket(deps.db, ticketId);
  if (!before) throw new AppError('not-found', 'Ticket not found');
  if (before.status !== 'sent') await deliverTicket(deps, ticketId);
  return toTicket((await sqlq.findTicket(deps.db, ticketId))!);
}
