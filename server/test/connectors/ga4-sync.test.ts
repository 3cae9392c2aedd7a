import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GA4_PAGE_SCOPED_DIMENSIONS, GA4_REPORT_DIMENSIONS, GA4_REPORT_DIMENSION_NAMES } from '../../src/connectors/ga4/ga4-mapping.js';
import { ga4ReportRequest, pullGa4Window, type Ga4WindowFacts, type Ga4WindowInput } from '../../src/connectors/ga4/ga4-sync.js';
import type { Ga4DimensionDailyRow } from '../../src/connectors/ga4/ga4-mapping.js';
import { RowSpool, allRows, liveSpoolFiles } from '../../src/lib/row-spool.js';
import { PlatformError } from '../../src/connectors/platform-error.js';
import type { RetryOptions } from '../../src/connectors/retry.js';
import { startEmulatorServer, type EmulatorServer } from '../emulator-server.js';

// The demo property (emulators/README.md): INR, Asia/Kolkata. The clock is pinned at 2026-06-15T06:00Z, so
// yesterday in Kolkata, the last day with data, is 2026-06-14.
const PROPERTY = '300000001';
const BRAND = '00000000-0000-4000-8000-000000000001';
const WINDOW = { from: '2026-05-16', to: '2026-06-14' }; // 30 days
const METRICS = ['sessions', 'addToCarts', 'checkouts', 'ecommercePurchases', 'purchaseRevenue'];

interface Totals {
  sessions: number;
  addToCarts: number;
  checkouts: number;
  purchases: number;
  revenueCents: number;
}
interface FactLike {
  date: string;
  sessions?: number;
  addToCarts?: number;
  checkouts?: number;
  purchases?: number;
  purchaseRevenue?: string;
}

const cents = (money: string) => Math.round(Number(money) * 100);
function totalsOf(rows: FactLike[]): Totals {
  const t = { sessions: 0, addToCarts: 0, checkouts: 0, purchases: 0, revenueCents: 0 };
  for (const r of rows) {
    t.sessions += r.sessions ?? 0;
    t.addToCarts += r.addToCarts ?? 0;
    t.checkouts += r.checkouts ?? 0;
    t.purchases += r.purchases ?? 0;
    t.revenueCents += cents(r.purchaseRevenue ?? '0');
  }
  return t;
}
function byDate(rows: FactLike[]): Map<string, Totals> {
  const groups = new Map<string, FactLike[]>();
  for (const r of rows) groups.set(r.date, [...(groups.get(r.date) ?? []), r]);
  return new Map([...groups].map(([d, rs]) => [d, totalsOf(rs)]));
}
type HeldFacts = Omit<Ga4WindowFacts, 'dimensionDaily'> & { dimensionDaily: Ga4DimensionDailyRow[] };
/**
 * A pull's facts with the spooled dimension rows read back as the writer would leave them (a key that came in
 * two pages: the later page's), in the order the pull used to hold them (dimension, date, value); the spool is freed.
 */
