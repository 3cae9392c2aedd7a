import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { META_REPORT_TABS, metaReportLists, type MetaReportBreakdown, type MetaReportResponse } from '@parallels/contract/meta-reports';
import type { MetaCampaignResponse } from '@parallels/contract/meta-campaigns';
import { addDays, todayIn } from '@parallels/contract/days';
import { ACTION_ALIASES, pickAction } from '../src/connectors/meta/meta-mapping.js';
import { ADSET_STATUSES, CAMPAIGN_STATUSES } from '../src/connectors/meta/meta-sync.js';
import type { Browser } from './browser.js';
import { lastUtcTime, syncedMetaDemo } from './pinned-demo.js';
import { DB_KINDS, type TestApp } from './test-app.js';

// Reconciliation of the Meta screens with Meta itself: for random ranges inside the synced history, per ad
// account and per breakdown value, the spend and purchase value the Meta reports answer equal what the Meta
// emulator's insights answer for that exact range with that breakdown (no daily split: the platform's own range
// figures). The demo brand's two Meta accounts are backfilled from the in-process emulator; the clocks of the
// app and the emulators are pinned to the same instant and the ranges come from a seeded PRNG (both in the
// describe name; META_RECON_SEED replays a failure).

const HISTORY_DAYS = 75;
const TZ = 'Asia/Kolkata';
const RANDOM_RANGES = 3;
const SEED = process.env.META_RECON_SEED ? Number(process.env.META_RECON_SEED) : Math.floor(Math.random() * 2 ** 31);
const PINNED = lastUtcTime(18, 20); // 23:50 in Asia/Kolkata
const TODAY = todayIn(TZ, PINNED);
const YESTERDAY = addDays(TODAY, -1);
const EARLIEST = addDays(YESTERDAY, -(HISTORY_DAYS - 1));

/** The breakdowns Meta is asked for per tab, and how a row's keys form our stored value. */
const TRUTH_QUERY: Record<MetaReportBreakdown, { breakdowns: string[]; value: (row: Record<string, unknown>) => string }> = {
  age: { breakdowns: ['age'], value: (r) => String(r.age) },
  gender: { breakdowns: ['gender'], value: (r) => String(r.gender) },
  country: { breakdowns: ['country'], value: (r) => String(r.country) },
  platform: { breakdowns: ['publisher_platform'], value: (r) => String(r.publisher_platform) },
  placement: { breakdowns: ['publisher_platform', 'platform_position'], value: (r) => `${String(r.publisher_platform)}/${String(r.platform_position)}` },
  device: { breakdowns: ['impression_device'], value: (r) => String(r.impression_device) },
  audience: { breakdowns: ['user_segment_key'], value: (r) => String(r.user_segment_key) },
};

interface Range {
  label: string;
  from: string;
  to: string;
}
const RANGES: Range[] = [...randomRanges(SEED, RANDOM_RANGES), { label: 'whole synced history', from: EARLIEST, to: YESTERDAY }];

interface Cell {
  spendCents: number;
  revenueCents: number;
}

