import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { loadTokenKeyring } from '../src/lib/token-keyring.js';
import type { JobDeps } from '../src/sync/backfill.job.js';
import { QUEUES, startSyncQueue, syncWorkOptions, type SyncQueue } from '../src/sync/queue.js';
import { createTestApp, DB_KINDS, type TestApp } from './test-app.js';

// Per-brand fairness (decision 022): a brand with many accounts cannot take every worker. Sync jobs are sent
// grouped by brand and worked with a per-brand limit; here one brand's six backfills are queued before three small
// brands' one each, and three workers take them with one job per brand at a time, every brand's first job first.

const WORKERS = 3;
/** how long each job runs: a worker fetches again after it, so starts come in rounds at least this far apart */
const JOB_MS = 400;
/** starts closer than this came from the same round of fetches */
const SAME_ROUND_MS = 250;

async function addBrand(t: TestApp, name: string, accounts: number): Promise<string[]> {
  const [brand] = await queryRows<{ id: string }>(t.database.db, sql`insert into brands (name) values (${name}) returning id`);
  const ids: string[] = [];
  for (let i = 0; i < accounts; i++) {
    const [c] = await queryRows<{ id: string }>(
      t.database.db,
      sql`insert into connections (brand_id, platform, account_id, account_name) values (${brand!.id}::uuid, 'meta', ${`act_${name}_${i}`}, ${`${name} ${i}`}) returning id`,
    );
    ids.push(c!.id);
  }
  return ids;
}

describe.each(DB_KINDS)('sync jobs shared fairly between brands on %s', (kind) => {
  let t: TestApp;
  let queue: SyncQueue;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const deps: JobDeps = { db: t.database.db, config: t.config, keyring: loadTokenKeyring(t.config), log: t.app.log };
    queue = await startSyncQueue(t.database, deps, { work: false });
  }, 60_000);
  afterAll(async () => {
    await queue?.stop();
    await t?.close();
  });

  it("starts every small brand's backfill before the big brand's second, the first round to three brands", async () => {
    const big = await addBrand(t, 'big', 6);
    const small = [await addBrand(t, 'small-a', 1), await addBrand(t, 'small-b', 1), await addBrand(t, 'small-c', 1)].flat();
    const brandOf = new Map<string, string>([...big.map((id) => [id, 'big'] as const), ...small.map((id, i) => [id, `small-${i}`] as const)]);
    // the big brand's jobs are queued first: first in, first out would run them all before any small brand's
    for (const id of [...big, ...small]) expect(await queue.enqueueBackfill(id)).not.toBeNull();
    // grouped by brand; each brand's n-th waiting job has priority -n (round-robin between brands)
    const jobs = await queryRows<{ group_id: string | null; priority: number }>(t.database.db, sql`select group_id, priority from pgboss.job where name = ${QUEUES.backfill} order by created_on`);
    expect(new Set(jobs.map((j) => j.group_id)).size).toBe(4);
    expect(jobs.map((j) => j.priority)).toEqual([0, -1, -2, -3, -4, -5, 0, 0, 0]);

    const started: string[] = [];
    const startedAt: number[] = [];
    await queue.boss.work<{ connectionId: string }>(QUEUES.backfill, syncWorkOptions(0.5, WORKERS, 1), async ([job]) => {
      started.push(brandOf.get(job!.data.connectionId)!);
      startedAt.push(Date.now());
      await new Promise((r) => setTimeout(r, JOB_MS));
    });
    const end = Date.now() + 60_000;
    while (started.length < big.length + small.length && Date.now() < end) await new Promise((r) => setTimeout(r, 200));
    expect(started).toHaveLength(9);
    // Every small brand's backfill starts no later than the big brand's second, to within one fetch: workers that
    // fetch at the same instant skip each other's locked row, so when one takes the last small brand's job another can
    // take the big brand's second in the same round (seen on PostgreSQL in CI), and either may be recorded first.
    // First in, first out would start the small brands two rounds (at least 2 x JOB_MS) after the big brand's second.
    const secondBig = started.indexOf('big', started.indexOf('big') + 1);
    for (let i = 0; i < small.length; i++) expect(startedAt[started.indexOf(`small-${i}`)]! - startedAt[secondBig]!).toBeLessThan(SAME_ROUND_MS);
    // the first round goes to three brands, not to the brand that queued first. (Not asserted: that one brand never
    // runs two at once. pg-boss checks a group's running jobs as each fetch starts, so workers fetching at the same
    // instant can each see the brand's slot free, as seen on PostgreSQL: the per-brand limit is soft.)
    expect(new Set(started.slice(0, WORKERS)).size).toBe(WORKERS);
  }, 90_000);
});
