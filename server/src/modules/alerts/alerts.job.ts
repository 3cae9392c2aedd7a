import type { PgBoss } from 'pg-boss';
import { evaluateAllAlerts, type AlertDeps } from './alerts.service.js';

export const ALERT_QUEUE = 'alerts-evaluate';
// Every 5 minutes: a connection's state changes any time; rules read figures that change after each sync.
const ALERT_CRON = '*/5 * * * *';

/** The alerts' cron job on the sync queue's pg-boss: one run at a time (singleton), every brand in turn. */
export async function startAlertJobs(boss: PgBoss, deps: AlertDeps, log: { warn(obj: object, msg: string): void }, options: { pollingIntervalSeconds: number }): Promise<() => Promise<number>> {
  await boss.createQueue(ALERT_QUEUE, { policy: 'singleton' });
  const run = () => evaluateAllAlerts(deps, (brandId, err) => log.warn({ brandId, err }, 'alerts of a brand not evaluated'));
  await boss.work(ALERT_QUEUE, { pollingIntervalSeconds: options.pollingIntervalSeconds }, async () => ({ changed: await run() }));
  await boss.schedule(ALERT_QUEUE, ALERT_CRON);
  return run;
}
