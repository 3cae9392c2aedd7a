import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { conversionRate, type ConversionReport, type ConversionReportCall } from '@parallels/contract/analytics';
import { queryRows } from '../src/db/client.js';
import { loadTokenKeyring } from '../src/lib/token-keyring.js';
import { seedDemo, DEMO_USER } from '../src/sandbox/demo.js';
import { runBackfill, type JobDeps } from '../src/sync/backfill.job.js';
import { addDays, todayIn } from '@parallels/contract/days';
import { GA4_REPORT_DIMENSIONS, type Ga4ReportDimension } from '../src/connectors/ga4/ga4-mapping.js';
import { Browser, createListeningApp } from './browser.js';
import { DB_KINDS, type TestApp } from './test-app.js';

// Reconciliation of the conversion reports: the demo brand's GA4 property is backfilled from the in-process
// emulator (a short history spanning three or four months), then for random ranges every month's Sessions and
// Conv. Rate of the age, country and page path reports equal the emulator's own runReport for that range by
// yearMonth and dimension (ecommercePurchases / sessions, decision 014), every value GA4 lists is there, and
// each row's Total Sessions equals GA4's answer for the whole range; the funnel's months equal GA4's by yearMonth.
// RECON_SEED replays a failure.

const HISTORY_DAYS = 80;
const TZ = 'Asia/Kolkata';
const SEED = process.env.RECON_SEED ? Number(process.env.RECON_SEED) : Math.floor(Math.random() * 2 ** 31);
const PINNED = lastUtcTime(18, 20); // 23:50 in Asia/Kolkata
const TODAY = todayIn(TZ, PINNED);
const YESTERDAY = addDays(TODAY, -1);
const EARLIEST = addDays(YESTERDAY, -(HISTORY_DAYS - 1));
const GOOGLE_SUB = '100000000000000000001';

const REPORTS: Array<{ call: ConversionReportCall; dimension: Ga4ReportDimension; key: string }> = [
  { call: 'ageConversionReport', dimension: 'age', key: 'Age' },
  { call: 'countryConversionReport', dimension: 'country', key: 'Country' },
  { call: 'pagePathConversionReport', dimension: 'pagePath', key: 'Page Path' },
];

interface Ga4Row {
  dimensionValues: Array<{ value: string }>;
  metricValues: Array<{ value: string }>;
}

