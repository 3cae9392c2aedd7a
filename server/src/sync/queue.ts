import { PgBoss, fromPglite } from 'pg-boss';
import type { DatabaseHandle } from '../db/client.js';
import { runBackfill, runRefresh, type JobDeps } from './backfill.job.js';
import { runCalculate } from './calculate.job.js';
import { listActiveConnectionIds, listConnectionsToBackfill } from './sync.sql.js';

// Jobs on a PostgreSQL queue (pg-boss): in-process on PGlite, shared by every worker on a server.
export const QUEUES = { backfill: 'sync-backfill', backfillHistory: 'sync-backfill-history', refresh: 'sync-refresh', refreshAll: 'sync-refresh-all', calculate: 'sync-calculate' } as const;
// Every 3 hours (spec: "Data syncs every 3 hours"); the cron job only enqueues, one refresh per connection.
export const REFRESH_CRON = '0 */3 * * *';

export interface SyncQueue {
  enqueueBackfill(connectionId: string): Promise<string | null>;
  /** backfill every connection (of a brand) that is not fresh: new ones, and any a restart interrupted */
  backfillPending(brandId?: string): Promise<number>;
  enqueueRefresh(connectionId: string): Promise<string | null>;
  boss: PgBoss;
  stop(): Promise<void>;
}

export async function startSyncQueue(database: DatabaseHandle, deps: JobDeps, options: { work?: boolean; pollingIntervalSeconds?: number } = {}): Promise<SyncQueue> {
  const conn = database.queueConnection;
  const boss = conn.kind === 'pglite' ? new PgBoss({ db: fromPglite(conn.client), backend: 'pglite' }) : new PgBoss({ connectionString: conn.url });
  boss.on('error', (err) => deps.log.error({ err }, 'job queue error'));
  await boss.start();
  // stately: at most one queued and one running job per connection (singletonKey), so a 3-hourly enqueue
  // never piles up and two syncs of one connection never overlap (checklist G6).
  const jobOptions = { policy: 'stately' as const, retryLimit: 5, retryDelay: 30, retryBackoff: true, retryDelayMax: 1800, expireInSeconds: 3600 };
  await boss.createQueue(QUEUES.backfill, jobOptions);
  await boss.createQueue(QUEUES.backfillHistory, jobOptions);
  await boss.createQueue(QUEUES.refresh, jobOptions);
  await boss.createQueue(QUEUES.refreshAll, { policy: 'singleton' });
  await boss.createQueue(QUEUES.calculate, { ...jobOptions, retryLimit: 3 });
  // A finished sync asks for its brand's summary; stately keeps one pending calculation per brand.
  const jobDeps: JobDeps = { ...deps, onSynced: (brandId) => boss.send(QUEUES.calculate, { brandId }, { singletonKey: brandId }) };

  if (options.work !== false) {
    const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
    // Two passes: every connection's newest 60 days first (sync-backfill), then each one's history, queued
    // when its recent window is in. A connection never has two backfill jobs running at once.
    await boss.work<{ connectionId: string }>(QUEUES.backfill, { pollingIntervalSeconds }, async ([job]) => {
      const result = await runBackfill(jobDeps, job!.data.connectionId, 'recent');
      if (result.outcome === 'done') await boss.send(QUEUES.backfillHistory, { connectionId: job!.data.connectionId }, { singletonKey: job!.data.connectionId });
      return result;
    });
    await boss.work<{ connectionId: string }>(QUEUES.backfillHistory, { pollingIntervalSeconds }, async ([job]) => runBackfill(jobDeps, job!.data.connectionId, 'history'));
    await boss.work<{ connectionId: string }>(QUEUES.refresh, { pollingIntervalSeconds }, async ([job]) => runRefresh(jobDeps, job!.data.connectionId));
    await boss.work<{ brandId: string }>(QUEUES.calculate, { pollingIntervalSeconds }, async ([job]) => runCalculate(deps, job!.data.brandId));
    await boss.work(QUEUES.refreshAll, { pollingIntervalSeconds }, async () => {
      for (const id of await listActiveConnectionIds(deps.db)) await boss.send(QUEUES.refresh, { connectionId: id }, { singletonKey: id });
    });
    await boss.schedule(QUEUES.refreshAll, REFRESH_CRON);
  }

  const enqueueBackfill = (connectionId: string) => boss.send(QUEUES.backfill, { connectionId }, { singletonKey: connectionId });
  return {
    boss,
    enqueueBackfill,
    async backfillPending(brandId) {
      const ids = await listConnectionsToBackfill(deps.db, brandId);
      for (const id of ids) await enqueueBackfill(id);
      return ids.length;
    },
    enqueueRefresh: (connectionId) => boss.send(QUEUES.refresh, { connectionId }, { singletonKey: connectionId }),
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
}
