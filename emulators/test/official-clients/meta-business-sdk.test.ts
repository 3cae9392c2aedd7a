import { AdAccount, FacebookAdsApi, User, type Cursor } from 'facebook-nodejs-business-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metaEmulator } from '../../src/meta/app.js';
import { startPlatform, type RunningPlatform } from '../harness.js';

// Meta's business SDK against the Meta emulator, for the calls our Meta connector makes: the user, the ad
// accounts, campaigns and ad sets with every status, and an async insights report run polled to completion
// and read page by page. The SDK's Graph host is a static getter; it is pointed at the emulator here.
const ACT = 'act_100000000000001';
const STATUSES = ['ACTIVE', 'PAUSED', 'DELETED', 'ARCHIVED', 'IN_PROCESS', 'WITH_ISSUES'];

let p: RunningPlatform;
let graph: PropertyDescriptor | undefined;
beforeAll(async () => {
  p = await startPlatform('meta', metaEmulator);
  const token = ((await (await fetch(`${p.baseUrl}/__admin/tokens`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json()) as { access_token: string }).access_token;
  graph = Object.getOwnPropertyDescriptor(FacebookAdsApi, 'GRAPH');
  Object.defineProperty(FacebookAdsApi, 'GRAPH', { get: () => p.baseUrl, configurable: true });
  // no crash reports: they would go to Facebook
  FacebookAdsApi.init(token, 'en_US', false);
});
afterAll(async () => {
  if (graph) Object.defineProperty(FacebookAdsApi, 'GRAPH', graph);
  await p.close();
});

/** every row of an edge, following the SDK's cursor */
async function all<T>(first: Cursor<T>): Promise<T[]> {
  const rows = [...first];
  let page = first;
  while (page.hasNext()) {
    page = await page.next();
    rows.push(...page);
  }
  return rows;
}

describe('facebook-nodejs-business-sdk against the Meta emulator', () => {
  it('the user and their ad accounts; an account from the list can make calls (it has its id)', async () => {
    const me = await new User('me').get(['id', 'name', 'email']);
    expect(me._data).toMatchObject({ id: expect.stringMatching(/^\d+$/), name: 'Demo Marketer', email: 'demo@parallels.dev' });
    const accounts = await all(await new User('me').getAdAccounts(['account_id', 'name', 'currency'], { limit: 1 }));
    expect(accounts.map((a) => a.id)).toEqual(['act_100000000000001', 'act_100000000000002']);
    const [first] = accounts;
    expect(first?._data).toMatchObject({ account_id: '100000000000001', currency: 'INR', id: ACT });
    // 'AdAccount Id not defined' without the id
    const campaigns = await first!.getCampaigns(['name'], { limit: 2 });
    expect(campaigns.length).toBeGreaterThan(0);
    const named = await new AdAccount(ACT).get(['name']);
    expect(named._data).toEqual({ name: expect.any(String), id: ACT });
  });

  it('campaigns and ad sets with every status, paged to the end', async () => {
    const account = new AdAccount(ACT);
    const campaigns = await all(await account.getCampaigns(['id', 'name', 'status', 'effective_status', 'objective'], { effective_status: STATUSES, limit: 3 }));
    expect(campaigns.length).toBeGreaterThan(3);
    expect(new Set(campaigns.map((c) => c.id)).size).toBe(campaigns.length);
    expect(campaigns.some((c) => c._data.effective_status === 'ARCHIVED')).toBe(true);
    const adsets = await all(await account.getAdSets(['id', 'name', 'campaign_id', 'effective_status', 'targeting'], { effective_status: [...STATUSES, 'CAMPAIGN_PAUSED'], limit: 5 }));
    const ids = new Set(campaigns.map((c) => c.id));
    for (const s of adsets) expect(ids.has(String(s._data.campaign_id))).toBe(true);
  });

  it('an async insights report run: created, polled to Job Completed, read page by page', async () => {
    const params = {
      level: 'campaign', time_range: { since: '2026-06-01', until: '2026-06-14' }, time_increment: 1, action_breakdowns: 'action_type',
      filtering: [{ field: 'campaign.effective_status', operator: 'IN', value: STATUSES }],
    };
    const fields = ['campaign_id', 'campaign_name', 'spend', 'impressions', 'clicks', 'reach', 'inline_link_clicks', 'actions', 'action_values'];
    const run = await new AdAccount(ACT).getInsightsAsync(fields, params);
    expect(run.id).toMatch(/^\d+$/);
    let status = '';
    for (let poll = 0; poll < 20 && status !== 'Job Completed'; poll++) {
      const polled = await run.get(['async_status', 'async_percent_completion']);
      status = String(polled._data.async_status);
      expect(polled._data.id).toBe(run.id);
    }
    expect(status).toBe('Job Completed');
    const rows = await all(await run.getInsights([], { limit: 25 }));
    expect(rows.length).toBeGreaterThan(25);
    const days = new Set(rows.map((r) => r._data.date_start));
    expect(days.size).toBe(14);
    for (const r of rows) expect(Number(r._data.spend)).toBeGreaterThanOrEqual(0);
    // the synchronous edge agrees with the run
    const direct = await all(await new AdAccount(ACT).getInsights(fields, { ...params, limit: 500 }));
    expect(direct.map((r) => r._data)).toEqual(rows.map((r) => r._data));
  });
});
