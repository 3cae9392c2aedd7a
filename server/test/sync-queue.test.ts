import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { loadTokenKeyring } from '../src/lib/token-keyring.js';
import { seedDemo } from '../src/sandbox/demo.js';
import { createListeningApp } from './browser.js';
import { DB_KINDS, type TestApp } from './test-app.js';

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('timed out waiting');
}

describe.each(DB_KINDS)('the sync queue on %s', (kind) => {
  let t: TestApp & { origin: string };
  const published: Array<{ type: string; data?: unknown }> = [];

  beforeAll(async () => {
    t = await createListeningApp(kind, { SYNC_HISTORY_DAYS: '70' }, { sync: true });
    const original = t.app.realtime.publish;
    t.app.realtime.publish = async (target, message) => {
      published.push(message);
      return original(target, message);
    };
    await seedDemo(t.app, { db: t.database.db, keyring: loadTokenKeyring(t.config) });
  }, 60_000);
  afterAll(async () => t?.close());

  it('backfills every new connection through the real queue, then calculates the brand summary', async () => {
    expect(await t.app.syncQueue!.backfillPending()).toBe(5);
    // enqueueing again while they are queued or running adds nothing (stately, one per connection)
    await t.app.syncQueue!.backfillPending();
    await until(async () => (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from connections where sync_state = 'fresh'`))[0]!.n === 5, 150_000);
    await until(async () => published.some((m) => m.type === 'metrics-calculation-complete'), 30_000);
    // the calculation after the last connection's history says the brand's history is ready (its one notice);
    // those before it, while others still loaded, did not
    const calculated = () => published.filter((m) => m.type === 'metrics-calculation-complete').map((m) => (m.data as { historyReady?: boolean }).historyReady);
    await until(async () => calculated().includes(true), 30_000);
    expect(calculated().at(-1)).toBe(true);
    // every source's facts landed over the synced days (what the reports read)
    const [facts] = await queryRows<{ orderDays: number; sales: string; metaDays: number; meta: string; sessions: string }>(
      t.database.db,
      sql`select (select count(distinct order_date)::int from store_orders) as "orderDays", (select sum(total_price)::text from store_orders) as sales,
            (select count(distinct date)::int from ad_account_daily where platform = 'meta') as "metaDays", (select sum(spend)::text from ad_account_daily where platform = 'meta') as meta,
            (select sum(sessions)::text from ga4_daily) as sessions`,
    );
    expect(facts!.orderDays).toBeGreaterThanOrEqual(70);
    expect(facts!.metaDays).toBeGreaterThanOrEqual(70);
    expect(Number(facts!.sales)).toBeGreaterThan(0);
    expect(Number(facts!.meta)).toBeGreaterThan(0);
    expect(Number(facts!.sessions)).toBeGreaterThan(0);
    expect(published.filter((m) => m.type === 'backfill-progress').length).toBeGreaterThanOrEqual(10);
    const jobs = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from sync_windows`);
    expect(jobs[0]!.n).toBe(10); // 5 connections x (recent + one older window)
  }, 200_000);
});