describe.each(DB_KINDS)(`the conversion reports reconcile with the GA4 emulator on %s (seed ${SEED}, clock ${PINNED.toISOString()})`, (kind) => {
  let t: TestApp & { origin: string };
  let brandId: string;
  let propertyId: string;
  let browser: Browser;
  let token: string;

  beforeAll(async () => {
    t = await createListeningApp(kind, {}, { now: () => PINNED });
    for (const platform of ['ga4', 'google']) {
      const pinned = await fetch(`${t.origin}/sandbox/${platform}/__admin/clock`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ now: PINNED.toISOString() }) });
      if (pinned.status !== 200) throw new Error(`could not pin the ${platform} emulator's clock: ${pinned.status}`);
    }
    const keyring = loadTokenKeyring(t.config);
    await seedDemo(t.app, { db: t.database.db, keyring });
    const deps: JobDeps = { db: t.database.db, config: t.config, keyring, log: t.app.log, historyDays: HISTORY_DAYS, retry: { sleep: async () => undefined }, now: () => PINNED };
    const [ga4] = await queryRows<{ id: string; account_id: string; brand_id: string }>(t.database.db, sql`select id, account_id, brand_id from connections where platform = 'ga4'`);
    brandId = ga4!.brand_id;
    propertyId = ga4!.account_id;
    const r = await runBackfill(deps, ga4!.id);
    if (r.outcome !== 'done') throw new Error(`backfill of GA4 ${propertyId}: ${r.outcome}`);
    browser = new Browser(t.origin);
    const login = await browser.post('/api/auth/login/normal', { email: DEMO_USER.email, password: DEMO_USER.password });
    if (login.status !== 200) throw new Error(`demo login failed: ${login.status}`);
    const res = await fetch(`${t.origin}/sandbox/ga4/__admin/tokens`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sub: GOOGLE_SUB }) });
    token = ((await res.json()) as { access_token: string }).access_token;
  }, 240_000);
  afterAll(async () => t?.close());

  /** GA4's own answer: sessions and ecommercePurchases by (yearMonth,) dimension value over the range. */
  async function ga4Truth(dimension: Ga4ReportDimension, from: string, to: string, byMonth: boolean): Promise<Map<string, { sessions: number; purchases: number }>> {
    const apiName = GA4_REPORT_DIMENSIONS[dimension];
    const res = await fetch(`${t.origin}/sandbox/ga4/v1beta/properties/${propertyId}:runReport`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        dateRanges: [{ startDate: from, endDate: to }],
        dimensions: byMonth ? [{ name: 'yearMonth' }, { name: apiName }] : [{ name: apiName }],
        metrics: [{ name: 'sessions' }, { name: 'ecommercePurchases' }],
        limit: 250_000,
      }),
    });
    if (res.status !== 200) throw new Error(`runReport ${dimension}: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { rows?: Ga4Row[] };
    const out = new Map<string, { sessions: number; purchases: number }>();
    for (const row of body.rows ?? []) {
      const key = row.dimensionValues.map((d) => d.value).join('|');
      out.set(key, { sessions: Number(row.metricValues[0]!.value), purchases: Number(row.metricValues[1]!.value) });
    }
    return out;
  }

  it('every month’s Sessions and Conv. Rate, and every row’s Total Sessions, equal GA4’s runReport for random ranges', async () => {
    const ranges = [...randomRanges(SEED, 3), { from: EARLIEST, to: YESTERDAY }];
    let compared = 0;
    for (const { from, to } of ranges) {
      for (const report of REPORTS) {
        const at = `${report.call} ${from}..${to}`;
        const res = await browser.post(`/api/analytics/${report.call}/${brandId}`, { startDate: from, endDate: to });
        expect(res.status, at).toBe(200);
        const answer = res.json<ConversionReport>();
        const [monthly, whole] = await Promise.all([ga4Truth(report.dimension, from, to, true), ga4Truth(report.dimension, from, to, false)]);
        const ours = new Map<string, { sessions: number | null; rate: number | null }>();
        for (const row of answer.data) {
          const value = String(row[report.key]);
          const truth = whole.get(value);
          expect.soft({ at, value, total: row['Total Sessions'] }).toEqual({ at, value, total: truth?.sessions });
          for (const m of row.MonthlyData) ours.set(`${m.Month}|${value}`, { sessions: m.Sessions, rate: m['Conv. Rate'] });
        }
        // both ways: every (month, value) GA4 lists is ours with the same figures, and we list nothing GA4 does not
        expect.soft(ours.size, `${at} month-value pairs`).toBe(monthly.size);
        for (const [key, truth] of monthly) {
          const mine = ours.get(key);
          expect.soft({ at, key, sessions: mine?.sessions }).toEqual({ at, key, sessions: truth.sessions });
          expect.soft(mine?.rate ?? NaN, `${at} ${key} Conv. Rate`).toBeCloseTo(conversionRate(truth.purchases, truth.sessions), 9);
          compared++;
        }
        expect(monthly.size, `${at} GA4 had rows`).toBeGreaterThan(0);
      }
    }
    expect(compared).toBeGreaterThan(100);
  }, 240_000);

  it('the funnel’s monthly sessions, add to carts, checkouts and purchases equal GA4’s runReport by yearMonth', async () => {
    for (const { from, to } of [...randomRanges(SEED + 1, 2), { from: EARLIEST, to: YESTERDAY }]) {
      const at = `monthAtcReport ${from}..${to}`;
      const res = await browser.post(`/api/analytics/monthAtcReport/${brandId}`, { dateRanges: [{ startDate: from, endDate: to }] });
      expect(res.status, at).toBe(200);
      const [range] = res.json<{ ranges: Array<{ rows: Array<Record<string, number | string | null>> }> }>().ranges;
      const truth = await fetch(`${t.origin}/sandbox/ga4/v1beta/properties/${propertyId}:runReport`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ dateRanges: [{ startDate: from, endDate: to }], dimensions: [{ name: 'yearMonth' }], metrics: ['sessions', 'addToCarts', 'checkouts', 'ecommercePurchases'].map((name) => ({ name })) }),
      });
      const rows = ((await truth.json()) as { rows: Ga4Row[] }).rows;
      const expected = rows
        .map((r) => ({ month: `${r.dimensionValues[0]!.value.slice(0, 4)}-${r.dimensionValues[0]!.value.slice(4)}`, figures: r.metricValues.map((m) => Number(m.value)) }))
        .sort((a, b) => (a.month < b.month ? 1 : -1));
      expect({ at, rows: range!.rows.map((r) => ({ month: r.Month, figures: [r.Sessions, r['Add To Cart'], r.Checkouts, r.Purchases] })) }).toEqual({ at, rows: expected });
    }
  }, 120_000);
});

function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function randomRanges(seed: number, n: number): Array<{ from: string; to: string }> {
  const rand = prng(seed);
  return Array.from({ length: n }, () => {
    const a = Math.floor(rand() * HISTORY_DAYS);
    const b = Math.floor(rand() * HISTORY_DAYS);
    return { from: addDays(EARLIEST, Math.min(a, b)), to: addDays(EARLIEST, Math.max(a, b)) };
  });
}

function lastUtcTime(hours: number, minutes: number): Date {
  const now = new Date();
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hours, minutes));
  return at.getTime() <= now.getTime() ? at : new Date(at.getTime() - 86_400_000);
}
