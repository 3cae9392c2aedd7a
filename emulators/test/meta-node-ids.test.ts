import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metaEmulator } from '../src/meta/app.js';
import { startPlatform, type RunningPlatform } from './harness.js';

// Graph includes a node's id in every node answer, whether `fields` names it or not (after the named fields).
// Meta's business SDK builds objects from these answers and cannot call anything on one without its id.

type Json = Record<string, unknown>;
let p: RunningPlatform;
let token = '';
beforeAll(async () => {
  p = await startPlatform('meta', metaEmulator);
  token = ((await (await fetch(`${p.baseUrl}/__admin/tokens`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json()) as { access_token: string }).access_token;
});
afterAll(async () => { await p.close(); });

async function call(path: string, method = 'GET'): Promise<Json> {
  const res = await fetch(`${p.baseUrl}/v25.0/${path}`, { method, headers: { authorization: `Bearer ${token}` } });
  expect(res.status, path).toBe(200);
  return (await res.json()) as Json;
}

describe('meta node ids', () => {
  it('GET /me/adaccounts?fields=account_id,name,currency answers each account with its id', async () => {
    const body = await call('me/adaccounts?fields=account_id,name,currency');
    const data = body.data as Json[];
    expect(data).toEqual([
      { account_id: '100000000000001', name: expect.any(String), currency: 'INR', id: 'act_100000000000001' },
      { account_id: '100000000000002', name: expect.any(String), currency: expect.any(String), id: 'act_100000000000002' },
    ]);
    // the asked fields first, in the order asked, then the id
    expect(Object.keys(data[0] ?? {})).toEqual(['account_id', 'name', 'currency', 'id']);
  });

  it('GET /act_...?fields=name answers with the id', async () => {
    const node = await call('act_100000000000001?fields=name');
    expect(node).toEqual({ name: expect.any(String), id: 'act_100000000000001' });
  });

  it('every other node, too: the user, a campaign, an ad set, an ad and a report run', async () => {
    expect(await call('me?fields=name')).toEqual({ name: 'Demo Marketer', id: expect.stringMatching(/^\d+$/) });
    const campaign = ((await call('act_100000000000001/campaigns?limit=1')).data as Json[])[0] as { id: string };
    expect(await call(`${campaign.id}?fields=name`)).toEqual({ name: expect.any(String), id: campaign.id });
    const adsets = (await call('act_100000000000001/adsets?fields=name&limit=1')).data as Json[];
    expect(Object.keys(adsets[0] ?? {})).toEqual(['name', 'id']);
    const adset = adsets[0] as { id: string };
    expect(await call(`${adset.id}?fields=status`)).toEqual({ status: expect.any(String), id: adset.id });
    const ads = (await call(`${adset.id}/ads?fields=name&effective_status=["ACTIVE","PAUSED","ARCHIVED","ADSET_PAUSED","CAMPAIGN_PAUSED"]`)).data as Array<{ id: string }>;
    expect(ads[0]?.id).toMatch(/^\d+$/);
    expect(Object.keys(await call(`${ads[0]?.id}?fields=effective_status`))).toEqual(['effective_status', 'id']);
    const run = (await call('act_100000000000001/insights?fields=spend&date_preset=last_7d', 'POST')).report_run_id as string;
    expect(await call(`${run}?fields=async_status`)).toEqual({ async_status: expect.any(String), id: run });
  });
});