describe.each(DB_KINDS)(`Meta reports reconcile with the Meta emulator's breakdown insights on %s (seed ${SEED}, clock ${PINNED.toISOString()})`, (kind) => {
  let t: TestApp & { origin: string };
  let browser: Browser;
  let brandId: string;
  let metaToken: string;
  let accounts: string[];

  /** Meta's own answer for one account, range and breakdown: value -> exact cents, every page read. */
  async function truth(account: string, range: Range, tab: MetaReportBreakdown): Promise<Map<string, Cell>> {
    const q = TRUTH_QUERY[tab];
    const url = new URL(`${t.origin}/sandbox/meta/v25.0/${account}/insights`);
    url.searchParams.set('fields', 'spend,actions,action_values');
    url.searchParams.set('breakdowns', q.breakdowns.join(','));
    url.searchParams.set('time_range', JSON.stringify({ since: range.from, until: range.to }));
    url.searchParams.set('limit', '500');
    url.searchParams.set('access_token', metaToken);
    const out = new Map<string, Cell>();
    let next: string | undefined = url.toString();
    while (next) {
      const res = await fetch(next);
      const body = (await res.json()) as { data?: Array<Record<string, unknown>>; paging?: { next?: string } };
      if (res.status !== 200 || !body.data) throw new Error(`Meta insights ${account} ${tab} ${range.from}..${range.to}: ${res.status} ${JSON.stringify(body)}`);
      for (const row of body.data) {
        const key = q.value(row);
        const cell = out.get(key) ?? { spendCents: 0, revenueCents: 0 };
        cell.spendCents += cents(row.spend);
        cell.revenueCents += cents(pickAction(row.action_values, ACTION_ALIASES.purchases) ?? '0');
        out.set(key, cell);
      }
      next = body.paging?.next;
    }
    return out;
  }

  beforeAll(async () => {
    ({ t, brandId, accounts, browser, metaToken } = await syncedMetaDemo(kind, PINNED, HISTORY_DAYS));
  }, 240_000);
  afterAll(async () => t?.close());

  it.each(RANGES)('Meta reports, every tab: $label ($from to $to): spend and purchase value per account and value equal Meta’s', async (range) => {
    for (const tab of META_REPORT_TABS) {
      const res = await browser.post(`/api/meta/report/${tab}/${brandId}`, { startDate: range.from, endDate: range.to });
      expect(res.status, `${tab} ${res.body.slice(0, 300)}`).toBe(200);
      const lists = metaReportLists(tab, res.json<MetaReportResponse>());
      expect(lists.accounts.map((a) => a.account_id)).toEqual(accounts);
      const blendedTruth = new Map<string, Cell>();
      for (const account of lists.accounts) {
        const at = `${tab} ${account.account_id} ${range.from}..${range.to}`;
        expect({ at, state: account.status.state }).toEqual({ at, state: 'ready' });
        const platform = await truth(account.account_id, range, tab);
        const ours = new Map(account.rows.map((r) => [r.value, { spendCents: centsOf(r.totalSpend), revenueCents: centsOf(r.totalPcv) }]));
        expect({ at, values: nonZero(ours) }).toEqual({ at, values: nonZero(platform) });
        for (const [value, cell] of platform) {
          const prev = blendedTruth.get(value) ?? { spendCents: 0, revenueCents: 0 };
          blendedTruth.set(value, { spendCents: prev.spendCents + cell.spendCents, revenueCents: prev.revenueCents + cell.revenueCents });
        }
      }
      const blended = new Map(lists.blended.map((r) => [r.value, { spendCents: centsOf(r.totalSpend), revenueCents: centsOf(r.totalPcv) }]));
      expect({ tab, blended: nonZero(blended) }).toEqual({ tab, blended: nonZero(blendedTruth) });
      // blended ROAS is the blended sums' ratio
      for (const r of lists.blended) {
        const cell = blendedTruth.get(r.value);
        if (cell && cell.spendCents > 0) expect(r.totalPurchaseRoas, `${tab} ${r.value} ROAS`).toBeCloseTo(cell.revenueCents / cell.spendCents, 9);
      }
    }
  }, 120_000);

  /** Meta's own campaign reach for a range (campaign level, no daily split), every page read. */
  async function campaignTruth(account: string, range: Range, daily: boolean): Promise<Array<Record<string, unknown>>> {
    const url = new URL(`${t.origin}/sandbox/meta/v25.0/${account}/insights`);
    url.searchParams.set('level', 'campaign');
    url.searchParams.set('fields', 'campaign_id,reach,unique_inline_link_clicks,impressions');
    url.searchParams.set('time_range', JSON.stringify({ since: range.from, until: range.to }));
    if (daily) url.searchParams.set('time_increment', '1');
    url.searchParams.set('filtering', JSON.stringify([{ field: 'campaign.effective_status', operator: 'IN', value: CAMPAIGN_STATUSES }, { field: 'adset.effective_status', operator: 'IN', value: ADSET_STATUSES }]));
    url.searchParams.set('limit', '500');
    url.searchParams.set('access_token', metaToken);
    const rows: Array<Record<string, unknown>> = [];
    let next: string | undefined = url.toString();
    while (next) {
      const res = await fetch(next);
      const body = (await res.json()) as { data?: Array<Record<string, unknown>>; paging?: { next?: string } };
      if (res.status !== 200 || !body.data) throw new Error(`Meta campaign insights ${account}: ${res.status} ${JSON.stringify(body)}`);
      rows.push(...body.data);
      next = body.paging?.next;
    }
    return rows;
  }

  it.each(RANGES)('campaigns: $label ($from to $to): Reach and Unique Link Click are Meta’s own range figures, not sums of days', async (range) => {
    const res = await browser.post(`/api/meta/campaign/${brandId}`, { startDate: range.from, endDate: range.to });
    expect(res.status, res.body.slice(0, 300)).toBe(200);
    const body = res.json<MetaCampaignResponse>();
    let differsFromSum = 0;
    for (const account of body.accountData) {
      const truth = new Map((await campaignTruth(account.account_id, range, false)).map((r) => [String(r.campaign_id), r]));
      const days = await campaignTruth(account.account_id, range, true);
      expect(account.campaigns.length, account.account_id).toBeGreaterThan(0);
      for (const c of account.campaigns) {
        const at = `${account.account_id} ${c.campaignId} ${range.from}..${range.to}`;
        const platform = truth.get(c.campaignId);
        expect(platform, at).toBeDefined();
        expect({ at, reach: c.Reach, unique: c['Unique Link Click'], estimated: c.estimated }).toEqual({ at, reach: Number(platform!.reach), unique: Number(platform!.unique_inline_link_clicks), estimated: false });
        expect(c.Frequency, at).toBeCloseTo(Number(platform!.impressions) / Number(platform!.reach), 9);
        const summed = days.filter((d) => String(d.campaign_id) === c.campaignId).reduce((s, d) => s + Number(d.reach), 0);
        if (summed !== c.Reach) differsFromSum++;
      }
    }
    // over several days people come back: Meta's range reach is below the sum of the days' for most campaigns
    if (range.from !== range.to) expect(differsFromSum).toBeGreaterThan(0);
  }, 120_000);
});

/** value -> cents, sorted, without cells that are zero on both figures (Meta omits rows without delivery). */
function nonZero(cells: Map<string, Cell>): Array<[string, number, number]> {
  return [...cells.entries()]
    .filter(([, c]) => c.spendCents !== 0 || c.revenueCents !== 0)
    .map(([v, c]): [string, number, number] => [v, c.spendCents, c.revenueCents])
    .sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

function centsOf(value: number | null): number {
  if (value === null) throw new Error('a figure of a synced range is missing');
  return Math.round(value * 100);
}

function cents(value: unknown): number {
  return Math.round(Number(value ?? 0) * 100);
}

function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function randomRanges(seed: number, n: number): Range[] {
  const rand = prng(seed);
  return Array.from({ length: n }, (_, i) => {
    const a = Math.floor(rand() * HISTORY_DAYS);
    const b = Math.floor(rand() * HISTORY_DAYS);
    const [lo, hi] = a <= b ? [a, b] : [b, a];
    return { label: `random #${i + 1}`, from: addDays(EARLIEST, lo), to: addDays(EARLIEST, hi) };
  });
}
