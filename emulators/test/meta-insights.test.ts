import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { startPlatform, type RunningPlatform } from './harness.js';
import { metaEmulator } from '../src/meta/app.js';
import { findMerchant, merchantDay } from '../src/common/world.js';

// Insights the way a client reads them: string numbers, daily rows vs range totals, breakdowns that
// add up, paging to the end, agreement with the world's merchant day, determinism and restatement.

const ACT = 'act_100000000000001';
const MAY = encodeURIComponent(JSON.stringify({ since: '2026-05-01', until: '2026-05-31' }));
const FIELDS = 'account_id,campaign_id,campaign_name,spend,impressions,clicks,reach,frequency,cpc,cpm,ctr,cpp,inline_link_clicks,unique_clicks,actions,action_values,purchase_roas';

interface Action { action_type: string; value: string; [window: string]: string }
type Row = Record<string, string | Action[] | undefined>;
interface GraphErr { message: string; type: string; code: number; error_subcode?: number }
interface Resp { data: Row[]; paging?: { cursors: { before: string; after: string }; next?: string }; error?: GraphErr }

let p: RunningPlatform;
let token = '';

async function mint(platform: RunningPlatform): Promise<string> {
  return ((await (await fetch(`${platform.baseUrl}/__admin/tokens`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json()) as { access_token: string }).access_token;
}

beforeAll(async () => {
  p = await startPlatform('meta', metaEmulator);
  token = await mint(p);
});
afterAll(async () => { await p.close(); });

async function get(path: string, platform = p, tok = token): Promise<Resp> {
  return (await fetch(`${platform.baseUrl}/v25.0/${path}`, { headers: { authorization: `Bearer ${tok}` } })).json() as Promise<Resp>;
}

async function all(path: string): Promise<Row[]> {
  let body = await get(path);
  if (body.error) throw new Error(JSON.stringify(body.error));
  const rows = [...body.data];
  while (body.paging?.next) {
    body = await (await fetch(body.paging.next, { headers: { authorization: `Bearer ${token}` } })).json() as Resp;
    rows.push(...body.data);
  }
  return rows;
}

const cents = (v: unknown): number => Math.round(Number(v ?? 0) * 100);
const sum = (rows: Row[], key: string): number => rows.reduce((s, r) => s + Number(r[key] ?? 0), 0);
const sumCents = (rows: Row[], key: string): number => rows.reduce((s, r) => s + cents(r[key]), 0);
const list = (row: Row | undefined, key: string): Action[] => (row?.[key] as Action[] | undefined) ?? [];
const action = (row: Row | undefined, type: string, key = 'actions'): number => Number(list(row, key).find((a) => a.action_type === type)?.value ?? 0);
/** purchase value in cents */
const purchaseValue = (row: Row | undefined): number => cents(list(row, 'action_values').find((a) => a.action_type === 'omni_purchase')?.value);
function only(resp: Resp): Row {
  if (resp.error || !resp.data[0]) throw new Error(JSON.stringify(resp));
  return resp.data[0];
}

describe('meta insights: ranges and days', () => {
  it('daily rows add up to the range row for additive metrics; reach is a union, not a sum', async () => {
    const daily = await all(`${ACT}/insights?level=account&fields=${FIELDS}&time_range=${MAY}&time_increment=1&limit=7`);
    expect(daily).toHaveLength(31);
    expect(daily.every((r) => r.date_start === r.date_stop)).toBe(true);
    const range = only(await get(`${ACT}/insights?level=account&fields=${FIELDS}&time_range=${MAY}`));
    expect(range).toMatchObject({ date_start: '2026-05-01', date_stop: '2026-05-31', account_id: '100000000000001' });
    for (const k of ['spend', 'impressions', 'clicks', 'reach', 'frequency', 'cpc', 'cpm', 'ctr']) expect(typeof range[k]).toBe('string');
    expect(range.spend).toMatch(/^\d+\.\d{2}$/);
    expect(sumCents(daily, 'spend')).toBe(cents(range.spend));
    expect(sum(daily, 'impressions')).toBe(Number(range.impressions));
    expect(sum(daily, 'clicks')).toBe(Number(range.clicks));
    expect(sum(daily, 'inline_link_clicks')).toBe(Number(range.inline_link_clicks));
    expect(daily.reduce((s, r) => s + action(r, 'omni_purchase'), 0)).toBe(action(range, 'omni_purchase'));
    expect(daily.reduce((s, r) => s + purchaseValue(r), 0)).toBe(purchaseValue(range));
    const reach = Number(range.reach);
    expect(reach).toBeLessThan(sum(daily, 'reach'));
    expect(reach).toBeGreaterThanOrEqual(Math.max(...daily.map((r) => Number(r.reach))));
    expect(Number(range.unique_clicks)).toBeLessThan(sum(daily, 'unique_clicks'));
    // ratios recomputed from sums
    expect(Number(range.frequency)).toBeCloseTo(Number(range.impressions) / reach, 5);
    expect(Number(range.ctr)).toBeCloseTo((Number(range.clicks) / Number(range.impressions)) * 100, 5);
    expect(Number(range.cpm)).toBeCloseTo((Number(range.spend) / Number(range.impressions)) * 1000, 4);
    expect(Number(list(range, 'purchase_roas')[0]?.value)).toBeCloseTo(purchaseValue(range) / cents(range.spend), 5);
    expect(list(range, 'purchase_roas')[0]?.action_type).toBe('omni_purchase');
    for (const alias of ['purchase', 'offsite_conversion.fb_pixel_purchase']) expect(action(range, alias)).toBe(action(range, 'omni_purchase'));
    for (const t of ['add_to_cart', 'initiate_checkout', 'landing_page_view', 'link_click', 'video_view']) expect(action(range, t)).toBeGreaterThan(0);
  });

  it('campaign rows add up to the account, and /{campaign_id}/insights agrees', async () => {
    const account = only(await get(`${ACT}/insights?fields=spend,impressions&time_range=${MAY}`));
    const campaigns = await all(`${ACT}/insights?level=campaign&fields=campaign_id,campaign_name,spend,impressions,reach&time_range=${MAY}&limit=3`);
    expect(campaigns.length).toBeGreaterThan(2);
    expect(sumCents(campaigns, 'spend')).toBe(cents(account.spend));
    expect(sum(campaigns, 'impressions')).toBe(Number(account.impressions));
    const c = campaigns[0] as Row;
    const own = only(await get(`${String(c.campaign_id)}/insights?fields=campaign_id,campaign_name,spend,impressions,reach&time_range=${MAY}`));
    expect(own).toEqual(c);
    const sets = await all(`${String(c.campaign_id)}/insights?level=adset&fields=adset_id,spend&time_range=${MAY}`);
    expect(sumCents(sets, 'spend')).toBe(cents(c.spend));
    const filtered = await all(`${ACT}/insights?level=campaign&fields=campaign_id,spend&time_range=${MAY}&filtering=${encodeURIComponent(JSON.stringify([{ field: 'campaign.id', operator: 'IN', value: [c.campaign_id] }]))}`);
    expect(filtered).toEqual([{ campaign_id: c.campaign_id, spend: c.spend, date_start: '2026-05-01', date_stop: '2026-05-31' }]);
  });

  it('both demo accounts together spend the merchant\'s Meta spend each day', async () => {
    const merchant = findMerchant(p.ctx.world, 'demo');
    const range = encodeURIComponent(JSON.stringify({ since: '2026-06-01', until: '2026-06-14' }));
    const a = await all(`act_100000000000001/insights?fields=spend&time_range=${range}&time_increment=1`);
    const b = await all(`act_100000000000002/insights?fields=spend&time_range=${range}&time_increment=1`);
    expect(a).toHaveLength(14);
    a.forEach((row, i) => {
      const md = merchantDay(p.ctx.world.seed, merchant, String(row.date_start));
      expect(Math.abs(cents(row.spend) + cents(b[i]?.spend) - Math.round(md.metaSpend * 100))).toBeLessThanOrEqual(1);
    });
  });

  it('has no data for today or before the history start, and refuses ranges beyond 37 months', async () => {
    const today = await get(`${ACT}/insights?fields=spend&date_preset=today`);
    expect(today.data).toEqual([]);
    const old = await get(`${ACT}/insights?fields=spend&time_range=${encodeURIComponent('{"since":"2023-01-01","until":"2023-01-31"}')}`);
    expect(old.error).toMatchObject({ code: 3018 });
    const y = await get(`${ACT}/insights?fields=spend&date_preset=yesterday`);
    expect(only(y)).toMatchObject({ date_start: '2026-06-14', date_stop: '2026-06-14' });
  });

  it('rejects unknown fields with the insights wording', async () => {
    const body = await get(`${ACT}/insights?fields=spend,video_3_sec_watched_actions`);
    expect(body.error).toMatchObject({ code: 100, type: 'OAuthException' });
    expect(body.error?.message).toBe('(#100) video_3_sec_watched_actions is not valid for fields param. please check https://developers.facebook.com/docs/marketing-api/reference/ads-insights/ for all valid values');
  });
});

describe('meta insights: breakdowns', () => {
  const combos = ['age,gender', 'country', 'publisher_platform', 'publisher_platform,platform_position', 'publisher_platform,platform_position,impression_device', 'impression_device', 'user_segment_key'];
  it.each(combos)('%s rows sum to the unbroken totals', async (breakdowns) => {
    const total = only(await get(`${ACT}/insights?fields=spend,impressions,clicks,actions,action_values&time_range=${MAY}`));
    const rows = await all(`${ACT}/insights?fields=spend,impressions,clicks,actions,action_values&time_range=${MAY}&breakdowns=${breakdowns}&limit=500`);
    expect(rows.length).toBeGreaterThan(1);
    for (const key of breakdowns.split(',')) expect(rows.every((r) => typeof r[key] === 'string')).toBe(true);
    expect(sumCents(rows, 'spend')).toBe(cents(total.spend));
    expect(sum(rows, 'impressions')).toBe(Number(total.impressions));
    expect(sum(rows, 'clicks')).toBe(Number(total.clicks));
    expect(rows.reduce((s, r) => s + action(r, 'omni_purchase'), 0)).toBe(action(total, 'omni_purchase'));
    expect(rows.reduce((s, r) => s + purchaseValue(r), 0)).toBe(purchaseValue(total));
  });

  it('has realistic shares: 25-34 leads, women lead for fashion, India, Android, Instagram', async () => {
    const share = async (b: string): Promise<Record<string, number>> => {
      const rows = await all(`${ACT}/insights?fields=impressions&time_range=${MAY}&breakdowns=${b}&limit=500`);
      const out: Record<string, number> = {};
      for (const r of rows) out[String(r[b])] = (out[String(r[b])] ?? 0) + Number(r.impressions);
      return out;
    };
    const age = await share('age');
    expect(Object.entries(age).sort((a, b) => b[1] - a[1])[0]?.[0]).toBe('25-34');
    const gender = await share('gender');
    expect(gender.female).toBeGreaterThan(gender.male ?? 0);
    const country = await share('country');
    expect(Object.entries(country).sort((a, b) => b[1] - a[1])[0]?.[0]).toBe('IN');
    const device = await share('impression_device');
    expect(Object.entries(device).sort((a, b) => b[1] - a[1])[0]?.[0]).toBe('android_smartphone');
    const platform = await share('publisher_platform');
    expect(platform.instagram).toBeGreaterThan(platform.facebook ?? 0);
  });

  it('refuses invalid combinations with the real error', async () => {
    const alone = await get(`${ACT}/insights?fields=spend&breakdowns=platform_position`);
    expect(alone.error).toMatchObject({ code: 100, type: 'OAuthException', message: '(#100) Current combination of data breakdown columns (action_type, platform_position) is invalid' });
    const mixed = await get(`${ACT}/insights?fields=spend&breakdowns=age,country`);
    expect(mixed.error?.message).toBe('(#100) Current combination of data breakdown columns (action_type, age, country) is invalid');
    const unknown = await get(`${ACT}/insights?fields=spend&breakdowns=zodiac`);
    expect(unknown.error?.code).toBe(100);
  });

  it('adds attribution window keys to conversion actions', async () => {
    const row = only(await get(`${ACT}/insights?fields=actions&time_range=${MAY}&action_attribution_windows=["7d_click","1d_view"]`));
    const purchase = list(row, 'actions').find((a) => a.action_type === 'omni_purchase');
    expect(Number(purchase?.['7d_click']) + Number(purchase?.['1d_view'])).toBe(Number(purchase?.value));
    expect(Number(purchase?.['1d_view'])).toBeGreaterThan(0);
  });
});

describe('meta insights: paging, determinism, restatement', () => {
  it('pages daily campaign rows to the end through paging.next', async () => {
    const first = await get(`${ACT}/insights?level=campaign&fields=campaign_id,spend&time_range=${MAY}&time_increment=1&limit=50`);
    expect(first.paging?.cursors.before).toBe('MAZDZD');
    expect(first.paging?.next?.startsWith(`${p.baseUrl}/v25.0/${ACT}/insights?`)).toBe(true);
    const rows = await all(`${ACT}/insights?level=campaign&fields=campaign_id,spend&time_range=${MAY}&time_increment=1&limit=50`);
    const once = await get(`${ACT}/insights?level=campaign&fields=campaign_id,spend&time_range=${MAY}&time_increment=1&limit=5000`);
    expect(once.paging?.next).toBeUndefined();
    expect(rows).toEqual(once.data);
    expect(new Set(rows.map((r) => `${r.date_start}|${r.campaign_id}`)).size).toBe(rows.length);
  });

  it('gives byte-identical bodies for the same seed and different ones for another seed', async () => {
    const path = `${ACT}/insights?level=adset&fields=adset_id,adset_name,spend,impressions,reach,actions,purchase_roas&time_range=${MAY}&breakdowns=age&limit=5000`;
    const twin = await startPlatform('meta', metaEmulator);
    const other = await startPlatform('meta', metaEmulator, { seed: 'another-seed' });
    try {
      const a = await (await fetch(`${p.baseUrl}/v25.0/${path}`, { headers: { authorization: `Bearer ${token}` } })).text();
      const b = await (await fetch(`${twin.baseUrl}/v25.0/${path}`, { headers: { authorization: `Bearer ${await mint(twin)}` } })).text();
      expect(b).toBe(a);
      const c = await (await fetch(`${other.baseUrl}/v25.0/${ACT}/insights?fields=spend,impressions&time_range=${MAY}`, { headers: { authorization: `Bearer ${await mint(other)}` } })).text();
      const d = await (await fetch(`${p.baseUrl}/v25.0/${ACT}/insights?fields=spend,impressions&time_range=${MAY}`, { headers: { authorization: `Bearer ${token}` } })).text();
      expect(c).not.toBe(d);
    } finally {
      await twin.close();
      await other.close();
    }
  });

  it('restates the last 28 days of conversions as the clock moves; delivery and old days stay put', async () => {
    const instance = await startPlatform('meta', metaEmulator);
    try {
      const tok = await mint(instance);
      const range = encodeURIComponent(JSON.stringify({ since: '2026-05-01', until: '2026-06-14' }));
      const read = async (): Promise<Row[]> => (await get(`${ACT}/insights?fields=spend,impressions,clicks,actions,action_values,purchase_roas&time_range=${range}&time_increment=1&limit=100`, instance, tok)).data;
      const before = await read();
      const move = await fetch(`${instance.baseUrl}/__admin/clock`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ now: '2026-07-20T06:00:00Z' }) });
      expect(move.status).toBe(200);
      const after = await read();
      expect(after).toHaveLength(before.length);
      let changed = 0;
      before.forEach((b, i) => {
        const a = after[i] as Row;
        expect(a.date_start).toBe(b.date_start);
        expect([a.spend, a.impressions, a.clicks]).toEqual([b.spend, b.impressions, b.clicks]);
        const age = Math.round((Date.parse('2026-06-15') - Date.parse(String(b.date_start))) / 86_400_000);
        if (age >= 28) {
          expect(a.actions).toEqual(b.actions);
          expect(a.action_values).toEqual(b.action_values);
        } else {
          // more conversions get attributed as the day ages
          expect(action(a, 'omni_purchase', 'action_values')).toBeGreaterThanOrEqual(action(b, 'omni_purchase', 'action_values'));
          if (JSON.stringify(a.action_values) !== JSON.stringify(b.action_values)) changed++;
        }
      });
      expect(changed).toBeGreaterThan(20);
    } finally {
      await instance.close();
    }
  });
});
