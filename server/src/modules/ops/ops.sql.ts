import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.js';
import { jobTableExists } from '../../db/job-queue.sql.js';

/** One round trip to the database: throws when it does not answer. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

/** Whether the job queue's tables (pg-boss's own schema, created by the first worker) exist; throws when they do not answer. */
export async function queueTablesAnswer(db: Database): Promise<boolean> {
  if (!(await jobTableExists(db))) return false;
  await db.execute(sql`select 1 from pgboss.job limit 1`);
  return true;
}

export interface QueueStat {
  kind: string;
  /** waiting and due: what a worker would take next */
  ready: number;
  /** waiting for a later start (a deferred retry, a quota wait) */
  deferred: number;
  active: number;
  /** seconds the oldest due job has waited, 0 when none */
  oldestReadySeconds: number;
}

/** The job queue by kind (pg-boss queue name); none when no worker has created the queue's tables yet. */
export async function queueStats(db: Database): Promise<QueueStat[]> {
  if (!(await queueTablesAnswer(db))) return [];
  const rows = await queryRows<{ kind: string; ready: string | number; deferred: string | number; active: string | number; oldest: string | number | null }>(
    db,
    sql`select q.name as kind,
               count(j.id) filter (where j.state in ('created', 'retry') and j.start_after <= now()) as ready,
               count(j.id) filter (where j.state in ('created', 'retry') and j.start_after > now()) as deferred,
               count(j.id) filter (where j.state = 'active') as active,
               extract(epoch from now() - min(j.start_after) filter (where j.state in ('created', 'retry') and j.start_after <= now())) as oldest
          from pgboss.queue q left join pgboss.job j on j.name = q.name and j.state in ('created', 'retry', 'active')
         group by q.name order by q.name`,
  );
  return rows.map((r) => ({ kind: r.kind, ready: Number(r.ready), deferred: Number(r.deferred), active: Number(r.active), oldestReadySeconds: r.oldest === null ? 0 : Number(r.oldest) }));
}

export interface SyncLag {
  connectionId: string;
  brandId: string;
  platform: string;
  /** seconds since the connection's last successful sync; null when it never synced */
  lagSeconds: number | null;
}

/** Every active connection's time since its last sync. */
export async function syncLags(db: Database): Promise<SyncLag[]> {
  const rows = await queryRows<{ id: string; brand_id: string; platform: string; lag: string | number | null }>(
    db,
    sql`select id, brand_id, platform, extract(epoch from now() - last_synced_at) as lag from connections where status = 'active'`,
  );
  return rows.map((r) => ({ connectionId: r.id, brandId: r.brand_id, platform: r.platform, lagSeconds: r.lag === null ? null : Number(r.lag) }));
}
