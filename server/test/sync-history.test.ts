import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { loadTokenKeyring } from '../src/lib/token-keyring.js';
import { DEMO_USER, seedDemo } from '../src/sandbox/demo.js';
import { insertBrand } from '../src/modules/brands/brands.sql.js';
import { connectionsMissingHistory, runBackfill, runRefresh, type JobDeps } from '../src/sync/backfill.job.js';
import { rollUpAdAccountDays } from '../src/sync/facts-writer.sql.js';
import { QUEUES } from '../src/sync/queue.js';
import { ConnectionLocks, connectionLocks } from '../src/sync/connection-lock.sql.js';
import { yesterdayIn } from '@parallels/contract/days';
import { backfillWindows } from '../src/sync/windows.js';
import { Browser, createListeningApp } from './browser.js';
import { DB_KINDS, type TestApp } from './test-app.js';

// Four windows: the recent 60 days and three more, so a token can expire with history half fetched.
const HISTORY_DAYS = 250;

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('timed out waiting');
}

describe.each(DB_KINDS)('history that always comes back, and one job per connection, on %s', (kind) => {
  let t: TestApp & { origin: string };
  let deps: JobDeps;
  let brandId: string;
  let meta: { id: string; account_id: string };
  let windows: Array<{ from: string; to: string }>;

  const admin = (platform: string, path: string, body: unknown, method = 'PUT') =>
    fetch(`${t.origin}/sandbox/${platform}/__admin/${path}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const windowsOf = async (connectionId: string, stream = 'backfill') =>
    (await queryRows<{ from: string; to: string }>(t.database.db, sql`select window_from::text as "from", window_to::text as "to" from sync_windows where connection_id = ${connectionId} and stream = ${stream} order by window_from desc`));
  const stateOf = async (connectionId: string) =>
    (await queryRows<{ status: string; sync_state: string; last_error: string | null; sync_job: string | null }>(t.database.db, sql`select status, sync_state, last_error, sync_job from connections where id = ${connectionId}`))[0]!;

  beforeAll(async () => {
    t = await createListeningApp(kind, { SYNC_HISTORY_DAYS: String(HISTORY_DAYS) }, { sync: true });
    const keyring = loadTokenKeyring(t.config);
    await seedDemo(t.app, { db: t.database.db, keyring });
    deps = { db: t.database.db, config: t.config, keyring, log: t.app.log, historyDays: HISTORY_DAYS, retry: { sleep: async () => undefined } };
    meta = (await queryRows<{ id: string; account_id: string }>(t.database.db, sql`select id, account_id from connections where platform = 'meta' order by account_id limit 1`))[0]!;
    brandId = (await queryRows<{ brand_id: string }>(t.database.db, sql`select brand_id from connections limit 1`))[0]!.brand_id;
    windows = backfillWindows(yesterdayIn('Asia/Kolkata'), HISTORY_DAYS);
  }, 120_000);
  afterAll(async () => t?.close());

  it('a token that expires mid-history, then a refresh, then a reconnect: every window of the span comes back', async () => {
    expect(windows).toHaveLength(4);
    expect(await connectionsMissingHistory(deps, brandId)).toHaveLength(5); // nothing synced yet
    // Meta rejects the token as the backfill starts its third window (the windows before it may be in or not:
    // the pulls run ahead of the writes)
    const expiring: JobDeps = {
      ...deps,
      tracePull: async (window, pull) => {
        if (window.from === windows[2]!.from) await admin('meta', 'faults', { key: '*', plan: { tokenExpired: true } });
        return pull();
      },
    };
    try {
      expect(await runBackfill(expiring, meta.id)).toMatchObject({ outcome: 'reauth_required' });
    } finally {
      await fetch(`${t.origin}/sandbox/meta/__admin/faults`, { method: 'DELETE' });
    }
    const fetched = await windowsOf(meta.id);
    expect(fetched.length).toBeLessThan(2 + 1);
    expect(windows.slice(0, fetched.length)).toEqual(fetched);
    expect(await stateOf(meta.id)).toMatchObject({ status: 'reauth_required', sync_state: 'failing', sync_job: null });
    expect(await connectionsMissingHistory(deps, brandId)).not.toContain(meta.id); // not active: nothing to sync with

    // A refresh reads the recent days, but the connection is not called fresh while its history has gaps.
    const refreshed = await runRefresh(deps, meta.id);
    expect(refreshed).toMatchObject({ outcome: 'done', missing: windows.length - fetched.length });
    expect((await stateOf(meta.id)).sync_state).toBe('backfilling');

    // The user reconnects Facebook with the grant the demo user holds: the history is queued and fetched (the
    // brand's other accounts are set aside, so only this one has history to fetch).
    await t.database.db.execute(sql`update connections set status = 'error' where platform <> 'meta'`);
    await t.database.db.execute(sql`delete from connections where platform = 'meta' and id <> ${meta.id}`);
    const browser = new Browser(t.origin);
    expect((await browser.post('/api/auth/login/normal', { email: DEMO_USER.email, password: DEMO_USER.password })).status).toBe(200);
    const [grant] = await queryRows<{ grant_id: string }>(t.database.db, sql`select grant_id from connections where id = ${meta.id}`);
    const reconnect = await browser.request('PUT', `/api/auth/updateTokens/fbToken?brandId=${brandId}&fbToken=${grant!.grant_id}`);
    expect(reconnect.json()).toEqual({ success: true });
    await until(async () => (await stateOf(meta.id)).sync_state === 'fresh', 120_000);
    expect(await windowsOf(meta.id)).toEqual(windows);
    expect(await stateOf(meta.id)).toMatchObject({ status: 'active', last_error: null, sync_job: null });
    const [facts] = await queryRows<{ days: number }>(t.database.db, sql`select count(distinct date)::int as days from meta_ad_daily where account_id = ${meta.account_id} and level = 'campaign' and date between ${windows[3]!.from} and ${windows[2]!.to}`);
    expect(facts!.days).toBeGreaterThan(0);
    expect(await connectionsMissingHistory(deps, brandId)).toEqual([]);
    await t.database.db.execute(sql`update connections set status = 'active' where id <> ${meta.id}`);
  }, 200_000);

  it('two jobs of one connection started together: one writes, the other stands aside, and nothing fails', async () => {
    const ga4 = (await queryRows<{ id: string }>(t.database.db, sql`select id from connections where platform = 'ga4'`))[0]!;
    const [backfill, refresh] = await Promise.all([runBackfill(deps, ga4.id), runRefresh(deps, ga4.id)]);
    expect([backfill.outcome, refresh.outcome].sort()).toEqual(['busy', 'done']);
    expect(backfill.outcome === 'busy' ? backfill.busyWith : refresh.busyWith).toBe(backfill.outcome === 'busy' ? 'refresh' : 'backfill');
    expect((await stateOf(ga4.id)).sync_job).toBeNull();

    // Through the queues: a backfill, its history and a refresh of one connection sent at once. None fails
    // on another's writes; a job that found the connection held stood aside and was sent again for later.
    const shop = (await queryRows<{ id: string }>(t.database.db, sql`select id from connections where platform = 'shopify'`))[0]!;
    await Promise.all([
      t.app.syncQueue!.enqueueBackfill(shop.id),
      t.app.syncQueue!.boss.send(QUEUES.backfillHistory, { connectionId: shop.id }, { singletonKey: shop.id }),
      t.app.syncQueue!.enqueueRefresh(shop.id),
    ]);
    const jobs = () =>
      queryRows<{ name: string; state: string; outcome: string | null; later: boolean }>(
        t.database.db,
        sql`select name, state, output->>'outcome' as outcome, start_after > now() + interval '1 minute' as later from pgboss.job where data->>'connectionId' = ${shop.id}`,
      );
    await until(async () => (await windowsOf(shop.id)).length === windows.length && (await jobs()).every((j) => j.state === 'completed' || (j.state === 'created' && j.later)), 240_000).catch(async (e: unknown) => {
      console.log(JSON.stringify(await jobs()), JSON.stringify(await windowsOf(shop.id)), JSON.stringify(await stateOf(shop.id)));
      throw e;
    });
    expect(await windowsOf(shop.id)).toEqual(windows);
    const all = await jobs();
    expect(all.filter((j) => j.state === 'failed' || j.state === 'retry')).toEqual([]);
    expect(all.filter((j) => j.state === 'completed').every((j) => j.outcome === 'done' || j.outcome === 'busy')).toBe(true);
    expect(all.some((j) => j.outcome === 'busy')).toBe(true); // started together: someone had to wait
    // a refresh that stood aside behind the backfill runs again later
    if (all.some((j) => j.name === QUEUES.refresh && j.outcome === 'busy')) expect(all.some((j) => j.name === QUEUES.refresh && j.state === 'created' && j.later)).toBe(true);
    expect(await stateOf(shop.id)).toMatchObject({ last_error: null, sync_job: null, sync_state: 'fresh' });
  }, 320_000);

  it('the account rollup is idempotent: a day rolled up again replaces its totals instead of failing on the key', async () => {
    const sums = async () =>
      (await queryRows<{ rollup: string; facts: string }>(t.database.db, sql`select
        (select coalesce(sum(spend), 0)::numeric(16,2)::text from ad_account_daily where account_id = ${meta.account_id} and date between ${windows[0]!.from} and ${windows[0]!.to}) as rollup,
        (select coalesce(sum(spend), 0)::numeric(16,2)::text from meta_ad_daily where account_id = ${meta.account_id} and level = 'campaign' and date between ${windows[0]!.from} and ${windows[0]!.to}) as facts`))[0]!;
    const before = await sums();
    expect(Number(before.facts)).toBeGreaterThan(0);
    for (let i = 0; i < 2; i++) await t.database.db.transaction((tx) => rollUpAdAccountDays(tx, brandId, 'meta', meta.account_id, windows[0]!));
    expect(await sums()).toEqual({ rollup: before.facts, facts: before.facts });
  });

  it('a connection held by a job is refused to any other, in this process and (PostgreSQL) in another', async () => {
    const ga4 = (await queryRows<{ id: string }>(t.database.db, sql`select id from connections where platform = 'ga4'`))[0]!;
    const locks = connectionLocks(t.database.db);
    expect(await locks.tryLock(ga4.id, 'backfill:one')).toEqual({ locked: true });
    expect((await stateOf(ga4.id)).sync_job).toBe('backfill:one');
    expect(await locks.tryLock(ga4.id, 'refresh:two')).toEqual({ locked: false, holder: 'backfill:one' });
    expect(await runRefresh(deps, ga4.id)).toMatchObject({ outcome: 'busy', busyWith: 'backfill' });
    if (kind === 'postgres') {
      // another process's locks: its own session of the pool, so the advisory lock is what refuses it
      const other = new ConnectionLocks(t.database.db);
      expect(await other.tryLock(ga4.id, 'refresh:three')).toEqual({ locked: false, holder: 'backfill:one' });
      await locks.unlock(ga4.id, 'backfill:one');
      expect(await other.tryLock(ga4.id, 'refresh:three')).toEqual({ locked: true });
      await other.unlock(ga4.id, 'refresh:three');
    } else {
      await locks.unlock(ga4.id, 'refresh:two'); // not the holder: changes nothing
      expect((await stateOf(ga4.id)).sync_job).toBe('backfill:one');
      await locks.unlock(ga4.id, 'backfill:one');
    }
    expect((await stateOf(ga4.id)).sync_job).toBeNull();
    expect(await runRefresh(deps, ga4.id)).toMatchObject({ outcome: 'done' });
  });

  it('jobs of one process lock and unlock their connections at once: the session runs one query at a time', async () => {
    // a brand of its own, whose connections no job of the running queue touches (no grant: nothing is queued)
    const userId = (await queryRows<{ created_by: string }>(t.database.db, sql`select created_by from brands where id = ${brandId}`))[0]!.created_by;
    const lockBrand = await insertBrand(t.database.db, {
      name: 'Locks', currency: 'INR', timezone: 'Asia/Kolkata', userId,
      connections: Array.from({ length: 6 }, (_, i) => ({ platform: 'meta' as const, accountId: `act_90000000000000${i}`, accountName: `Locks ${i}`, managerId: null, grantId: null })),
    });
    const ids = (await queryRows<{ id: string }>(t.database.db, sql`select id from connections where brand_id = ${lockBrand}`)).map((c) => c.id);
    expect(ids).toHaveLength(6);
    // a query sent to a client still running another: pg queues it today (with a deprecation warning) and stops in pg 9
    const running = new WeakMap<object, number>();
    let overlapped = 0;
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const n = (running.get(this) ?? 0) + 1;
      running.set(this, n);
      if (n > 1) overlapped++;
      const result = (query as (...a: unknown[]) => unknown).apply(this, args);
      const done = () => running.set(this, (running.get(this) ?? 1) - 1);
      if (result instanceof Promise) result.then(done, done);
      else done();
      return result;
    } as typeof query;
    try {
      const locks = new ConnectionLocks(t.database.db);
      expect(await Promise.all(ids.map((id, i) => locks.tryLock(id, `backfill:${i}`)))).toEqual(ids.map(() => ({ locked: true })));
      expect((await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from connections where brand_id = ${lockBrand} and sync_job like 'backfill:%'`))[0]!.n).toBe(ids.length);
      await Promise.all(ids.map((id, i) => locks.unlock(id, `backfill:${i}`)));
      expect((await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from connections where brand_id = ${lockBrand} and sync_job is not null`))[0]!.n).toBe(0);
      // and the advisory locks are gone: another process's session takes every connection
      const other = new ConnectionLocks(t.database.db);
      expect(await Promise.all(ids.map((id) => other.tryLock(id, 'refresh:other')))).toEqual(ids.map(() => ({ locked: true })));
      await Promise.all(ids.map((id) => other.unlock(id, 'refresh:other')));
    } finally {
      pg.Client.prototype.query = query;
    }
    expect(overlapped).toBe(0);
  });
});
