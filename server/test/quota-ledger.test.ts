import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type DatabaseHandle } from '../src/db/client.js';
import { PlatformError } from '../src/connectors/platform-error.js';
import { BUDGETS, metered, type QuotaBudget } from '../src/connectors/quota-gate.js';
import { QuotaLedger, pacificDayStart } from '../src/sync/quota-ledger.js';
import { deferOnLongWait, LONG_WAIT_MS } from '../src/sync/queue.js';
import { pullGoogleAdsWindow } from '../src/connectors/google-ads/google-ads-sync.js';
import { pullGa4Window } from '../src/connectors/ga4/ga4-sync.js';
import { RowSpool } from '../src/lib/row-spool.js';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.js';
import { startEmulatorServer, type EmulatorServer } from './emulator-server.js';
import { DB_KINDS } from './test-app.js';
import { leakyBucket } from './fixtures/leaky-bucket.js';

// The fleet's quota ledger (decision 022): several workers reserve in one PostgreSQL budget row and together never
// pass it. On PostgreSQL each "worker" has its own pool, as separate processes do; PGlite is one process's.

const WORKERS = 3;
/** The workers' clock: noon in Los Angeles, so a daily budget's wait is never the few minutes left before a real Pacific midnight. */
const NOON_PACIFIC = () => new Date('2026-06-15T19:00:00Z');

async function budgetRow(db: DatabaseHandle, budget: QuotaBudget) {
  const [row] = await queryRows<{ used: number; refused: number; capacity: number }>(
    db.db,
    sql`select used, refused::int as refused, capacity from quota_budgets where platform = ${budget.platform} and budget_key = ${budget.key}`,
  );
  return row;
}

function refusal(e: unknown): PlatformError {
  expect(e).toBeInstanceOf(PlatformError);
  const error = e as PlatformError;
  expect(error.kind).toBe('rate_limit');
  expect(error.details.code).toBe('QUOTA_LEDGER');
  return error;
}

