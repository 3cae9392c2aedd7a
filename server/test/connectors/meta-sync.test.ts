import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { pullMetaWindow, type MetaWindowFacts } from '../../src/connectors/meta/meta-sync.js';
import { RESULT_PAGE_SIZE } from '../../src/connectors/meta/meta-report-run.js';
import { PlatformError } from '../../src/connectors/platform-error.js';
import type { RetryOptions } from '../../src/connectors/retry.js';
import { startEmulatorServer, type EmulatorServer } from '../emulator-server.js';
import { eachDay } from '@parallels/contract/days';
import { centsToAmount } from '@parallels/contract/money';
import { BREAKDOWN_RUNS } from '../../src/connectors/meta/meta-breakdowns.js';
import type { MetaAdDailyRow, MetaBreakdownRow } from '../../src/connectors/meta/meta-mapping.js';
import { RowSpool, allRows, liveSpoolFiles } from '../../src/lib/row-spool.js';

// The real Meta connector against the Meta emulator. Ground truth comes from the emulator's own answers,
// fetched here with raw fetch: synchronous insights over the same time_range without time_increment
// (the range totals), and daily sync insights for reach and restated conversions.

const ACCOUNT = 'act_100000000000001'; // demo account, INR, Asia/Kolkata
const NOW = '2026-06-15T06:00:00Z'; // 11:30 in Kolkata: data runs to 2026-06-14
const WINDOW = { from: '2026-05-16', to: '2026-06-14' }; // 30 days
type Row = Record<string, unknown>;
type Action = { action_type: string; value: string };

let emu: EmulatorServer;
let token: string;
let baseline: HeldFacts;

type HeldFacts = Omit<MetaWindowFacts, 'adDaily' | 'breakdowns'> & { adDaily: MetaAdDailyRow[]; breakdowns: MetaBreakdownRow[] };
/**
 * A pull's facts with the spooled rows read back as the writer leaves them (a breakdown cell that came on two
 * pages adds up, exactly, in cents), in the order the pull used to hold them; the spools are freed.
 */
