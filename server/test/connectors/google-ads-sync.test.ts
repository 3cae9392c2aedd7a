import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pullGoogleAdsWindow, type GoogleAdsPullInput } from '../../src/connectors/google-ads/google-ads-sync.js';
import { allRows, RowSpool } from '../../src/lib/row-spool.js';
import { PlatformError } from '../../src/connectors/platform-error.js';
import { startEmulatorServer, type EmulatorServer } from '../emulator-server.js';

// pullGoogleAdsWindow against the Google Ads emulator over HTTP. Ground truth is fetched here with raw
// fetch and GAQL WITHOUT segments.date (Google's own range totals), never through our client.

const MANAGER = '1234567890';
const CLIENT = '2345678901';
const NORTHWIND = '5678901234';
const BRAND = '00000000-0000-4000-8000-000000000001';
const T0 = '2026-06-15T06:00:00Z'; // 11:30 in Kolkata: yesterday is 2026-06-14

let emu: EmulatorServer;
let token: string;

interface Totals {
  costMicros: number;
  clicks: number;
  impressions: number;
  /** hundredths: the emulator's conversions and values are exact to the hundredth */
  conv100: number;
  value100: number;
}

const zero = (): Totals => ({ costMicros: 0, clicks: 0, impressions: 0, conv100: 0, value100: 0 });

function add(t: Totals, r: { costMicros?: number | string; clicks?: number | string; impressions?: number | string; conversions?: number | string; conversionsValue?: number | string }): Totals {
  t.costMicros += Number(r.costMicros ?? 0);
  t.clicks += Number(r.clicks ?? 0);
  t.impressions += Number(r.impressions ?? 0);
  t.conv100 += Math.round(Number(r.conversions ?? 0) * 100);
  t.value100 += Math.round(Number(r.conversionsValue ?? 0) * 100);
  return t;
}

const METRICS = 'metrics.cost_micros, metrics.clicks, metrics.impressions, metrics.conversions, metrics.conversions_value';