describe.each(DB_KINDS)('the quota ledger on %s', (kind) => {
  let scratch: ScratchDatabase;
  let handles: DatabaseHandle[];
  let ledgers: QuotaLedger[];

  beforeAll(async () => {
    scratch = await createScratchDatabase(kind);
    const first = await scratch.open();
    handles = kind === 'postgres' ? [first, ...(await Promise.all(Array.from({ length: WORKERS - 1 }, () => scratch.open())))] : [first];
    ledgers = Array.from({ length: WORKERS }, (_, i) => new QuotaLedger(handles[i % handles.length]!.db, NOON_PACIFIC));
  }, 60_000);
  afterAll(async () => {
    for (const h of handles ?? []) await h.close();
    await scratch?.drop();
  });

  it(`never grants more than the budget to ${WORKERS} workers reserving in parallel`, async () => {
    const budget: QuotaBudget = { platform: 'google_ads', key: 'developer_token:parallel', period: 'pacific_day', capacity: 50, label: 'test operations' };
    const attempts = ledgers.flatMap((ledger) => Array.from({ length: 40 }, () => ledger.reserve([{ budget, cost: 1 }], 'recent')));
    const results = await Promise.allSettled(attempts);
    const granted = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => refusal(r.reason));
    expect(granted).toBe(50);
    expect(refused).toHaveLength(70);
    // refused until the next Pacific midnight, never longer than a day
    for (const e of refused) expect(e.details.retryAfterMs).toBeGreaterThan(0);
    for (const e of refused) expect(e.details.retryAfterMs).toBeLessThanOrEqual(25 * 3_600_000);
    expect(await budgetRow(handles[0]!, budget)).toEqual({ used: 50, refused: 70, capacity: 50 });
  }, 60_000);

  it('reserves every budget of a call or none, and frees concurrent slots when calls end', async () => {
    const slots: QuotaBudget = { platform: 'ga4', key: 'property:1:concurrent', period: 'concurrent', capacity: 3, label: 'test slots' };
    const tokens: QuotaBudget = { platform: 'ga4', key: 'property:1:tokens_per_hour', period: 'hour', capacity: 1_000, label: 'test tokens' };
    const results = await Promise.allSettled(ledgers.flatMap((ledger) => Array.from({ length: 4 }, () => ledger.reserve([{ budget: tokens, cost: 10 }, { budget: slots, cost: 1 }], 'recent'))));
    const tickets = results.filter((r) => r.status === 'fulfilled').map((r) => r.value);
    expect(tickets).toHaveLength(3);
    for (const r of results) if (r.status === 'rejected') expect(refusal(r.reason).details.retryAfterMs).toBe(2_000);
    // the refused calls gave their tokens back: only the three granted calls' are held
    expect((await budgetRow(handles[0]!, tokens))!.used).toBe(30);
    // a call that ended (answered or failed) frees its slot
    await tickets[0]!.settle([{ budget: tokens, charged: 4 }]);
    await tickets[1]!.fail(new PlatformError('ga4', 'unavailable', 'outage'));
    expect((await budgetRow(handles[0]!, slots))!.used).toBe(1);
    // settled at what GA4 said it charged (4, not the 10 reserved); a failed call keeps its charge
    expect((await budgetRow(handles[0]!, tokens))!.used).toBe(24);
    await expect(ledgers[1]!.reserve([{ budget: slots, cost: 1 }], 'history')).resolves.toBeDefined();
  });

  it("orders a short budget: history keeps 25% back, a refresh 10%, a connection's newest 60 days may spend it all", async () => {
    const budget: QuotaBudget = { platform: 'ga4', key: 'property:ordering:tokens_per_hour', period: 'hour', capacity: 100, label: 'test hour' };
    const [a, b, c] = ledgers;
    for (let i = 0; i < 74; i++) await a!.reserve([{ budget, cost: 1 }], 'history');
    await b!.reserve([{ budget, cost: 1 }], 'history'); // 75: history's floor reached
    await expect(c!.reserve([{ budget, cost: 1 }], 'history')).rejects.toSatisfy((e) => refusal(e).details.retryAfterMs! > 0);
    for (let i = 0; i < 15; i++) await c!.reserve([{ budget, cost: 1 }], 'refresh'); // 90
    await expect(a!.reserve([{ budget, cost: 1 }], 'refresh')).rejects.toBeInstanceOf(PlatformError);
    for (let i = 0; i < 10; i++) await b!.reserve([{ budget, cost: 1 }], 'recent'); // 100
    await expect(b!.reserve([{ budget, cost: 1 }], 'recent')).rejects.toBeInstanceOf(PlatformError);
    expect(await budgetRow(handles[0]!, budget)).toEqual({ used: 100, refused: 3, capacity: 100 });
  });

  it("takes a rolling hour (Meta) as the platform reports it: calls in flight on top, history 25% back, waits of seconds not the clock hour", async () => {
    let now = new Date('2026-06-15T10:20:00Z');
    const [a, b] = [new QuotaLedger(handles[0]!.db, () => now), new QuotaLedger(handles[handles.length - 1]!.db, () => now)];
    const app = BUDGETS.metaApp('rolling-app');
    // a call answers with x-app-usage at 80%: the count is the platform's, not the points our calls held
    const first = await a.reserve([{ budget: app, cost: 1 }], 'history');
    await first.settle([{ budget: app, charged: 0, remaining: 20 }]);
    const row = await budgetRow(handles[0]!, app);
    expect(row!.used).toBe(80);
    // history may not go past 75: refused for as long as the reported use takes to drain to room for a call
    const refused = await b.reserve([{ budget: app, cost: 1 }], 'history').catch((e: unknown) => refusal(e));
    expect((refused as PlatformError).details.retryAfterMs).toBe(216_000); // (80 + 1 - 75) points at 100 an hour
    // a connection's newest 60 days may spend the rest; calls in flight count until they answer
    const recent = await Promise.all(Array.from({ length: 20 }, () => b.reserve([{ budget: app, cost: 1 }], 'recent')));
    const full = await a.reserve([{ budget: app, cost: 1 }], 'recent').catch((e: unknown) => refusal(e));
    expect((full as PlatformError).details.retryAfterMs).toBe(2_000); // ours in flight: they end within seconds
    // the platform's next report lowers the count too: its hour rolled on
    for (const t of recent) await t.settle([{ budget: app, charged: 0, remaining: 45 }]);
    await expect(a.reserve([{ budget: app, cost: 1 }], 'history')).resolves.toBeDefined(); // 55 + 1 in flight
    // 216 s later the reported 55 has drained by 6 points and the call still in flight by 6 (a dead worker's call fades)
    now = new Date(now.getTime() + 216_000);
    const drained = await budgetRow(handles[0]!, app);
    expect(drained!.used).toBe(55); // nothing written since: the stored figure, drained when read
    const state = await a.usage();
    expect(state.find((u) => u.budgetKey === app.key)!.used).toBeCloseTo(49, 6);
  });

  it("marks the budget a Meta throttling error names full for the wait it gives, and leaves the other alone", async () => {
    const now = new Date('2026-06-15T11:00:00Z');
    const ledger = new QuotaLedger(handles[0]!.db, () => now);
    const app = BUDGETS.metaApp('throttled-app');
    const account = BUDGETS.metaAdAccount('act_throttled');
    const charges = [{ budget: app, cost: 1 }, { budget: account, cost: 1 }];
    // the ad account's ads_insights budget (80000), regain access in 5 minutes
    await (await ledger.reserve(charges, 'recent')).fail(new PlatformError('meta', 'rate_limit', 'too many calls', { code: '80000', retryAfterMs: 300_000 }));
    expect((await budgetRow(handles[0]!, account))!.used).toBeCloseTo(100 + (300 * 100) / 3600, 6);
    expect((await budgetRow(handles[0]!, app))!.used).toBe(0);
    const refused = await ledger.reserve(charges, 'recent').catch((e: unknown) => refusal(e));
    expect((refused as PlatformError).details.retryAfterMs).toBe(300_000 + 36_000); // the wait, then room for a call
    // and the app's (#4): every account of the app waits
    await (await ledger.reserve([{ budget: app, cost: 1 }], 'recent')).fail(new PlatformError('meta', 'rate_limit', 'Application request limit reached', { code: '4', retryAfterMs: 60_000 }));
    expect((await budgetRow(handles[0]!, app))!.used).toBeCloseTo(100 + 100 / 60, 6);
    // an outage is not a throttle: the call leaves the calls in flight and nothing else changes
    const other = BUDGETS.metaAdAccount('act_outage');
    await (await ledger.reserve([{ budget: other, cost: 1 }], 'recent')).fail(new PlatformError('meta', 'unavailable', 'outage'));
    const [row] = await queryRows<{ used: number; in_flight: number }>(handles[0]!.db, sql`select used, in_flight from quota_budgets where budget_key = ${other.key}`);
    expect(row).toEqual({ used: 0, in_flight: 0 });
  });

  it('refills: a daily budget at the next Pacific midnight, a leaky bucket at its restore rate', async () => {
    let now = new Date('2026-06-15T06:59:00Z'); // 23:59 in Los Angeles (PDT)
    const ledger = new QuotaLedger(handles[0]!.db, () => now);
    const daily: QuotaBudget = { platform: 'google_ads', key: 'developer_token:refill', period: 'pacific_day', capacity: 2, label: 'test day' };
    await ledger.reserve([{ budget: daily, cost: 2 }], 'recent');
    const refused = await ledger.reserve([{ budget: daily, cost: 1 }], 'recent').catch((e: unknown) => refusal(e));
    expect((refused as PlatformError).details.retryAfterMs).toBe(60_000 + 5_000);
    expect(pacificDayStart(now).toISOString()).toBe('2026-06-14T00:00:00.000Z');
    now = new Date('2026-06-15T07:00:30Z'); // the next Pacific day
    await expect(ledger.reserve([{ budget: daily, cost: 1 }], 'recent')).resolves.toBeDefined();

    const bucket = leakyBucket('refill.myshopify.com');
    const t0 = now;
    await ledger.reserve([{ budget: bucket, cost: 1_000 }], 'recent');
    const short = await ledger.reserve([{ budget: bucket, cost: 100 }], 'recent').catch((e: unknown) => refusal(e));
    expect((short as PlatformError).details.retryAfterMs).toBe(2_000); // 100 points at 50 a second
    now = new Date(t0.getTime() + 2_000);
    await expect(ledger.reserve([{ budget: bucket, cost: 100 }], 'recent')).resolves.toBeDefined();
  });

  it("takes the platform's word after a call: Shopify's bucket size, refill and what is left", async () => {
    const ledger = ledgers[0]!;
    const bucket = leakyBucket('report.myshopify.com');
    const answer = await metered(ledger.gate('refresh'), [{ budget: bucket, cost: 50 }], async () => 'ok', () => [
      { budget: bucket, charged: 12, remaining: 1_500, capacity: 2_000, restorePerSecond: 100 },
    ]);
    expect(answer).toBe('ok');
    const row = await budgetRow(handles[0]!, bucket);
    // 2,000 - 1,500 left: Shopify counts calls we did not make through this ledger (another install's) too
    expect(row!.capacity).toBe(2_000);
    expect(row!.used).toBeGreaterThanOrEqual(499);
    expect(row!.used).toBeLessThanOrEqual(500);
  });

  it('delays a job whose reservation is refused instead of failing it', async () => {
    const budget: QuotaBudget = { platform: 'google_ads', key: 'developer_token:deferred', period: 'pacific_day', capacity: 1, label: 'test day' };
    const gate = ledgers[0]!.gate('recent');
    await metered(gate, [{ budget, cost: 1 }], async () => undefined);
    let called = false;
    const resent: number[] = [];
    const result = await deferOnLongWait(
      () => metered(gate, [{ budget, cost: 1 }], async () => (called = true)),
      async (startAfterSeconds) => resent.push(startAfterSeconds),
    );
    expect(called).toBe(false);
    expect(result).toMatchObject({ deferredMs: expect.any(Number) });
    expect((result as { deferredMs: number }).deferredMs).toBeGreaterThan(LONG_WAIT_MS);
    expect(resent).toEqual([Math.ceil((result as { deferredMs: number }).deferredMs / 1000)]);
  });

  it("settles GA4 batches with the property's own propertyQuota: never below what GA4 counted, and every slot freed", async () => {
    const emu = await startEmulatorServer({ quotaMode: 'realistic' });
    try {
      const token = (await emu.admin<{ access_token: string }>('ga4', 'tokens', {})).access_token;
      const property = '300000001';
      const pulls = ledgers.map((ledger) =>
        pullGa4Window({ platforms: emu.platforms, accessToken: token, brandId: '00000000-0000-4000-8000-000000000001', account: { propertyId: property, timezone: 'Asia/Kolkata' }, window: { from: '2026-06-01', to: '2026-06-14' }, quota: ledger.gate('refresh') }),
      );
      const facts = await Promise.all(pulls);
      for (const f of facts) if (f.dimensionDaily instanceof RowSpool) await f.dimensionDaily.discard();
      const counted = (await emu.admin<{ usage: Record<string, number> }>('ga4', `property-quota?property=properties/${property}`, undefined, 'GET')).usage;
      expect(counted.tokensPerHour).toBeGreaterThan(0);
      expect(counted.serverErrorsPerProjectPerHour).toBe(0);
      const hour = (await budgetRow(handles[0]!, BUDGETS.ga4TokensPerHour(property)))!;
      // reservations settled at what GA4 charged, and raised to what it says is used: at least GA4's own count
      expect(hour.used).toBeGreaterThanOrEqual(counted.tokensPerHour!);
      expect(hour.used).toBeLessThanOrEqual(counted.tokensPerHour! * 2);
      expect((await budgetRow(handles[0]!, BUDGETS.ga4Concurrent(property)))!.used).toBe(0);
    } finally {
      await emu.close();
    }
  }, 60_000);

  describe('against the Google Ads emulator (realistic quotas: 15,000 operations a developer token a day, all customers)', () => {
    let emu: EmulatorServer;
    const tokens: Record<string, string> = {};
    const T0 = '2026-06-15T06:00:00Z';
    const CUSTOMERS = [
      { customerId: '2345678901', managerId: '1234567890' },
      { customerId: '5678901234', managerId: null },
    ];
    const usage = async () => (await emu.admin<{ developerTokens: Record<string, { operations: number; refused: number }> }>('google-ads', 'quota/usage', undefined, 'GET')).developerTokens[emu.platforms.googleAds.developerToken]!;

    beforeAll(async () => {
      emu = await startEmulatorServer({ now: T0, quotaMode: 'realistic' });
      // the demo identity reaches the client through its manager; another identity owns Northwind directly
      tokens['2345678901'] = (await emu.admin<{ access_token: string }>('google-ads', 'tokens', {})).access_token;
      tokens['5678901234'] = (await emu.admin<{ access_token: string }>('google-ads', 'tokens', { sub: '100000000000000000002' })).access_token;
    });
    afterAll(async () => emu?.close());

    const pull = async (platforms: EmulatorServer['platforms'], ledger: QuotaLedger, customer: (typeof CUSTOMERS)[number]) => {
      const facts = await pullGoogleAdsWindow({
        platforms, accessToken: tokens[customer.customerId]!, brandId: '00000000-0000-4000-8000-000000000001', account: { ...customer, timezone: 'Asia/Kolkata' },
        window: { from: '2026-06-01', to: '2026-06-14' }, quota: ledger.gate('recent'), retry: { maxAttempts: 1 },
      });
      if (facts.viewDaily instanceof RowSpool) await facts.viewDaily.discard();
      return facts;
    };

    it(`${WORKERS} workers pulling side by side spend the token's last operations and provoke no quota error`, async () => {
      // the token has 20 operations left today (another 14,980 were spent); the fleet is configured with 20
      await emu.admin('google-ads', 'quota/usage', { operations: 15_000 - 20 }, 'PUT');
      const platforms = { ...emu.platforms, googleAds: { ...emu.platforms.googleAds, operationsPerDay: 20 } };
      // each pull is 7 queries: 3 workers x 2 customers want 42 operations
      const states: string[] = [];
      const pulls = ledgers.flatMap((ledger, w) =>
        CUSTOMERS.map((c, i) => {
          const k = w * CUSTOMERS.length + i;
          states[k] = 'pending';
          return pull(platforms, ledger, c).then(
            (v) => ((states[k] = 'answered'), v),
            (e: unknown) => {
              states[k] = `rejected: ${(e as Error).message}`;
              throw e;
            },
          );
        }),
      );
      // once seen hanging on a loaded CI machine (60 s, never reproduced): say where, rather than time out silently
      const watchdog = setTimeout(() => {
        void (async () => console.log('quota-ledger pulls after 40 s', JSON.stringify(states), JSON.stringify(await usage()), JSON.stringify(await budgetRow(handles[0]!, BUDGETS.googleAdsDeveloperToken(emu.platforms.googleAds.developerToken, 20)))))();
      }, 40_000);
      const results = await Promise.allSettled(pulls).finally(() => clearTimeout(watchdog));
      // a refused pull rejects once its other queries have stopped (those granted and not yet answered are
      // cancelled, their operations kept in the ledger: Google may have counted them)
      for (const r of results) if (r.status === 'rejected') expect(refusal(r.reason).details.retryAfterMs).toBeGreaterThan(LONG_WAIT_MS);
      expect(results.filter((r) => r.status === 'rejected').length).toBeGreaterThan(0);
      const budget = BUDGETS.googleAdsDeveloperToken(emu.platforms.googleAds.developerToken, 20);
      expect((await budgetRow(handles[0]!, budget))!.used).toBe(20);
      // the emulator's own counters: never over the budget, every pull that was answered counted, and Google
      // refused nothing
      const spent = await usage();
      expect(spent.refused).toBe(0);
      expect(spent.operations).toBeLessThanOrEqual(15_000);
      expect(spent.operations).toBeGreaterThanOrEqual(15_000 - 20 + 7 * results.filter((r) => r.status === 'fulfilled').length);
    }, 60_000);

    it("answers RESOURCE_EXHAUSTED for any customer once the token's day is spent, and the ledger stops every worker asking", async () => {
      await emu.admin('google-ads', 'quota/usage', { operations: 15_000 }, 'PUT'); // spent elsewhere: the ledger does not know
      const platforms = emu.platforms;
      const first = await pull(platforms, ledgers[0]!, CUSTOMERS[0]!).catch((e: unknown) => e as PlatformError);
      expect(first).toBeInstanceOf(PlatformError);
      expect((first as PlatformError).details.code).toBe('RESOURCE_EXHAUSTED');
      // to midnight Pacific (06:00Z is 23:00 PDT): an hour
      expect((first as PlatformError).details.retryAfterMs).toBe(3_600_000);
      // the pull rejects on Google's first refusal, once its other queries have stopped (answered or cancelled)
      let refusedByGoogle = -1;
      for (let i = 0; i < 50 && refusedByGoogle !== (await usage()).refused; i++) {
        refusedByGoogle = (await usage()).refused;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(refusedByGoogle).toBeGreaterThanOrEqual(1);
      // the refusal marked the day's budget used up: another worker, another customer, is held without a call
      const second = await pull(platforms, ledgers[WORKERS - 1]!, CUSTOMERS[1]!).catch((e: unknown) => e);
      expect(refusal(second).details.retryAfterMs).toBeGreaterThan(LONG_WAIT_MS);
      expect((await usage()).refused).toBe(refusedByGoogle);
      // and the emulator refuses a query of any customer of the token
      const res = await fetch(`${emu.origin}/sandbox/google-ads/v23/customers/5678901234/googleAds:search`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens['5678901234']!}`, 'developer-token': emu.platforms.googleAds.developerToken, 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'SELECT customer.id FROM customer' }),
      });
      expect(res.status).toBe(429);
      const body = (await res.json()) as { error: { status: string; details: Array<{ errors: Array<{ errorCode: Record<string, string>; details: { quotaErrorDetails: { rateScope: string; retryDelay: string } } }> }> } };
      expect(body.error.status).toBe('RESOURCE_EXHAUSTED');
      expect(body.error.details[0]!.errors[0]).toMatchObject({ errorCode: { quotaError: 'RESOURCE_EXHAUSTED' }, details: { quotaErrorDetails: { rateScope: 'DEVELOPER', retryDelay: '3600s' } } });
    }, 60_000);
  });
});
