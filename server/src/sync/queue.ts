import { PgBoss, fromPglite } from 'pg-boss';
import type { DatabaseHandle } from '../db/client.js';
import { PlatformError } from '../connectors/platform-error.js';
import { connectionsMissingHistory, runBackfill, runRefresh, type BackfillResult, type JobDeps, type JobKind } from './backfill.job.js';
import { runCalculate } from './calculate.job.js';
import { listActiveConnectionIds, listOverdueConnectionIds } from './sync.sql.js';
import { QuotaLedger, type QuotaClass } from './quota-ledger.js';
import { brandOfConnection } from './quota-fairness.sql.js';

// Jobs on a PostgreSQL queue (pg-boss): in-process on PGlite, shared by every worker on a server.
export const QUEUES = { backfill: 'sync-backfill', backfillHistory: 'sync-backfill-history', refresh: 'sync-refresh', refreshAll: 'sync-refresh-all', calculate: 'sync-calculate' } as const;
// Every 3 hours (spec: "Data syncs every 3 hours"); the cron job only enqueues, one refresh per connection.
export const REFRESH_CRON = '0 */3 * * *';
/** The cron's cadence: a connection whose last sync is older than this has missed a tick (the process was stopped). */
export const REFRESH_EVERY_MS = 3 * 3_600_000;

/**
 * A job that found its connection held by another job runs again after this long: a refresh minutes later (a
 * backfill can run for a while, and writes most of those days itself), a backfill seconds later (what holds it
 * is a refresh, which is short, or the recent pass handing over to the history pass).
 */
export const BUSY_RETRY_SECONDS: Record<JobKind, number> = { backfill: 30, refresh: 600 };

/** Waits longer than this are not slept through by a worker, nor left to the queue's own retry schedule. */
export const LONG_WAIT_MS = 5 * 60_000;

/**
 * Runs a sync job; when the platform asks for a long pause (an hourly or daily quota used up, paced or
 * refused), the job is sent again to start after that pause and this run ends quietly. Left to pg-boss's
 * retries (30 s doubling, 5 times) an hour's wait would use them all up and the job would die.
 */
export async function deferOnLongWait<T>(
  run: () => Promise<T>,
  resend: (startAfterSeconds: number) => Promise<unknown>,
  onDeferred?: (waitMs: number, error: PlatformError) => void,
): Promise<T | { deferredMs: number }> {
  try {
    return await run();
  } catch (e) {
    const wait = e instanceof PlatformError && e.retryable ? (e.details.retryAfterMs ?? 0) : 0;
    if (wait <= LONG_WAIT_MS) throw e;
    await resend(Math.ceil(wait / 1000));
    onDeferred?.(wait, e as PlatformError);
    return { deferredMs: wait };
  }
}

/** Workers send a heartbeat on every running sync job at half this interval; a job without one this long has lost its worker. */
export const JOB_HEARTBEAT_SECONDS = 10;
/** How often a process looks for jobs whose worker stopped heartbeating (a crashed process of a fleet). */
const ORPHAN_CHECK_MS = 3_000;
const SYNC_QUEUES = [QUEUES.backfill, QUEUES.backfillHistory, QUEUES.refresh, QUEUES.calculate];

/**
 * Sends again, to start now, every active sync job whose worker is gone: the old job is cancelled and the same
 * job (same data, same singleton key) is queued. Left alone, pg-boss would wait for the job's expiry (an hour)
 * or, with heartbeats, fail it into its retry backoff. `staleSeconds` 0 takes every active job: used at start
 * on PGlite, where no other process can hold the data directory, so any active job is a dead process's.
 * A resent backfill starts at its first missing window (the committed windows are checkpointed).
 */
export async function releaseOrphanedJobs(boss: PgBoss, staleSeconds: number): Promise<Array<{ name: string; id: string }>> {
  const { rows } = await boss.getDb().executeSql(
    `select id, name, data, singleton_key, group_id from pgboss.job
      where name = any($1::text[]) and state = 'active'
        and coalesce(heartbeat_on, started_on) <= now() - make_interval(secs => $2)`,
    [SYNC_QUEUES, staleSeconds],
  );
  const released: Array<{ name: string; id: string }> = [];
  for (const row of rows as Array<{ id: string; name: string; data: object; singleton_key: string | null; group_id: string | null }>) {
    await boss.cancel(row.name, row.id);
    await boss.send(row.name, row.data, { ...(row.singleton_key ? { singletonKey: row.singleton_key } : {}), ...(row.group_id ? { group: { id: row.group_id } } : {}) });
    released.push({ name: row.name, id: row.id });
  }
  return released;
}

/**
 * What a sync job of each queue may spend of the platforms' shared budgets (decision 022): a connection's newest
 * 60 days first, then stale refreshes, then history.
 */
export const QUOTA_CLASS: Record<string, QuotaClass> = { [QUEUES.backfill]: 'recent', [QUEUES.refresh]: 'refresh', [QUEUES.backfillHistory]: 'history' };

