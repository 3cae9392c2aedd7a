import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { CampaignGroupReachResponse, MetaCampaign, MetaCampaignResponse } from '@parallels/contract/meta-campaigns';
import { addDays, todayIn } from '@parallels/contract/days';
import { queryRows } from '../src/db/client.js';
import { ADSET_STATUSES, CAMPAIGN_STATUSES } from '../src/connectors/meta/meta-sync.js';
import { campaignSetSubject, clearRangeReachCache } from '../src/modules/meta-campaigns/range-reach.js';
import type { Browser } from './browser.js';
import { lastUtcTime, syncedMetaDemo } from './pinned-demo.js';
import { DB_KINDS, type TestApp } from './test-app.js';

// A label group's own Reach (issue 19 item 5): for a group of campaigns in one ad account the campaign screen's
// group call answers Meta's own figure for that campaign set and range (the emulator's account insights filtered
// to campaign.id IN [...], people counted once), not the sum of its campaigns'; a group spanning accounts is the
// sum of the accounts' figures, marked an estimate; a second process (this one with its memory cleared) is
// answered from meta_range_reach without asking Meta again; a failing Meta (rate limit, token) gives no figure
// and says why, so the screen falls back to the marked sum. Clocks pinned as in meta-reconciliation.test.ts.

const HISTORY_DAYS = 40;
const TZ = 'Asia/Kolkata';
const PINNED = lastUtcTime(18, 20); // 23:50 in Asia/Kolkata
const TODAY = todayIn(TZ, PINNED);
const YESTERDAY = addDays(TODAY, -1);
const EARLIEST = addDays(YESTERDAY, -(HISTORY_DAYS - 1));