async function held(facts: Ga4WindowFacts): Promise<HeldFacts> {
  const rows = new Map<string, Ga4DimensionDailyRow>();
  for (const r of await allRows(facts.dimensionDaily)) rows.set(`${r.dimension}\u0000${r.date}\u0000${r.value}`, r);
  if (facts.dimensionDaily instanceof RowSpool) await facts.dimensionDaily.discard();
  const order = (r: Ga4DimensionDailyRow) => (GA4_REPORT_DIMENSION_NAMES as readonly string[]).indexOf(r.dimension);
  const dimensionDaily = [...rows.values()].sort((a, b) => order(a) - order(b) || (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  return { ...facts, dimensionDaily };
}

const recorder = () => {
  const delays: number[] = [];
  const retry: RetryOptions = { sleep: async (ms) => void delays.push(ms), random: () => 0 };
  return { delays, retry };
};

describe('pullGa4Window against the GA4 emulator', () => {
  let emu: EmulatorServer;
  let token: string;
  let base: HeldFacts;
  const pullSpooled = (over: Partial<Ga4WindowInput> = {}) =>
    pullGa4Window({ platforms: emu.platforms, accessToken: token, brandId: BRAND, account: { propertyId: PROPERTY, timezone: 'Asia/Kolkata' }, window: WINDOW, ...over });
  const pull = async (over: Partial<Ga4WindowInput> = {}) => held(await pullSpooled(over));

  /** the ground truth: GA4's own report, by raw HTTP, without the daily breakdown */
  async function rangeReport(dimensions: string[]): Promise<Array<{ value: string; totals: Totals }>> {
    const res = await fetch(`${emu.platforms.ga4.dataUrl}/v1beta/properties/${PROPERTY}:runReport`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ dateRanges: [{ startDate: WINDOW.from, endDate: WINDOW.to }], dimensions: dimensions.map((name) => ({ name })), metrics: METRICS.map((name) => ({ name })), limit: 100_000 }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { rows: Array<{ dimensionValues?: Array<{ value: string }>; metricValues: Array<{ value: string }> }> };
    return body.rows.map((r) => {
      const [s, a, c, p, rev] = r.metricValues.map((m) => m.value);
      return { value: r.dimensionValues?.[0]?.value ?? '', totals: { sessions: Number(s), addToCarts: Number(a), checkouts: Number(c), purchases: Number(p), revenueCents: cents(rev ?? '0') } };
    });
  }

  beforeAll(async () => {
    emu = await startEmulatorServer();
    token = (await emu.admin<{ access_token: string }>('ga4', 'tokens', {})).access_token;
    base = await pull();
  });
  afterAll(async () => emu?.close());

  it('reconciles a 30-day window with the range totals GA4 reports without the date dimension, in 4 batched calls', async () => {
    expect(base.calls).toBe(4); // 16 reports, 5 per batchRunReports
    expect(base.daily).toHaveLength(30);
    expect(base.daily[0]).toMatchObject({ brandId: BRAND, propertyId: PROPERTY, date: WINDOW.from });
    expect(base.daily.at(-1)?.date).toBe(WINDOW.to);
    const [truth] = await rangeReport([]);
    expect(totalsOf(base.daily)).toEqual(truth!.totals);
    expect(truth!.totals.sessions).toBeGreaterThan(100_000);
    expect(base.quota?.tokensPerHour?.remaining).toBeGreaterThan(0);
  });

  it('splits every dimension into daily rows that add up to the funnel; page dimensions count sessions once per page', async () => {
    const daily = byDate(base.daily);
    expect(new Set(base.dimensionDaily.map((r) => r.dimension))).toEqual(new Set(GA4_REPORT_DIMENSION_NAMES));
    for (const dimension of GA4_REPORT_DIMENSION_NAMES) {
      const perDay = byDate(base.dimensionDaily.filter((r) => r.dimension === dimension));
      expect([...perDay.keys()], dimension).toEqual([...daily.keys()]);
      for (const [date, t] of perDay) {
        const d = daily.get(date)!;
        if (GA4_PAGE_SCOPED_DIMENSIONS.has(dimension)) {
          // a session is counted on every page it viewed; events (and revenue) fire on one page each
          expect(t.sessions, `${dimension} ${date}`).toBeGreaterThan(d.sessions);
          expect({ ...t, sessions: 0 }, `${dimension} ${date}`).toEqual({ ...d, sessions: 0 });
        } else {
          expect(t, `${dimension} ${date}`).toEqual(d);
        }
      }
    }
  });

  it('matches GA4 per dimension value over the range, page-scoped sessions included', async () => {
    for (const dimension of ['channel', 'pagePath'] as const) {
      const ours = new Map<string, FactLike[]>();
      for (const r of base.dimensionDaily.filter((x) => x.dimension === dimension)) ours.set(r.value, [...(ours.get(r.value) ?? []), r]);
      const truth = await rangeReport([GA4_REPORT_DIMENSIONS[dimension]]);
      expect(truth.length, dimension).toBe(ours.size);
      for (const { value, totals } of truth) expect(totalsOf(ours.get(value) ?? []), `${dimension} ${value}`).toEqual(totals);
    }
  });

  it('pages with offset and rowCount to the end, batching the extra pages, and finds the same rows', async () => {
    const pageSize = 200;
    const paged = await pull({ pageSize });
    expect(paged.daily).toEqual(base.daily);
    expect(paged.dimensionDaily).toEqual(base.dimensionDaily);
    const rowsOf = (dimension: string) => base.dimensionDaily.filter((r) => r.dimension === dimension).length;
    const extraPages = GA4_REPORT_DIMENSION_NAMES.reduce((n, d) => n + Math.max(0, Math.ceil(rowsOf(d) / pageSize) - 1), 0);
    expect(Math.max(...GA4_REPORT_DIMENSION_NAMES.map(rowsOf))).toBeGreaterThan(4 * pageSize); // page dimensions: 5 pages
    // 16 first pages plus the extra ones, 5 to a batch; extra pages fill the first round's last batch when found early
    expect(paged.calls).toBeGreaterThanOrEqual(Math.ceil((16 + extraPages) / 5));
    expect(paged.calls).toBeLessThanOrEqual(4 + Math.ceil(extraPages / 5));
  });

  it('spools the dimension rows page by page as they arrive: the pull holds the funnel, the spool the rest (decision 019)', async () => {
    const pageSize = 200;
    const facts = await pullSpooled({ pageSize });
    expect(facts.dimensionDaily).toBeInstanceOf(RowSpool);
    const spool = facts.dimensionDaily as RowSpool<Ga4DimensionDailyRow>;
    expect(liveSpoolFiles()).toBeGreaterThan(0);
    // nothing of the dimension reports is held in the pull's result but the spool
    expect(JSON.stringify({ ...facts, dimensionDaily: undefined })).not.toContain('"dimension"');
    expect(spool.rows).toBe(base.dimensionDaily.length);
    // one batch a report page, none larger than a page
    let batches = 0;
    for await (const batch of spool.batches()) {
      batches++;
      expect(batch.length).toBeLessThanOrEqual(pageSize);
      expect(new Set(batch.map((r) => r.dimension)).size).toBe(1);
    }
    expect(batches).toBeGreaterThan(GA4_REPORT_DIMENSION_NAMES.length);
    expect((await held(facts)).dimensionDaily).toEqual(base.dimensionDaily);
    expect(liveSpoolFiles()).toBe(0);
  });

  it('is deterministic: the same window gives the same rows', async () => {
    const again = await pull();
    expect(again.daily).toEqual(base.daily);
    expect(again.dimensionDaily).toEqual(base.dimensionDaily);
    expect(again.calls).toBe(base.calls);
  });

  describe('faults (3-day window)', () => {
    const SHORT = { from: '2026-06-12', to: '2026-06-14' };
    const inShort = (r: { date: string }) => r.date >= SHORT.from;
    const fault = (plan: Record<string, unknown>) => emu.admin('ga4', 'faults', { key: `properties/${PROPERTY}`, plan }, 'PUT');

    it('waits out a concurrent-requests 429 (GA4 sends no Retry-After) and loses nothing', async () => {
      await fault({ rateLimit: { retryAfterSeconds: 30 }, times: 1 });
      const { delays, retry } = recorder();
      const facts = await pull({ window: SHORT, retry });
      expect(delays).toEqual([30_000]);
      expect(facts.calls).toBe(5);
      expect(facts.daily).toEqual(base.daily.filter(inShort));
      expect(facts.dimensionDaily).toEqual(base.dimensionDaily.filter(inShort));
    });

    it('retries a 503 with backoff', async () => {
      await fault({ serverError: { status: 503 }, times: 1 });
      const { delays, retry } = recorder();
      const facts = await pull({ window: SHORT, retry: { ...retry, random: () => 0.5 } });
      expect(delays).toEqual([500]);
      expect(facts.calls).toBe(5);
      expect(facts.daily).toEqual(base.daily.filter(inShort));
      expect(facts.dimensionDaily).toEqual(base.dimensionDaily.filter(inShort)); // the failed try left no rows
    });

    it('hands an hourly quota exhaustion to the job with retryAfterMs instead of sleeping for up to an hour', async () => {
      await fault({ rateLimit: { retryAfterSeconds: 1800 }, times: 1 });
      const { delays, retry } = recorder();
      const error = await pull({ window: SHORT, retry }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PlatformError);
      expect(error).toMatchObject({ kind: 'rate_limit', message: expect.stringMatching(/per hour/) });
      expect((error as PlatformError).details.retryAfterMs).toBeGreaterThan(0);
      expect((error as PlatformError).details.retryAfterMs).toBeLessThanOrEqual(3_605_000);
      expect(delays).toEqual([]);
    });

    it('throws PlatformError auth at once for an expired token, without retrying', async () => {
      const { access_token } = await emu.admin<{ access_token: string }>('ga4', 'tokens', {});
      await emu.admin('ga4', 'tokens/expire', { token: access_token });
      const { delays, retry } = recorder();
      const retried: string[] = [];
      const error = await pull({ window: SHORT, accessToken: access_token, retry: { ...retry, onRetry: (e) => void retried.push(e.kind) } }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PlatformError);
      expect(error).toMatchObject({ kind: 'auth', details: { status: 401 } });
      expect(retried).toEqual([]);
      expect(delays).toEqual([]);
    });

    it('answers permission for a property the identity cannot see', async () => {
      const error = await pull({ window: SHORT, account: { propertyId: '300000002', timezone: 'America/New_York' } }).catch((e: unknown) => e);
      expect(error).toMatchObject({ kind: 'permission', details: { status: 403 } });
    });
  });

  it('returns no rows for days GA4 has no data for: missing is not zero', async () => {
    const future = await pull({ window: { from: '2026-06-13', to: '2026-06-20' } });
    expect(future.daily.map((r) => r.date)).toEqual(['2026-06-13', '2026-06-14']);
    expect(new Set(future.dimensionDaily.map((r) => r.date))).toEqual(new Set(['2026-06-13', '2026-06-14']));
    const beforeHistory = await pull({ window: { from: '2020-01-01', to: '2020-01-31' } });
    expect(beforeHistory).toMatchObject({ daily: [], dimensionDaily: [], calls: 4 });
  });
});

describe('pullGa4Window pacing by propertyQuota (GA4 emulator enforcing standard-property quotas)', () => {
  const SHORT = { from: '2026-06-12', to: '2026-06-14' };
  const EMULATOR_NOW = Date.parse('2026-06-15T06:00:00Z');
  const PROJECT_HOURLY = 14_000; // core tokens per project per property per hour (platform-apis.md 4.5)
  let emu: EmulatorServer;
  let token: string;
  const pull = (over: Partial<Ga4WindowInput> = {}) =>
    pullGa4Window({ platforms: emu.platforms, accessToken: token, brandId: BRAND, account: { propertyId: PROPERTY, timezone: 'Asia/Kolkata' }, window: SHORT, now: () => EMULATOR_NOW, ...over }).then(held);
  const usage = async () => (await emu.admin<{ usage: Record<string, number> }>('ga4', `property-quota?property=properties/${PROPERTY}`, undefined, 'GET')).usage;
  /** raw batchRunReports, as a client without pacing would send it */
  const rawBatch = (keys: Array<'funnel' | (typeof GA4_REPORT_DIMENSION_NAMES)[number]>) =>
    fetch(`${emu.platforms.ga4.dataUrl}/v1beta/properties/${PROPERTY}:batchRunReports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ requests: keys.map((k) => ga4ReportRequest(k, SHORT, 0, 100_000)) }),
    });

  beforeAll(async () => {
    emu = await startEmulatorServer({ quotaMode: 'realistic' });
    token = (await emu.admin<{ access_token: string }>('ga4', 'tokens', {})).access_token;
  });
  afterAll(async () => emu?.close());

  it('given a nearly used-up hourly project quota, when a window is pulled, then the batches that would be refused are never sent and the job gets the wait to the hour', async () => {
    // What the first batch (funnel + 4 dimensions, 3 days) costs on an untouched quota.
    await emu.admin('ga4', 'property-quota', undefined, 'DELETE');
    expect((await rawBatch(['funnel', ...GA4_REPORT_DIMENSION_NAMES.slice(0, 4)])).status).toBe(200);
    const firstBatch = (await usage()).tokensPerProjectPerHour!;
    expect(firstBatch).toBe(10); // 5 reports x 2 tokens (emulator README "Quotas")

    // Earlier traffic leaves room for the first batch and 3 tokens: GA4 refuses a report once nothing is
    // left, so the second batch would get through two of its reports and then be refused.
    await emu.admin('ga4', 'property-quota', undefined, 'DELETE');
    const earlier = PROJECT_HOURLY - firstBatch - 3;
    await emu.admin('ga4', 'property-quota', { property: `properties/${PROPERTY}`, tokens: earlier });
    const retried: string[] = [];
    const error = await pull({ retry: { sleep: async () => undefined, onRetry: (e) => void retried.push(e.message) } }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ kind: 'rate_limit', details: { code: 'QUOTA_PACED', retryAfterMs: 3_600_000 + 5_000 } });
    expect((error as PlatformError).details.status).toBeUndefined(); // refused by us, not by GA4
    // the held-back round: the other 11 reports, sent side by side, at 2 tokens each
    expect((error as PlatformError).message).toBe('Paused before exhausting GA4 property tokens for a project per hour: 3 left, the next reports need about 22. Retry in 3605 seconds.');
    expect(retried).toEqual([]); // no 429 was provoked, so none was retried
    expect(liveSpoolFiles()).toBe(0); // the first batch's spooled rows went with the failed pull
    expect(await usage()).toMatchObject({ tokensPerProjectPerHour: PROJECT_HOURLY - 3, serverErrorsPerProjectPerHour: 0 }); // only the first batch ran

    // The batch we held back would indeed have been refused part-way, after paying for the reports before it.
    const unpaced = await rawBatch(GA4_REPORT_DIMENSION_NAMES.slice(4, 9));
    expect(unpaced.status).toBe(429);
    expect(((await unpaced.json()) as { error: { message: string } }).error.message).toMatch(/^Exhausted property tokens for a project per hour\./);
  });

  it('given the hour has rolled over, when the job retries the window, then it completes without a 429', async () => {
    await emu.admin('ga4', 'clock', { now: '2026-06-15T07:00:05Z' }, 'PUT');
    token = (await emu.admin<{ access_token: string }>('ga4', 'tokens', {})).access_token; // the old one expired with the hour
    const retried: string[] = [];
    const facts = await pull({ now: () => Date.parse('2026-06-15T07:00:05Z'), retry: { sleep: async () => undefined, onRetry: (e) => void retried.push(e.message) } });
    expect(facts.calls).toBe(4);
    expect(retried).toEqual([]);
    expect(facts.daily.map((r) => r.date)).toEqual(['2026-06-12', '2026-06-13', '2026-06-14']);
    expect(facts.quota?.tokensPerProjectPerHour?.remaining).toBe(PROJECT_HOURLY - (await usage()).tokensPerProjectPerHour!);
  });
});