async function held(facts: MetaWindowFacts): Promise<HeldFacts> {
  const adDaily = await allRows(facts.adDaily);
  const cells = new Map<string, MetaBreakdownRow>();
  for (const r of await allRows(facts.breakdowns)) {
    const key = `${r.breakdown}\u0000${r.value}\u0000${r.date}`;
    const seen = cells.get(key);
    cells.set(key, !seen ? r : {
      ...seen, spend: centsToAmount(cents(seen.spend) + cents(r.spend)), impressions: (seen.impressions ?? 0) + (r.impressions ?? 0), clicks: (seen.clicks ?? 0) + (r.clicks ?? 0),
      linkClicks: (seen.linkClicks ?? 0) + (r.linkClicks ?? 0), purchases: (seen.purchases ?? 0) + (r.purchases ?? 0), purchaseValue: centsToAmount(cents(seen.purchaseValue) + cents(r.purchaseValue)),
    });
  }
  for (const spool of [facts.adDaily, facts.breakdowns]) if (spool instanceof RowSpool) await spool.discard();
  const order = (r: MetaBreakdownRow) => BREAKDOWN_RUNS.findIndex((run) => run.outputs.some((o) => o.breakdown === r.breakdown));
  const breakdowns = [...cells.values()].sort((a, b) => order(a) - order(b) || (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  return { ...facts, adDaily, breakdowns };
}

function recorder(): { retry: RetryOptions; sleeps: number[]; retries: Array<{ kind: string; code?: string; delay: number }> } {
  const sleeps: number[] = [];
  const retries: Array<{ kind: string; code?: string; delay: number }> = [];
  return {
    sleeps,
    retries,
    retry: { sleep: async (ms) => void sleeps.push(ms), onRetry: (e, _attempt, delay) => void retries.push({ kind: e.kind, code: e.details.code, delay }) },
  };
}

async function pull(options: { window?: { from: string; to: string }; accessToken?: string; retry?: RetryOptions } = {}): Promise<HeldFacts> {
  return held(await pullSpooled(options));
}

function pullSpooled(options: { window?: { from: string; to: string }; accessToken?: string; retry?: RetryOptions } = {}): Promise<MetaWindowFacts> {
  return pullMetaWindow({
    platforms: emu.platforms, accessToken: options.accessToken ?? token, brandId: '00000000-0000-4000-8000-000000000001',
    account: { accountId: ACCOUNT, timezone: 'Asia/Kolkata' }, window: options.window ?? WINDOW, retry: options.retry ?? recorder().retry,
  });
}

/** raw Graph GET, every page */
async function graph(path: string, params: Record<string, string>): Promise<Row[]> {
  const url = new URL(`${emu.platforms.meta.graphUrl}/v25.0/${path}`);
  for (const [k, v] of Object.entries({ ...params, access_token: token, limit: '5000' })) url.searchParams.set(k, v);
  const out: Row[] = [];
  for (let next: string | undefined = url.toString(); next; ) {
    const body = (await (await fetch(next)).json()) as { data: Row[]; paging?: { next?: string }; error?: unknown };
    if (body.error) throw new Error(JSON.stringify(body.error));
    out.push(...body.data);
    next = body.paging?.next;
  }
  return out;
}

const insights = (extra: Record<string, string>, window = WINDOW) =>
  graph(`${ACCOUNT}/insights`, { time_range: JSON.stringify({ since: window.from, until: window.to }), ...extra });
const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100);
const omni = (list: unknown) => (list as Action[] | undefined)?.find((a) => a.action_type === 'omni_purchase')?.value;

interface Totals { spend: number; impressions: number; clicks: number; purchases: number; purchaseValue: number }
function sum(rows: Array<{ spend?: string; impressions?: number; clicks?: number; purchases?: number; purchaseValue?: string }>): Totals {
  return rows.reduce<Totals>((t, r) => ({
    spend: t.spend + cents(r.spend), impressions: t.impressions + (r.impressions ?? 0), clicks: t.clicks + (r.clicks ?? 0),
    purchases: t.purchases + (r.purchases ?? 0), purchaseValue: t.purchaseValue + cents(r.purchaseValue),
  }), { spend: 0, impressions: 0, clicks: 0, purchases: 0, purchaseValue: 0 });
}
const withoutCalls = ({ calls: _calls, ...facts }: HeldFacts) => facts;

beforeAll(async () => {
  emu = await startEmulatorServer({ now: NOW });
  // a run completes on its 2nd poll whatever the wall time, so call counts are exact in these tests
  await emu.admin('meta', 'meta/config', { pollsToComplete: 2, secondsToComplete: 3600 }, 'PUT');
  token = (await emu.admin<{ access_token: string }>('meta', 'tokens', { userId: '10000000000000001' })).access_token;
  baseline = await pull();
});
afterAll(async () => emu?.close());

describe('pullMetaWindow against the Meta emulator', () => {
  it('given a 30-day window, when pulled, then campaign and ad set days sum to the account range totals to the cent', async () => {
    const [truth] = await insights({ level: 'account', fields: 'spend,impressions,clicks,actions,action_values' });
    const expected: Totals = { spend: cents(truth!.spend), impressions: Number(truth!.impressions), clicks: Number(truth!.clicks), purchases: Number(omni(truth!.actions)), purchaseValue: cents(omni(truth!.action_values)) };
    expect(expected.purchases).toBeGreaterThan(0);
    expect(sum(baseline.adDaily.filter((r) => r.level === 'campaign'))).toEqual(expected);
    expect(sum(baseline.adDaily.filter((r) => r.level === 'adset'))).toEqual(expected);
    for (const b of ['age', 'gender', 'country', 'publisher_platform', 'platform_position', 'impression_device', 'user_segment_key']) {
      expect({ b, ...sum(baseline.breakdowns.filter((r) => r.breakdown === b)) }).toEqual({ b, ...expected });
    }
    expect(new Set(baseline.adDaily.map((r) => r.date))).toEqual(new Set(eachDay({ from: '2026-05-16', to: '2026-06-14' })));
  });

  it('given daily reach, when compared, then each campaign day is the platform figure and the account day lies between max and sum', async () => {
    const daily = await insights({ level: 'campaign', fields: 'campaign_id,reach', time_increment: '1' });
    const ours = baseline.adDaily.filter((r) => r.level === 'campaign');
    expect(new Map(ours.map((r) => [`${r.entityId}|${r.date}`, r.reach]))).toEqual(new Map(daily.map((r) => [`${String(r.campaign_id)}|${String(r.date_start)}`, Number(r.reach)])));
    const account = await insights({ level: 'account', fields: 'reach', time_increment: '1' });
    expect(account).toHaveLength(30);
    for (const day of account) {
      const reaches = ours.filter((r) => r.date === day.date_start).map((r) => r.reach ?? 0);
      const total = Number(day.reach);
      if (reaches.length === 1) expect(reaches[0]).toBe(total);
      expect(total).toBeGreaterThanOrEqual(Math.max(...reaches));
      expect(total).toBeLessThanOrEqual(reaches.reduce((s, x) => s + x, 0));
    }
  });

  it('given async runs with more rows than a page, when pulled, then every row of every run is read to the end', async () => {
    const placements = await insights({ level: 'account', fields: 'spend', breakdowns: 'publisher_platform,platform_position', time_increment: '1' });
    expect(placements.length).toBeGreaterThan(RESULT_PAGE_SIZE);
    expect(baseline.breakdowns.filter((r) => r.breakdown === 'platform_position')).toHaveLength(placements.length);
    const adsetDays = await insights({ level: 'adset', fields: 'adset_id', time_increment: '1' });
    expect(baseline.adDaily.filter((r) => r.level === 'adset')).toHaveLength(adsetDays.length);
    const runs = await emu.admin<Array<{ account_id: string; polls: number }>>('meta', 'meta/report-runs', undefined, 'GET');
    expect(runs.filter((r) => r.account_id === ACCOUNT).every((r) => r.polls >= 2)).toBe(true);
  });

  it('given paused and archived campaigns, when pulled, then they are listed with their status and ad set interests', async () => {
    const listed = await graph(`${ACCOUNT}/campaigns`, { fields: 'id' });
    expect(baseline.campaigns.length).toBeGreaterThan(listed.length); // the default listing hides ARCHIVED
    expect(new Set(baseline.campaigns.map((c) => c.effectiveStatus))).toContain('ARCHIVED');
    const ids = new Set(baseline.campaigns.map((c) => c.campaignId));
    expect(baseline.adDaily.every((r) => ids.has(r.campaignId))).toBe(true);
    const adsets = await graph(`${ACCOUNT}/adsets`, { fields: 'id,targeting', effective_status: JSON.stringify(['ACTIVE', 'PAUSED', 'ARCHIVED', 'CAMPAIGN_PAUSED']) });
    const expected = adsets.flatMap((s) => ((s.targeting as { flexible_spec?: Array<{ interests?: Array<{ id: string }> }> }).flexible_spec ?? [])
      .flatMap((g) => g.interests ?? []).map((i) => `${String(s.id)}|${i.id}`));
    expect(expected.length).toBeGreaterThan(0);
    expect(baseline.adsetInterests.map((r) => `${r.adsetId}|${r.interestId}`).sort()).toEqual([...new Set(expected)].sort());
  });

  it('given the same window twice, when pulled, then the facts are identical', async () => {
    const again = await pull();
    expect(again).toEqual(baseline);
    // 2 edges; 9 runs (2 delivery, 7 breakdowns) x (create + 2 polls + 1 page); placements (570 rows) need a 2nd page
    expect(baseline.calls).toBe(2 + 9 * 4 + 1);
  });

  it('given a window, when pulled, then delivery and breakdown rows are spooled a results page at a time, not held (decision 019)', async () => {
    const facts = await pullSpooled();
    expect(facts.adDaily).toBeInstanceOf(RowSpool);
    expect(facts.breakdowns).toBeInstanceOf(RowSpool);
    expect(JSON.stringify({ ...facts, adDaily: undefined, breakdowns: undefined })).not.toMatch(/"(level|breakdown)"/);
    const breakdowns = facts.breakdowns as RowSpool<MetaBreakdownRow>;
    let pages = 0;
    for await (const batch of breakdowns.batches()) {
      pages++;
      expect(batch.length).toBeLessThanOrEqual(RESULT_PAGE_SIZE);
    }
    expect(pages).toBe(BREAKDOWN_RUNS.length + 1); // placements come on two pages
    expect(liveSpoolFiles()).toBeGreaterThan(0);
    expect(await held(facts)).toEqual(baseline);
    expect(liveSpoolFiles()).toBe(0);
  });

  it('given throttles (80004/80000, 613, 17), when pulled, then each is waited out for the regain time and the facts are unchanged', async () => {
    for (const code of [undefined, 613, 17]) {
      await emu.admin('meta', 'faults', { key: code === 17 ? token : ACCOUNT, plan: { rateLimit: { retryAfterSeconds: 90, ...(code ? { code } : {}) }, times: 1 } }, 'PUT');
      const rec = recorder();
      const facts = await pull({ retry: rec.retry });
      expect(withoutCalls(facts)).toEqual(withoutCalls(baseline));
      expect(facts.calls).toBe(baseline.calls + 1);
      expect(rec.retries).toHaveLength(1);
      expect(rec.retries[0]).toMatchObject({ kind: 'rate_limit', delay: 120_000 }); // estimated_time_to_regain_access: 2 minutes
      if (code) expect(rec.retries[0]!.code).toBe(String(code));
      expect(rec.sleeps).toContain(120_000);
    }
  });

  it('given 5xx answers, when pulled, then they are retried with backoff', async () => {
    await emu.admin('meta', 'faults', { key: ACCOUNT, plan: { serverError: { status: 503 }, times: 2 } }, 'PUT');
    const rec = recorder();
    const facts = await pull({ retry: rec.retry });
    expect(withoutCalls(facts)).toEqual(withoutCalls(baseline));
    expect(facts.calls).toBe(baseline.calls + 2);
    expect(rec.retries.map((r) => r.kind)).toEqual(['unavailable', 'unavailable']);
  });

  it('given report runs that fail, when pulled, then a failed run is created anew and one that keeps failing ends as unavailable', async () => {
    // the first 3 requests of a pull include at least one run creation (only 2 are edge reads)
    await emu.admin('meta', 'faults', { key: ACCOUNT, plan: { reportRunFailed: true, times: 3 } }, 'PUT');
    const before = (await emu.admin<unknown[]>('meta', 'meta/report-runs', undefined, 'GET')).length;
    const facts = await pull();
    expect(withoutCalls(facts)).toEqual(withoutCalls(baseline));
    const runs = await emu.admin<Array<{ fail: boolean }>>('meta', 'meta/report-runs', undefined, 'GET');
    expect(runs.slice(before).filter((r) => r.fail).length).toBeGreaterThanOrEqual(1);
    expect(runs.length - before).toBe(9 + runs.slice(before).filter((r) => r.fail).length);

    await emu.admin('meta', 'faults', { key: ACCOUNT, plan: { reportRunFailed: true } }, 'PUT');
    try {
      const error = await pull().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PlatformError);
      expect(error).toMatchObject({ kind: 'unavailable', message: expect.stringContaining('failed 3 times') });
      expect(liveSpoolFiles()).toBe(0); // the runs that did complete took their spooled rows with the failed pull
    } finally {
      await fetch(`${emu.origin}/sandbox/meta/__admin/faults?key=${ACCOUNT}`, { method: 'DELETE' });
    }
  });

  it('given an expired or revoked token, when pulled, then PlatformError auth is thrown at once without retrying', async () => {
    for (const revoke of [false, true]) {
      const { access_token } = await emu.admin<{ access_token: string }>('meta', 'tokens', { userId: '10000000000000001' });
      await emu.admin('meta', revoke ? 'tokens/revoke' : 'tokens/expire', { token: access_token });
      const rec = recorder();
      const error = await pull({ accessToken: access_token, retry: rec.retry }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PlatformError);
      expect(error).toMatchObject({ kind: 'auth', details: { code: '190' } });
      expect(rec.retries).toEqual([]);
      expect(rec.sleeps).toEqual([]);
    }
  });

  it('given a window crossing the 28-day restatement boundary, when pulled later, then it holds the emulator\'s current values', async () => {
    const window = { from: '2026-05-04', to: '2026-06-02' }; // days from 2026-05-19 on are still being restated on 06-15
    const dailyTruth = async () => new Map((await insights({ level: 'campaign', fields: 'campaign_id,spend,actions,action_values', time_increment: '1' }, window))
      .map((r) => [`${String(r.campaign_id)}|${String(r.date_start)}`, [cents(r.spend), Number(omni(r.actions) ?? 0), cents(omni(r.action_values))]]));
    const ours = (f: HeldFacts) => new Map(f.adDaily.filter((r) => r.level === 'campaign').map((r) => [`${r.entityId}|${r.date}`, [cents(r.spend), r.purchases, cents(r.purchaseValue)]]));
    const first = ours(await pull({ window }));
    expect(first).toEqual(await dailyTruth());
    await emu.admin('meta', 'clock', { now: '2026-06-25T06:00:00Z' }, 'PUT');
    try {
      const later = ours(await pull({ window }));
      expect(later).toEqual(await dailyTruth());
      const changed = [...later].filter(([k, v]) => first.get(k)?.[2] !== v[2]).map(([k]) => k.split('|')[1]!);
      expect(changed.length).toBeGreaterThan(0);
      expect(changed.every((day) => day >= '2026-05-19')).toBe(true);
      expect([...later].every(([k, v]) => first.get(k)?.[0] === v[0])).toBe(true); // spend is never restated
    } finally {
      await emu.admin('meta', 'clock', { now: NOW }, 'PUT');
    }
  });
});