describe.each(DB_KINDS)(`a label group's own reach from Meta on %s (clock ${PINNED.toISOString()})`, (kind) => {
  let t: TestApp & { origin: string };
  let browser: Browser;
  let brandId: string;
  let metaToken: string;
  /** per account, its campaigns over the whole synced history (from the campaign screen's call) */
  let campaigns: Map<string, MetaCampaign[]>;
  let accounts: string[];

  /** The emulator's own answer: account insights for the range filtered to the campaigns. */
  async function truth(account: string, campaignIds: string[], range: { from: string; to: string }): Promise<{ reach: number; unique: number }> {
    const url = new URL(`${t.origin}/sandbox/meta/v25.0/${account}/insights`);
    url.searchParams.set('level', 'account');
    url.searchParams.set('fields', 'reach,unique_inline_link_clicks');
    url.searchParams.set('time_range', JSON.stringify({ since: range.from, until: range.to }));
    url.searchParams.set(
      'filtering',
      JSON.stringify([
        { field: 'campaign.id', operator: 'IN', value: campaignIds },
        { field: 'campaign.effective_status', operator: 'IN', value: CAMPAIGN_STATUSES },
        { field: 'adset.effective_status', operator: 'IN', value: ADSET_STATUSES },
      ]),
    );
    url.searchParams.set('access_token', metaToken);
    const res = await fetch(url);
    const body = (await res.json()) as { data?: Array<Record<string, unknown>> };
    if (res.status !== 200 || !body.data) throw new Error(`Meta insights ${account}: ${res.status} ${JSON.stringify(body)}`);
    expect(body.data.length).toBe(1);
    return { reach: Number(body.data[0]!.reach), unique: Number(body.data[0]!.unique_inline_link_clicks) };
  }

  async function groupReach(range: { from: string; to: string }, groups: Array<{ id: string; campaigns: MetaCampaign[] }>): Promise<CampaignGroupReachResponse> {
    const res = await browser.post(`/api/meta/campaign-groups/${brandId}`, {
      startDate: range.from,
      endDate: range.to,
      groups: groups.map((g) => ({ id: g.id, campaigns: g.campaigns.map((c) => ({ accountId: c.accountId, campaignId: c.campaignId })) })),
    });
    expect(res.status, res.body.slice(0, 300)).toBe(200);
    return res.json<CampaignGroupReachResponse>();
  }

  /** Counts the calls that reach the Meta emulator's insights while `run` runs. */
  async function metaInsightsCalls<T>(run: () => Promise<T>): Promise<{ result: T; calls: string[] }> {
    const real = globalThis.fetch;
    const calls: string[] = [];
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.includes('/sandbox/meta/') && url.includes('/insights')) calls.push(url);
      return real(input, init);
    });
    try {
      return { result: await run(), calls };
    } finally {
      spy.mockRestore();
    }
  }

  /** The campaigns of an account that delivered on more than one day of the range, biggest first. */
  const delivering = (account: string, n: number): MetaCampaign[] => {
    const list = (campaigns.get(account) ?? []).filter((c) => (c.Impressions ?? 0) > 0);
    expect(list.length, account).toBeGreaterThanOrEqual(n);
    return list.slice(0, n);
  };

  beforeAll(async () => {
    ({ t, brandId, accounts, browser, metaToken } = await syncedMetaDemo(kind, PINNED, HISTORY_DAYS));
    const res = await browser.post(`/api/meta/campaign/${brandId}`, { startDate: EARLIEST, endDate: YESTERDAY });
    expect(res.status, res.body.slice(0, 300)).toBe(200);
    campaigns = new Map(res.json<MetaCampaignResponse>().accountData.map((a) => [a.account_id, a.campaigns]));
  }, 240_000);
  afterEach(async () => {
    await fetch(`${t.origin}/sandbox/meta/__admin/faults`, { method: 'DELETE' });
  });
  afterAll(async () => t?.close());

  it("a group within one account: Meta's own reach for that campaign set and range, not the sum of its campaigns'", async () => {
    const range = { from: addDays(YESTERDAY, -20), to: addDays(YESTERDAY, -3) };
    const account = accounts[0]!;
    const members = delivering(account, 3);
    const perCampaign = await browser.post(`/api/meta/campaign/${brandId}`, { startDate: range.from, endDate: range.to });
    const inRange = perCampaign.json<MetaCampaignResponse>().blendedSummary.filter((c) => members.some((m) => m.campaignId === c.campaignId));
    expect(inRange.every((c) => !c.estimated)).toBe(true);
    const summed = inRange.reduce((s, c) => s + c.Reach!, 0);

    const answer = await groupReach(range, [{ id: 'TOFU', campaigns: members }]);
    const platform = await truth(
      account,
      members.map((m) => m.campaignId),
      range,
    );
    expect(answer.range).toEqual(range);
    expect(answer.groups).toEqual([{ id: 'TOFU', Reach: platform.reach, 'Unique Link Click': platform.unique, reachSource: 'meta' }]);
    // people reached by two of the campaigns are one person for the group
    expect(platform.reach).toBeLessThan(summed);
  }, 60_000);

  it('a group across two accounts: the sum of each account’s own figure, marked an estimate', async () => {
    const range = { from: addDays(YESTERDAY, -13), to: YESTERDAY };
    const a = delivering(accounts[0]!, 2);
    const b = delivering(accounts[1]!, 2);
    const answer = await groupReach(range, [{ id: 'BOFU', campaigns: [...a, ...b] }]);
    const ta = await truth(
      accounts[0]!,
      a.map((c) => c.campaignId),
      range,
    );
    const tb = await truth(
      accounts[1]!,
      b.map((c) => c.campaignId),
      range,
    );
    expect(answer.groups).toEqual([{ id: 'BOFU', Reach: ta.reach + tb.reach, 'Unique Link Click': ta.unique + tb.unique, reachSource: 'accounts-summed' }]);
  }, 60_000);

  it('the cache answers a second process without a second Meta call; a new campaign set is a new key', async () => {
    const range = { from: addDays(YESTERDAY, -9), to: addDays(YESTERDAY, -2) };
    const members = delivering(accounts[1]!, 3);
    const first = await metaInsightsCalls(() => groupReach(range, [{ id: 'MOFU', campaigns: members }]));
    expect(first.calls.length).toBe(1);
    expect(first.calls[0]).toContain('campaign.id');
    const stored = await queryRows<{ subject: string; reach: number }>(t.database.db, sql`select subject, reach::float8 as reach from meta_range_reach where brand_id = ${brandId} and date_from = ${range.from} and date_to = ${range.to}`);
    expect(stored).toEqual([{ subject: campaignSetSubject(members.map((m) => m.campaignId)), reach: first.result.groups[0]!.Reach }]);

    // this process forgets what it fetched: as another API process would, it reads the shared table
    clearRangeReachCache();
    const second = await metaInsightsCalls(() => groupReach(range, [{ id: 'MOFU', campaigns: [...members].reverse() }]));
    expect(second.calls).toEqual([]);
    expect(second.result.groups).toEqual(first.result.groups);

    // a label change makes another campaign set: Meta is asked for it
    const third = await metaInsightsCalls(() => groupReach(range, [{ id: 'MOFU', campaigns: members.slice(0, 2) }]));
    expect(third.calls.length).toBe(1);

    // the campaign screen's own range reach is shared the same way
    const campaignRange = { from: addDays(YESTERDAY, -6), to: addDays(YESTERDAY, -1) };
    const fetchCampaigns = () => browser.post(`/api/meta/campaign/${brandId}`, { startDate: campaignRange.from, endDate: campaignRange.to });
    const once = await metaInsightsCalls(fetchCampaigns);
    expect(once.calls.length).toBe(2); // one per account
    clearRangeReachCache();
    const again = await metaInsightsCalls(fetchCampaigns);
    expect(again.calls).toEqual([]);
    expect(again.result.json<MetaCampaignResponse>().accountData).toEqual(once.result.json<MetaCampaignResponse>().accountData);
  }, 60_000);

  it('when Meta refuses (a rate limit, an expired token) the group has no figure and says why', async () => {
    const range = { from: addDays(YESTERDAY, -15), to: addDays(YESTERDAY, -4) };
    const account = accounts[0]!;
    const members = delivering(account, 2);
    await fetch(`${t.origin}/sandbox/meta/__admin/faults`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key: account, plan: { rateLimit: { retryAfterSeconds: 1 } } }) });
    const limited = await groupReach(range, [{ id: 'TOFU', campaigns: members }]);
    expect(limited.groups).toEqual([{ id: 'TOFU', Reach: null, 'Unique Link Click': null, reachSource: 'meta-unavailable' }]);

    await fetch(`${t.origin}/sandbox/meta/__admin/faults`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key: '*', plan: { tokenExpired: true } }) });
    const expired = await groupReach(range, [{ id: 'BOFU', campaigns: [...members, ...delivering(accounts[1]!, 1)] }]);
    expect(expired.groups).toEqual([{ id: 'BOFU', Reach: null, 'Unique Link Click': null, reachSource: 'meta-unavailable' }]);
    const stored = await queryRows(t.database.db, sql`select subject from meta_range_reach where brand_id = ${brandId} and date_from = ${range.from} and date_to = ${range.to}`);
    expect(stored).toEqual([]);
  }, 60_000);

  it('refuses an ad account the brand has not connected, and a group of one campaign', async () => {
    const res = await browser.post(`/api/meta/campaign-groups/${brandId}`, {
      startDate: EARLIEST,
      endDate: YESTERDAY,
      groups: [{ id: 'x', campaigns: [{ accountId: 'act_999', campaignId: '1' }, { accountId: 'act_999', campaignId: '2' }] }],
    });
    expect(res.status).toBe(400);
    const one = await browser.post(`/api/meta/campaign-groups/${brandId}`, { startDate: EARLIEST, endDate: YESTERDAY, groups: [{ id: 'x', campaigns: [{ accountId: accounts[0], campaignId: '1' }] }] });
    expect(one.status).toBe(400);
  });
});
