import type { PgBoss } from 'pg-boss';
import { deliverEmail, requeueLostDeliveries, scheduleDigests, type EmailDeps } from './email-reports.service.js';

export const EMAIL_QUEUES = { send: 'email-send', schedule: 'email-schedule' } as const;
// Every 5 minutes: a brand's 07:00 comes in any timezone's quarter hour (India is UTC+5:30, Nepal +5:45).
const SCHEDULE_CRON = '*/5 * * * *';
const RETRY_DELAY_SECONDS = 60;

export interface EmailJobs {
  /** sends a delivery (by its id) through the queue; one job per delivery at a time */
  enqueue(deliveryId: string): Promise<unknown>;
  /** the schedule now: what is due (or with anyHour, every digest turned on, whatever the hour), enqueued */
  runSchedule(options?: { anyHour?: boolean; userId?: string }): Promise<number>;
}

/**
 * Email on the sync queue's pg-boss (decision 004): a cron job that only finds due digests and enqueues them,
 * and a send job per delivery (singletonKey: the delivery), retried with backoff while the SMTP server fails
 * (1 minute doubling, at most an hour apart). The delivery row, not the job, says whether it was sent.
 */
export async function startEmailJobs(boss: PgBoss, deps: EmailDeps, options: { pollingIntervalSeconds: number; work?: boolean }): Promise<EmailJobs> {
  await boss.createQueue(EMAIL_QUEUES.send, { policy: 'stately', retryLimit: 5, retryDelay: RETRY_DELAY_SECONDS, retryBackoff: true, retryDelayMax: 3600 });
  await boss.createQueue(EMAIL_QUEUES.schedule, { policy: 'singleton' });
  const enqueue = (deliveryId: string) => boss.send(EMAIL_QUEUES.send, { deliveryId }, { singletonKey: deliveryId });
  const runSchedule: EmailJobs['runSchedule'] = (o = {}) => scheduleDigests(deps, enqueue, o);
  // an API process (PARALLELS_ROLE=api) only queues deliveries: the workers send them
  if (options.work === false) return { enqueue, runSchedule };
  await boss.work<{ deliveryId: string }>(EMAIL_QUEUES.send, { pollingIntervalSeconds: options.pollingIntervalSeconds }, async ([job]) => {
    const outcome = await deliverEmail(deps, job!.data.deliveryId);
    // not sent yet: pg-boss retries it with backoff (the attempt and its error are on the delivery's row)
    if (outcome.status === 'retry') throw new Error(`email ${job!.data.deliveryId} not sent yet: ${outcome.error}`);
    return outcome;
  });
  await boss.work(EMAIL_QUEUES.schedule, { pollingIntervalSeconds: options.pollingIntervalSeconds }, async () => {
    const queued = await scheduleDigests(deps, enqueue);
    const requeued = await requeueLostDeliveries(deps, enqueue);
    return { queued, requeued };
  });
  // Without an SMTP server nothing is scheduled: no delivery rows pile up waiting for one.
  if (deps.mailer) await boss.schedule(EMAIL_QUEUES.schedule, SCHEDULE_CRON);
  else await boss.unschedule(EMAIL_QUEUES.schedule);
  return { enqueue, runSchedule };
}
