import type { PgBoss } from 'pg-boss';
import { deliverTicket, type SupportDeps } from './support.service.js';
import { listQueuedTicketIds } from './support.sql.js';

export const SUPPORT_QUEUES = { send: 'support-ticket-send', sweep: 'support-ticket-sweep' } as const;
// The sweep picks up tickets queued by API-only processes (no queue of their own) and any whose job was lost.
const SWEEP_CRON = '*/10 * * * *';
const SWEEP_MIN_AGE_MS = 5 * 60_000;
const RETRY_DELAY_SECONDS = 60;

/**
 * Ticket retries on the sync queue's pg-boss: one job per ticket (singletonKey), a minute after the failed
 * attempt, again with backoff while Zoho stays busy. The delivery itself records every attempt on the row.
 */
export async function startSupportJobs(boss: PgBoss, deps: SupportDeps, options: { pollingIntervalSeconds: number; work?: boolean }): Promise<(ticketId: string) => Promise<unknown>> {
  await boss.createQueue(SUPPORT_QUEUES.send, { policy: 'stately', retryLimit: 8, retryDelay: RETRY_DELAY_SECONDS, retryBackoff: true, retryDelayMax: 3600 });
  await boss.createQueue(SUPPORT_QUEUES.sweep, { policy: 'singleton' });
  const schedule = (ticketId: string) => boss.send(SUPPORT_QUEUES.send, { ticketId }, { singletonKey: ticketId, startAfter: RETRY_DELAY_SECONDS });
  // an API process (PARALLELS_ROLE=api) only queues retries: the workers run them
  if (options.work === false) return schedule;
  await boss.work<{ ticketId: string }>(SUPPORT_QUEUES.send, { pollingIntervalSeconds: options.pollingIntervalSeconds }, async ([job]) => {
    const outcome = await deliverTicket(deps, job!.data.ticketId);
    // still queued: let pg-boss retry it with backoff (the attempt is already on the row)
    if (outcome?.status === 'queued') throw new Error(`ticket ${job!.data.ticketId} not sent yet: ${outcome.error}`);
    return outcome;
  });
  await boss.work(SUPPORT_QUEUES.sweep, { pollingIntervalSeconds: options.pollingIntervalSeconds }, async () => {
    for (const id of await listQueuedTicketIds(deps.db, new Date(Date.now() - SWEEP_MIN_AGE_MS))) await schedule(id);
  });
  await boss.schedule(SUPPORT_QUEUES.sweep, SWEEP_CRON);
  return schedule;
}