/** googleAds:search by hand; login-customer-id as the pull should send it */
async function rawSearch(query: string, opts: { customerId?: string; login?: string; accessToken?: string; body?: Record<string, unknown> } = {}) {
  const cid = opts.customerId ?? CLIENT;
  const res = await fetch(`${emu.origin}/sandbox/google-ads/v23/customers/${cid}/googleAds:search`, {
    method: 'POST',
    headers: { authorization: `Bearer ${opts.accessToken ?? token}`, 'developer-token': emu.platforms.googleAds.developerToken, 'login-customer-id': opts.login ?? MANAGER, 'content-type': 'application/json' },
    body: JSON.stringify({ query, ...opts.body }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { results?: Array<Record<string, Record<string, string | number>>>; totalResultsCount?: string };
}

async function rangeTotals(from: string, to: string, opts: { customerId?: string; login?: string; accessToken?: string } = {}): Promise<Totals> {
  const page = await rawSearch(`SELECT ${METRICS} FROM customer WHERE segments.date BETWEEN '${from}' AND '${to}'`, opts);
  return (page.results ?? []).reduce((t, r) => add(t, r.metrics ?? {}), zero());
}

const sum = (rows: ReadonlyArray<Parameters<typeof add>[1]>) => rows.reduce((t, r) => add(t, r), zero());

function byDay<T extends { date: string }>(rows: readonly T[], f: (r: T) => boolean = () => true): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) if (f(r)) out.set(r.date, [...(out.get(r.date) ?? []), r]);
  return out;
}

// The emulator splits each campaign-day exactly over its ad groups (then keywords, terms, ages, genders)
// and each Shopping / PMax campaign-day over its products (emulators/src/google-ads/README.md "Data").
const VIEW_CHANNELS: Record<string, string[]> = {
  search_term: ['SEARCH', 'SHOPPING'],
  keyword: ['SEARCH'],
  age: ['SEARCH', 'SHOPPING'],
  gender: ['SEARCH', 'SHOPPING'],
  product: ['SHOPPING', 'PERFORMANCE_MAX'],
};

function expectViewsSumToCampaigns(facts: PulledFacts): void {
  for (const [view, channels] of Object.entries(VIEW_CHANNELS)) {
    const campaigns = byDay(facts.campaignDaily, (r) => channels.includes(r.channelType ?? ''));
    const rows = byDay(facts.viewDaily, (r) => r.view === view);
    expect([...rows.keys()].sort(), view).toEqual([...campaigns.keys()].sort());
    for (const [day, list] of campaigns) expect(sum(rows.get(day) ?? []), `${view} ${day}`).toEqual(sum(list));
  }
}

/** A pull, with the view rows it spooled read back into memory (and the spool removed). */
async function pull(window: GoogleAdsPullInput['window'], extra: Partial<GoogleAdsPullInput> = {}) {
  const facts = await pullGoogleAdsWindow({ platforms: emu.platforms, accessToken: token, brandId: BRAND, account: { customerId: CLIENT, managerId: MANAGER, timezone: 'Asia/Kolkata' }, window, ...extra });
  expect(facts.viewDaily).toBeInstanceOf(RowSpool);
  const viewDaily = await allRows(facts.viewDaily);
  if (facts.viewDaily instanceof RowSpool) await facts.viewDaily.discard();
  return { ...facts, viewDaily };
}
type PulledFacts = Awaited<ReturnType<typeof pull>>;

const mint = async (body: Record<string, unknown> = {}) => (await emu.admin<{ access_token: string }>('google-ads', 'tokens', body)).access_token;

function recorder() {
  const delays: number[] = [];
  return { delays, retry: { sleep: async (ms: number) => void delays.push(ms), random: () => 0.5 } };
}

beforeAll(async () => {
  emu = await startEmulatorServer({ now: T0 });
  token = await mint();
});
afterAll(async () => emu?.close());

describe('pullGoogleAdsWindow: a 30-day window of the demo account', () => {
  const window = { from: '2026-05-16', to: '2026-06-14' };
  let facts: PulledFacts;
  beforeAll(async () => {
    facts = await pull(window);
  });

  it('makes one call per resource and reconciles with the account total fetched without segments.date', async () => {
    expect(facts.calls).toBe(7);
    expect(new Set(facts.campaignDaily.map((r) => r.date)).size).toBe(30);
    const truth = await rangeTotals(window.from, window.to);
    expect(truth.costMicros).toBeGreaterThan(0);
    expect(sum(facts.campaignDaily)).toEqual(truth);
  });

  it('reconciles every campaign with its own range total', async () => {
    const page = await rawSearch(`SELECT campaign.id, campaign.advertising_channel_type, ${METRICS} FROM campaign WHERE segments.date BETWEEN '${window.from}' AND '${window.to}'`);
    for (const r of page.results ?? []) {
      const id = String(r.campaign?.id);
      expect(sum(facts.campaignDaily.filter((c) => c.campaignId === id)), id).toEqual(add(zero(), r.metrics ?? {}));
    }
  });

  it('has each view sum, day by day, to the campaigns it covers, and no key twice a day', () => {
    expectViewsSumToCampaigns(facts);
    const keys = facts.viewDaily.map((r) => `${r.view}|${r.key}|${r.date}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(facts.viewDaily.filter((r) => r.view === 'age').map((r) => r.key))).toContain('AGE_RANGE_25_34');
    expect(new Set(facts.viewDaily.filter((r) => r.view === 'gender').map((r) => r.key))).toEqual(new Set(['FEMALE', 'MALE', 'UNDETERMINED']));
  });

  it('reads the products with status and issues, joinable to the product view by item id', () => {
    expect(facts.products).toHaveLength(130);
    expect(new Set(facts.products.map((p) => p.status))).toEqual(new Set(['ELIGIBLE', 'ELIGIBLE_LIMITED', 'NOT_ELIGIBLE']));
    expect(facts.products.some((p) => (p.issues ?? []).some((i) => i.description && i.severity === 'ERROR'))).toBe(true);
    const ids = new Set(facts.products.map((p) => p.itemId));
    const viewed = facts.viewDaily.filter((r) => r.view === 'product');
    expect(viewed.length).toBeGreaterThan(0);
    for (const r of viewed) expect(ids.has(r.key), r.key).toBe(true);
    expect(viewed[0]!.attributes).toMatchObject({ productType: expect.stringContaining(' > '), category: expect.stringContaining(' > ') });
  });
});

describe('pullGoogleAdsWindow: streams, faults and determinism', () => {
  const week = { from: '2026-06-08', to: '2026-06-14' };

  it('reads a 60-day window past 10,000 rows in one call per resource', async () => {
    const from = '2026-04-16';
    const to = '2026-06-14';
    const facts = await pull({ from, to });
    expect(facts.calls).toBe(7);
    const terms = facts.viewDaily.filter((r) => r.view === 'search_term');
    const count = await rawSearch(`SELECT search_term_view.search_term, segments.search_term_match_type, ad_group.id, segments.date, ${METRICS} FROM search_term_view WHERE segments.date BETWEEN '${from}' AND '${to}'`, { body: { returnTotalResultsCount: true } });
    expect(terms.length).toBeGreaterThan(10_000);
    expect(terms.length).toBe(Number(count.totalResultsCount));
    expect(sum(facts.campaignDaily)).toEqual(await rangeTotals(from, to));
    expectViewsSumToCampaigns(facts);
  });

  it('waits out an array-wrapped 429 for its retryDelay and returns the same facts as a clean pull', async () => {
    const clean = await pull(week);
    await emu.admin('google-ads', 'faults', { key: CLIENT, plan: { rateLimit: { retryAfterSeconds: 45 }, times: 1 } }, 'PUT');
    const { delays, retry } = recorder();
    const retried = await pull(week, { retry });
    expect(delays).toEqual([45_000]);
    expect(retried.calls).toBe(8);
    expect({ ...retried, calls: 0 }).toEqual({ ...clean, calls: 0 });
  });

  it('drops what a cut-off answer had already handed on and reads it again: the same facts as a clean pull', async () => {
    // the emulator cuts an answer at half its length: with more than two 10,000-row batches of search terms, the
    // first has been spooled when the cut is found
    const window = { from: '2026-02-15', to: '2026-06-14' };
    const clean = await pull(window);
    expect(clean.viewDaily.filter((r) => r.view === 'search_term').length).toBeGreaterThan(20_000);
    await emu.admin('google-ads', 'faults', { key: CLIENT, plan: { malformed: true, times: 7 } }, 'PUT');
    const { delays, retry } = recorder();
    const retried = await pull(window, { retry });
    expect(delays).toHaveLength(7);
    expect(retried.calls).toBe(14);
    expect({ ...retried, calls: 0 }).toEqual({ ...clean, calls: 0 });
  });

  it('retries a 5xx with backoff', async () => {
    await emu.admin('google-ads', 'faults', { key: CLIENT, plan: { serverError: { status: 500 }, times: 1 } }, 'PUT');
    const { delays, retry } = recorder();
    const facts = await pull(week, { retry });
    expect(delays).toEqual([500]); // full jitter: random 0.5 x base 1 s
    expect(facts.calls).toBe(8);
    expect(sum(facts.campaignDaily)).toEqual(await rangeTotals(week.from, week.to));
  });

  it('fails an expired token as auth at once, with no retry', async () => {
    const stale = await mint();
    await emu.admin('google-ads', 'tokens/expire', { token: stale });
    const { delays, retry } = recorder();
    const e = await pull(week, { accessToken: stale, retry }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(PlatformError);
    expect(e).toMatchObject({ kind: 'auth', platform: 'google_ads' });
    expect(delays).toEqual([]);
  });

  it('fails USER_PERMISSION_DENIED, NOT_ADS_USER and a cancelled account as permission, with no retry', async () => {
    for (const plan of [{ permissionDenied: true, times: 1 }, { notAdsUser: true, times: 1 }]) {
      await emu.admin('google-ads', 'faults', { key: CLIENT, plan }, 'PUT');
      const { delays, retry } = recorder();
      await expect(pull(week, { retry })).rejects.toMatchObject({ kind: 'permission' });
      expect(delays).toEqual([]);
    }
    await expect(pull(week, { account: { customerId: '3456789012', managerId: MANAGER, timezone: 'Asia/Kolkata' } })).rejects.toMatchObject({ kind: 'permission', details: { code: 'CUSTOMER_NOT_ENABLED' } });
  });

  it('reaches a directly accessible account with its own id as login-customer-id', async () => {
    const owner = await mint({ sub: '100000000000000000002' });
    const facts = await pull(week, { accessToken: owner, account: { customerId: NORTHWIND, managerId: null, timezone: 'America/New_York' } });
    expect(facts.campaignDaily.every((r) => r.customerId === NORTHWIND)).toBe(true);
    expect(sum(facts.campaignDaily)).toEqual(await rangeTotals(week.from, week.to, { customerId: NORTHWIND, login: NORTHWIND, accessToken: owner }));
  });

  it('is deterministic', async () => {
    expect(await pull(week)).toEqual(await pull(week));
  });
});

describe('pullGoogleAdsWindow: restated recent days', () => {
  it('picks up the last 14 days as Google restates them after the clock moves', async () => {
    const before = await pull({ from: '2026-06-01', to: '2026-06-14' });
    await emu.admin('google-ads', 'clock', { now: '2026-06-20T06:00:00Z' }, 'PUT');
    try {
      token = await mint(); // tokens live an hour of emulator time
      const after = await pull({ from: '2026-06-06', to: '2026-06-19' });
      expect(sum(after.campaignDaily)).toEqual(await rangeTotals('2026-06-06', '2026-06-19'));
      expectViewsSumToCampaigns(after);
      const beforeDays = byDay(before.campaignDaily);
      for (const [day, rows] of byDay(after.campaignDaily)) {
        const now = sum(rows);
        expect(now, day).toEqual(await rangeTotals(day, day)); // each day as Google shows it now
        const then = beforeDays.get(day);
        if (!then) continue;
        const old = sum(then);
        expect([now.costMicros, now.clicks, now.impressions], day).toEqual([old.costMicros, old.clicks, old.impressions]);
        expect(now.value100, day).toBeGreaterThan(old.value100); // late conversions arrived
      }
    } finally {
      await emu.admin('google-ads', 'clock', { now: T0 }, 'PUT');
      token = await mint();
    }
  });
});
