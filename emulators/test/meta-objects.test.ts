import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { startPlatform, type RunningPlatform } from './harness.js';
import { metaEmulator } from '../src/meta/app.js';

// Ad accounts, campaigns, ad sets and ads as a client lists them, following paging.next to the end.

interface GraphErr { message: string; type: string; code: number; error_subcode?: number }
interface Targeting { flexible_spec?: Array<{ interests?: Array<{ id: string; name: string }> }>; targeting_automation?: { advantage_audience?: number } }
interface Node {
  id: string; name: string; status?: string; effective_status?: string; campaign_id?: string; adset_id?: string;
  created_time?: string; daily_budget?: string; targeting: Targeting; [k: string]: unknown;
}
interface Resp { data: Node[]; paging?: { cursors: { before: string; after: string }; next?: string }; error?: GraphErr; [k: string]: unknown }

let p: RunningPlatform;
let token = '';
beforeAll(async () => {
  p = await startPlatform('meta', metaEmulator);
  token = ((await (await fetch(`${p.baseUrl}/__admin/tokens`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json()) as { access_token: string }).access_token;
});
afterAll(async () => { await p.close(); });

async function get(path: string): Promise<Resp> {
  const sep = path.includes('?') ? '&' : '?';
  return (await fetch(`${p.baseUrl}/v25.0/${path}${sep}access_token=${token}`)).json() as Promise<Resp>;
}

/** follow paging.next until it is absent, as a client does */
async function all(path: string): Promise<{ rows: Node[]; pages: number }> {
  let body = await get(path);
  const rows = [...body.data];
  let pages = 1;
  while (body.paging?.next) {
    expect(body.paging.next.startsWith(p.baseUrl)).toBe(true);
    body = await (await fetch(body.paging.next)).json() as Resp;
    rows.push(...body.data);
    pages++;
  }
  return { rows, pages };
}

describe('meta ad accounts', () => {
  it('lists the user\'s ad accounts with the requested fields and cursor paging', async () => {
    const { rows, pages } = await all('me/adaccounts?fields=id,name,account_id,currency,timezone_name,account_status,business_name,business&limit=1');
    expect(pages).toBe(2);
    expect(rows.map((r) => r.id)).toEqual(['act_100000000000001', 'act_100000000000002']);
    expect(rows[0]).toMatchObject({ account_id: '100000000000001', currency: 'INR', timezone_name: 'Asia/Kolkata', account_status: 1, business_name: 'Parallels Demo Store', business: { name: 'Parallels Demo Store' } });
    const first = await get('me/adaccounts?limit=1');
    expect(first.data[0]).toEqual({ account_id: '100000000000001', id: 'act_100000000000001' });
    expect(first.paging?.cursors).toEqual({ before: 'MAZDZD', after: 'MAZDZD' });
  });

  it('hides accounts of other users behind 100/33 GraphMethodException', async () => {
    const body = await get('act_200000000000001/campaigns');
    expect(body.error).toMatchObject({ code: 100, error_subcode: 33, type: 'GraphMethodException' });
    expect(body.error?.message).toContain("Object with ID 'act_200000000000001' does not exist");
  });

  it('rejects unknown fields like Graph', async () => {
    const body = await get('act_100000000000001?fields=id,nope');
    expect(body.error).toMatchObject({ code: 100, message: '(#100) Tried accessing nonexisting field (nope) on node type (AdAccount)' });
  });
});

describe('meta campaigns and ad sets', () => {
  it('has 6-12 campaigns per account with brand-style names, statuses and budgets in minor units', async () => {
    for (const act of ['act_100000000000001', 'act_100000000000002']) {
      const { rows } = await all(`${act}/campaigns?fields=id,name,status,effective_status,objective,daily_budget,created_time,start_time,stop_time&effective_status=["ACTIVE","PAUSED","ARCHIVED"]&limit=4`);
      expect(rows.length).toBeGreaterThanOrEqual(6);
      expect(rows.length).toBeLessThanOrEqual(12);
      expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
      for (const c of rows) {
        expect(c.id).toMatch(/^\d{18}$/);
        expect(['ACTIVE', 'PAUSED', 'ARCHIVED']).toContain(c.status);
        expect(c.created_time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0530$/);
        if (c.daily_budget !== undefined) expect(c.daily_budget).toMatch(/^\d+00$/);
      }
      expect(rows.some((r) => r.status === 'ACTIVE')).toBe(true);
      expect(rows.some((r) => r.status !== 'ACTIVE')).toBe(true);
      expect(rows.some((r) => /^(PROS|RTG|Advantage\+|Retention|Sale)/.test(r.name))).toBe(true);
    }
    const active = await all('act_100000000000001/campaigns?fields=effective_status&effective_status=["ACTIVE"]');
    expect(active.rows.every((r) => r.effective_status === 'ACTIVE')).toBe(true);
    const byDefault = await all('act_100000000000001/campaigns?fields=effective_status');
    expect(byDefault.rows.some((r) => r.effective_status === 'ARCHIVED')).toBe(false);
    const bare = await get('act_100000000000001/campaigns?limit=1');
    expect(Object.keys(bare.data[0] ?? {})).toEqual(['id']);
  });

  it('ad sets carry interest targeting in flexible_spec with 6003... ids', async () => {
    const { rows } = await all('act_100000000000001/adsets?fields=id,name,campaign_id,status,effective_status,targeting,daily_budget&effective_status=["ACTIVE","PAUSED","ARCHIVED","CAMPAIGN_PAUSED"]&limit=5');
    expect(rows.length).toBeGreaterThan(6);
    const interests = rows.flatMap((s) => (s.targeting.flexible_spec ?? []).flatMap((f) => f.interests ?? []));
    expect(interests.length).toBeGreaterThan(3);
    for (const i of interests) expect(i.id).toMatch(/^6003\d{9}$/);
    expect(interests.map((i) => i.name)).toContain('Online shopping');
    expect(rows.some((s) => s.targeting.targeting_automation?.advantage_audience === 1)).toBe(true);
    const campaigns = new Set((await all('act_100000000000001/campaigns?effective_status=["ACTIVE","PAUSED","ARCHIVED"]')).rows.map((c) => c.id));
    for (const s of rows) expect(campaigns.has(s.campaign_id ?? '')).toBe(true);

    const one = rows[0] as Node;
    const node = await get(`${one.id}?fields=id,name,campaign_id,targeting`);
    expect(node).toEqual({ id: one.id, name: one.name, campaign_id: one.campaign_id, targeting: one.targeting });
    const ads = await all(`${one.id}/ads?fields=id,name,adset_id,effective_status&effective_status=["ACTIVE","PAUSED","ARCHIVED","ADSET_PAUSED","CAMPAIGN_PAUSED"]`);
    expect(ads.rows.length).toBeGreaterThanOrEqual(2);
    expect(ads.rows.every((a) => a.adset_id === one.id)).toBe(true);
  });

  it('a paused campaign\'s ad sets report CAMPAIGN_PAUSED or PAUSED', async () => {
    const { rows } = await all('act_100000000000001/campaigns?fields=id,status&effective_status=["PAUSED"]');
    expect(rows.length).toBeGreaterThan(0);
    const sets = await all(`${rows[0]?.id}/adsets?fields=status,effective_status&effective_status=["ACTIVE","PAUSED","CAMPAIGN_PAUSED"]`);
    expect(sets.rows.length).toBeGreaterThan(0);
    for (const s of sets.rows) expect(['CAMPAIGN_PAUSED', 'PAUSED']).toContain(s.effective_status);
  });
});