/**
 * How a sync job is sent: one queued per connection (singletonKey) and grouped by its brand, so that no brand
 * runs more than `SYNC_JOBS_PER_BRAND` jobs of a kind at once across the fleet (the queue's groupConcurrency),
 * and round-robin between brands: a job's priority is minus the brand's jobs already waiting in the queue, so
 * every brand's first job comes before any brand's second (pg-boss takes the highest priority, then the oldest).
 */
export function syncJobOptions(connectionId: string, brandId: string | null, waitingOfBrand: number, startAfter?: number) {
  return {
    singletonKey: connectionId,
    priority: -waitingOfBrand,
    ...(brandId ? { group: { id: brandId } } : {}),
    ...(startAfter === undefined ? {} : { startAfter }),
  };
}

/** A brand's jobs waiting in a queue (not yet running), for its next job's place in the round-robin. */
async function waitingOfBrand(boss: PgBoss, queue: string, brandId: string | null): Promise<number> {
  if (!brandId) return 0;
  const { rows } = await boss.getDb().executeSql(`select count(*)::int as n from pgboss.job where name = $1 and group_id = $2 and state in ('created', 'retry')`, [queue, brandId]);
  return (rows as Array<{ n: number }>)[0]?.n ?? 0;
}

/** How a process works a sync queue: `perProcess` jobs at once here, `perBrand` of one brand at once fleet-wide. */
export function syncWorkOptions(pollingIntervalSeconds: number, perProcess: number, perBrand: number) {
  return { pollingIntervalSeconds, localConcurrency: perProcess, groupConcurrency: perBrand };
}

export interface SyncQueue {
  enqueueBackfill(connectionId: string): Promise<string | null>;
  /** backfill every active connection (of a brand) with days of its two-year span missing: new ones, and any a restart, an expired token or failures interrupted */
  backfillPending(brandId?: string): Promise<number>;
  /** refresh every active connection whose last sync is older than the refresh cadence (after a stop) */
  refreshOverdue(): Promise<number>;
  enqueueRefresh(connectionId: string): Promise<string | null>;
  boss: PgBoss;
  stop(): Promise<void>;
}

