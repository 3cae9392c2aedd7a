import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { rebuildGoogleViewPresets } from '../src/db/google-view-presets.sql.js';
import { loadTokenKeyring } from '../src/lib/token-keyring.js';
import { DEMO_USER, seedDemo } from '../src/sandbox/demo.js';
import { findUserByEmail } from '../src/modules/auth/auth.sql.js';
import { deleteBrand, insertBrand } from '../src/modules/brands/brands.sql.js';
import { QUEUES } from '../src/sync/queue.js';
import { Browser, createListeningApp } from './browser.js';
import { seedMetaWindow } from './reports-seed.js';
import { createTestApp, DB_KINDS, type TestApp } from './test-app.js';

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('timed out waiting');
}

describe.each(DB_KINDS)('deleting a brand on %s', (kind) => {
  let t: TestApp & { origin: string };
  let demoBrand: string;
  let otherBrand: string;

  /** rows naming a brand (brand_id) or one of its connections (connection_id), per table, in every table */
  async function rowsOf(brandId: string, connectionIds: string[]): Promise<Record<string, number>> {
    const columns = await queryRows<{ table_name: string; column_name: string }>(
      t.database.db,
      sql`select table_name, column_name from information_schema.columns where table_schema = 'public' and column_name in ('brand_id', 'connection_id')`,
    );
    const out: Record<string, number> = {};
    for (const c of columns) {
      const ids = c.column_name === 'brand_id' ? [brandId] : connectionIds;
      if (!ids.length) continue;
      const list = sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `);
      const [row] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from ${sql.identifier(c.table_name)} where ${sql.identifier(c.column_name)} in (${list})`);
      if (row!.n > 0) out[`${c.table_name}.${c.column_name}`] = row!.n;
    }
    return out;
  }

  const jobsOf = async (brandId: string, connectionIds: string[]) => {
    let n = 0;
    for (const id of connectionIds) for (const q of [QUEUES.backfill, QUEUES.backfillHistory, QUEUES.refresh]) n += (await t.app.syncQueue!.boss.findJobs(q, { data: { connectionId: id } })).length;
    return n + (await t.app.syncQueue!.boss.findJobs(QUEUES.calculate, { data: { brandId } })).length;
  };

  const connectionsOf = async (brandId: string) => (await queryRows<{ id: string }>(t.database.db, sql`select id from connections where brand_id = ${brandId}`)).map((r) => r.id);

  beforeAll(async () => {
    t = await createListeningApp(kind, { SYNC_HISTORY_DAYS: '8' }, { sync: true });
    await seedDemo(t.app, { db: t.database.db, keyring: loadTokenKeyring(t.config) });
    const demo = await findUserByEmail(t.database.db, DEMO_USER.email);
    demoBrand = (await queryRows<{ brand_id: string }>(t.database.db, sql`select brand_id from user_brands where user_id = ${demo!.id}`))[0]!.brand_id;
    // another brand of the same user with facts of its own, which must survive
    otherBrand = await insertBrand(t.database.db, { name: 'Other', currency: 'INR', timezone: 'Asia/Kolkata', userId: demo!.id, connections: [{ platform: 'meta', accountId: 'act_9', accountName: 'Other ads', managerId: null, grantId: null }] });
    await seedMetaWindow(t.database.db, otherBrand, 'act_9', { from: '2026-06-01', to: '2026-06-03' }, () => [{ campaignId: 'c1', spend: 10, revenue: 30, purchases: 1, clicks: 5, impressions: 100 }]);
  }, 60_000);
  afterAll(async () => t?.close());

  it('removes every row of the brand in every table, and its sync jobs, leaving other brands alone', async () => {
    await t.app.syncQueue!.backfillPending(demoBrand);
    await until(async () => (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from connections where brand_id = ${demoBrand} and sync_state = 'fresh'`))[0]!.n === 5, 150_000);
    const connectionIds = await connectionsOf(demoBrand);
    // a refresh waiting for later, as the 3-hourly schedule leaves them
    for (const id of connectionIds) await t.app.syncQueue!.boss.send(QUEUES.refresh, { connectionId: id }, { singletonKey: id, startAfter: 3600 });

    const before = await rowsOf(demoBrand, connectionIds);
    // the synced brand really has rows all over: orders, ads, GA4, rollups, checkpoints, links
    for (const table of ['connections.brand_id', 'user_brands.brand_id', 'store_orders.brand_id', 'meta_ad_daily.brand_id', 'google_campaign_daily.brand_id', 'ga4_daily.brand_id', 'ad_account_daily.brand_id', 'sync_windows.connection_id']) {
      expect(before[table], table).toBeGreaterThan(0);
    }
    expect(await jobsOf(demoBrand, connectionIds)).toBeGreaterThanOrEqual(connectionIds.length);
    const otherBefore = await rowsOf(otherBrand, await connectionsOf(otherBrand));

    const demo = new Browser(t.origin);
    expect((await demo.post('/api/auth/login/normal', { email: DEMO_USER.email, password: DEMO_USER.password })).status).toBe(200);
    expect((await demo.request('DELETE', `/api/brands/delete/${demoBrand}`)).json()).toEqual({ success: true });

    expect(await rowsOf(demoBrand, connectionIds)).toEqual({});
    expect(await jobsOf(demoBrand, connectionIds)).toBe(0);
    expect((await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from brands where id = ${demoBrand}`))[0]!.n).toBe(0);
    expect(await rowsOf(otherBrand, await connectionsOf(otherBrand))).toEqual(otherBefore);
    expect((await demo.get(`/api/brands/${demoBrand}`)).status).toBe(404);
  }, 240_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('deleting a brand while a sync writes its rows, on postgres', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('postgres');
  }, 60_000);
  afterAll(async () => t?.close());

  it('goes through when the writer locked some rows before the brand (the deadlock PostgreSQL breaks)', async () => {
    const [user] = await queryRows<{ id: string }>(t.database.db, sql`insert into users (email, username, password_hash) values ('deadlock@example.com', 'D', 'x') returning id`);
    const brandId = await insertBrand(t.database.db, { name: 'Doomed', currency: 'USD', timezone: 'UTC', userId: user!.id, connections: [{ platform: 'meta', accountId: 'act_1', accountName: 'Ads', managerId: null, grantId: null }] });
    await seedMetaWindow(t.database.db, brandId, 'act_1', { from: '2026-06-01', to: '2026-06-03' }, () => [{ campaignId: 'c1', spend: 10, revenue: 30, purchases: 1, clicks: 5, impressions: 100 }]);

    // A window's write: it deletes the day's rows (locking them), and only then inserts (its foreign key holds the
    // brand row). The deletion starts in between: it holds the brand row and waits on the locked rows.
    let deletion: Promise<unknown> | undefined;
    const writer = t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`delete from meta_ad_daily where brand_id = ${brandId} and date = '2026-06-02'`);
        deletion = deleteBrand(t.database.db, brandId).then(
          () => 'deleted',
          (e: unknown) => e,
        );
        await new Promise((r) => setTimeout(r, 300));
        await tx.execute(sql`insert into meta_ad_daily (brand_id, account_id, level, entity_id, date, campaign_id, campaign_name, spend, purchase_value)
          values (${brandId}, 'act_1', 'campaign', 'c1', '2026-06-02', 'c1', 'Campaign c1', '11.00', '31.00')`);
      })
      .then(
        () => 'committed',
        () => 'ended by the deadlock',
      );
    expect(['committed', 'ended by the deadlock']).toContain(await writer);
    expect(await deletion).toBe('deleted');
    const [left] = await queryRows<{ brands: number; rows: number }>(t.database.db, sql`select (select count(*)::int from brands where id = ${brandId}) as brands, (select count(*)::int from meta_ad_daily where brand_id = ${brandId}) as rows`);
    expect(left).toEqual({ brands: 0, rows: 0 });
    // the Google Ads summaries' rebuild a sync ends with stops quietly on a brand deleted meanwhile
    expect(await rebuildGoogleViewPresets(t.database.db, brandId, '1111111111', [{ from: '2026-06-01', to: '2026-06-03' }])).toMatchObject({ rows: 0 });
  }, 60_000);
});