export async function startSyncQueue(database: DatabaseHandle, deps: JobDeps, options: { work?: boolean; pollingIntervalSeconds?: number } = {}): Promise<SyncQueue> {
  const conn = database.queueConnection;
  const work = options.work !== false;
  // A process that only queues (PARALLELS_ROLE=api) runs no cron and no maintenance either: the workers do.
  const roleOptions = work ? {} : { schedule: false, supervise: false };
  const boss = conn.kind === 'pglite' ? new PgBoss({ db: fromPglite(conn.client), backend: 'pglite', ...roleOptions }) : new PgBoss({ connectionString: conn.url, ...roleOptions });
  boss.on('error', (err) => deps.log.error({ err }, 'job queue error'));
  await boss.start();
  // stately: at most one queued and one running job per connection (singletonKey), so a 3-hourly enqueue
  // never piles up and two syncs of one connection never overlap (checklist G6).
  const jobOptions = { policy: 'stately' as const, retryLimit: 5, retryDelay: 30, retryBackoff: true, retryDelayMax: 1800, expireInSeconds: 3600, heartbeatSeconds: JOB_HEARTBEAT_SECONDS };
  await boss.createQueue(QUEUES.backfill, jobOptions);
  await boss.createQueue(QUEUES.backfillHistory, jobOptions);
  await boss.createQueue(QUEUES.refresh, jobOptions);
  await boss.createQueue(QUEUES.refreshAll, { policy: 'singleton' });
  await boss.createQueue(QUEUES.calculate, { ...jobOptions, retryLimit: 3 });
  // queues created before heartbeats existed keep their options otherwise
  for (const name of SYNC_QUEUES) await boss.updateQueue(name, { heartbeatSeconds: JOB_HEARTBEAT_SECONDS });
  // A process killed mid-job left its jobs active: on PGlite (one process) they are released before this
  // process starts working; on a server, another live process may own active jobs, so only the ones whose
  // heartbeat stopped are, checked every few seconds for as long as this process runs.
  const released = work && conn.kind === 'pglite' ? await releaseOrphanedJobs(boss, 0) : [];
  if (released.length > 0) deps.log.warn({ jobs: released }, 'sync jobs of a stopped process sent again');
  let orphanCheck: NodeJS.Timeout | undefined;
  if (work && conn.kind !== 'pglite') {
    orphanCheck = setInterval(() => {
      releaseOrphanedJobs(boss, JOB_HEARTBEAT_SECONDS)
        .then((jobs) => jobs.length > 0 && deps.log.warn({ jobs }, 'sync jobs of a stopped worker sent again'))
        .catch((err: unknown) => deps.log.warn({ err }, 'looking for orphaned sync jobs failed'));
    }, ORPHAN_CHECK_MS);
    orphanCheck.unref();
  }
  // A finished sync asks for its brand's summary; stately keeps one pending calculation per brand.
  const jobDeps: JobDeps = { ...deps, onSynced: (brandId) => boss.send(QUEUES.calculate, { brandId }, { singletonKey: brandId }) };
  // Every platform call of a sync job reserves its cost in the fleet's quota ledger first (decision 022).
  const ledger = new QuotaLedger(deps.db);
  const depsFor = (queue: string): JobDeps => ({ ...jobDeps, quota: ledger.gate(QUOTA_CLASS[queue]!) });

  const sendSync = async (queue: string, connectionId: string, startAfter?: number) => {
    const brandId = await brandOfConnection(deps.db, connectionId);
    return boss.send(queue, { connectionId }, syncJobOptions(connectionId, brandId, await waitingOfBrand(boss, queue, brandId), startAfter));
  };
  const enqueueBackfill = (connectionId: string) => sendSync(QUEUES.backfill, connectionId);
  const backfillPending = async (brandId?: string) => {
    const ids = await connectionsMissingHistory(deps, brandId);
    for (const id of ids) await enqueueBackfill(id);
    return ids.length;
  };

  // After a stop longer than the cadence, the connections that missed their refresh sync now, not at the next
  // tick (up to 3 hours later): figures stay fresh, and the stale-sync alert has nothing to say after a restart.
  const refreshOverdue = async () => {
    const ids = await listOverdueConnectionIds(deps.db, new Date((deps.now?.() ?? new Date()).getTime() - REFRESH_EVERY_MS));
    for (const id of ids) await sendSync(QUEUES.refresh, id);
    return ids.length;
  };

  if (work) {
    const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
    // Several connections at once (SYNC_CONCURRENCY workers per queue in this process): a backfill mostly
    // waits on its platform (report runs, bulk exports), so the platforms sync side by side. One connection
    // still never runs two jobs at once: the queues are stately with the connection as singletonKey.
    // Per brand: at most SYNC_JOBS_PER_BRAND of one brand's jobs of a queue run at once, fleet-wide.
    const sync = syncWorkOptions(pollingIntervalSeconds, deps.config.syncConcurrency, deps.config.syncJobsPerBrand);
    // Two passes: every connection's newest 60 days first (sync-backfill), then each one's history, queued
    // when its recent window is in. A connection never has two backfill jobs running at once.
    const later = (queue: string, connectionId: string) => ({
      resend: (startAfter: number) => sendSync(queue, connectionId, startAfter),
      onDeferred: (waitMs: number, e: PlatformError) => deps.log.warn({ connectionId, queue, waitMs, reason: e.message }, 'sync job deferred until the platform allows it'),
    });
    const deferred = <T>(queue: string, connectionId: string, run: () => Promise<T>) => {
      const { resend, onDeferred } = later(queue, connectionId);
      return deferOnLongWait(run, resend, onDeferred);
    };
    // A job that finds its connection held by another job (of another queue) is sent again for later.
    const unlessBusy = async (queue: string, connectionId: string, result: BackfillResult) => {
      if (result.outcome === 'busy') await later(queue, connectionId).resend(BUSY_RETRY_SECONDS[queue === QUEUES.refresh ? 'refresh' : 'backfill']);
      return result;
    };
    await boss.work<{ connectionId: string }>(QUEUES.backfill, sync, async ([job]) =>
      deferred(QUEUES.backfill, job!.data.connectionId, async () => {
        const result = await unlessBusy(QUEUES.backfill, job!.data.connectionId, await runBackfill(depsFor(QUEUES.backfill), job!.data.connectionId, 'recent'));
        if (result.outcome === 'done') await sendSync(QUEUES.backfillHistory, job!.data.connectionId);
        return result;
      }),
    );
    await boss.work<{ connectionId: string }>(QUEUES.backfillHistory, sync, async ([job]) =>
      deferred(QUEUES.backfillHistory, job!.data.connectionId, async () => unlessBusy(QUEUES.backfillHistory, job!.data.connectionId, await runBackfill(depsFor(QUEUES.backfillHistory), job!.data.connectionId, 'history'))),
    );
    await boss.work<{ connectionId: string }>(QUEUES.refresh, sync, async ([job]) =>
      deferred(QUEUES.refresh, job!.data.connectionId, async () => {
        const result = await unlessBusy(QUEUES.refresh, job!.data.connectionId, await runRefresh(depsFor(QUEUES.refresh), job!.data.connectionId));
        // history still missing (a backfill stopped by a token, say): fetch it now, not at the next start
        if (result.outcome === 'done' && result.missing) await enqueueBackfill(job!.data.connectionId);
        return result;
      }),
    );
    await boss.work<{ brandId: string }>(QUEUES.calculate, { pollingIntervalSeconds }, async ([job]) => runCalculate(deps, job!.data.brandId));
    await boss.work(QUEUES.refreshAll, { pollingIntervalSeconds }, async () => {
      for (const id of await listActiveConnectionIds(deps.db)) await sendSync(QUEUES.refresh, id);
      await backfillPending();
    });
    await boss.schedule(QUEUES.refreshAll, REFRESH_CRON);
  }

  return {
    boss,
    enqueueBackfill,
    backfillPending,
    refreshOverdue,
    enqueueRefresh: (connectionId) => sendSync(QUEUES.refresh, connectionId),
    stop: async () => {
      clearInterval(orphanCheck);
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
