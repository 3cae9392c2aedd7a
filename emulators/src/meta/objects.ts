import { createRng } from '../common/rng.js';
import { addDays, eachDay } from '../common/dates.js';
import type { MetaIdentity } from '../common/world.js';
import { errors } from './errors.js';
import { graphTime } from './format.js';
import { dataWindow } from './insights.js';
import { accountDay } from './daily.js';
import {
  adsetStatus, adsetVisible, adStatus, campaignStatus, campaignVisible,
  type AccountModel, type Ad, type Adset, type Campaign,
} from './entities.js';
import { parseList } from './insights-query.js';
import type { MetaState } from './state.js';

// Graph nodes and edges other than insights: /me, /me/adaccounts, ad accounts, campaigns, ad sets and
// ads. Without `fields` an edge returns ids only (adaccounts: account_id and id), as Graph does.

type Json = Record<string, unknown>;

/** top-level names from a Graph fields list; `business{id,name}` -> business */
export function parseFields(value: string | undefined): string[] {
  if (!value) return [];
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of value) {
    if (ch === '{') depth++;
    else if (ch === '}') depth--;
    else if (ch === ',' && depth === 0) {
      if (cur.trim()) out.push(cur.trim());
      cur = '';
      continue;
    }
    if (depth === 0 && ch !== '}') cur += ch;
  }
  if (cur.trim()) out.push(cur.trim());
  return out.map((f) => f.replace(/\..*$/, ''));
}

/**
 * Graph answers every node with its `id`, asked for or not (after the asked fields), and Meta's SDKs rely on
 * it: an AdAccount without one cannot call anything ('AdAccount Id not defined').
 */
export function withId(node: Json, id: string): Json {
  return 'id' in node ? node : { ...node, id };
}

function pick(all: Json, fields: string[], node: string): Json {
  const out: Json = {};
  for (const f of fields) {
    if (!(f in all)) throw errors.nonexistingField(f, node);
    if (all[f] !== undefined) out[f] = all[f];
  }
  return typeof all.id === 'string' ? withId(out, all.id) : out;
}

function time(day: string, tz: string, ...seed: Array<string | number>): string {
  const r = createRng('meta-times', ...seed);
  const hh = String(r.int(8, 20)).padStart(2, '0');
  const mm = String(r.int(0, 59)).padStart(2, '0');
  const ss = String(r.int(0, 59)).padStart(2, '0');
  return graphTime(day, `${hh}:${mm}:${ss}`, tz);
}

export function meNode(identity: MetaIdentity, fields: string[]): Json {
  const [first, ...rest] = identity.name.split(' ');
  const all: Json = { id: identity.id, name: identity.name, email: identity.email, first_name: first, last_name: rest.join(' '), short_name: first };
  return pick(all, fields.length ? fields : ['name', 'id'], 'User');
}

export function accountNode(state: MetaState, m: AccountModel, fields: string[], defaults: string[]): Json {
  const a = m.account;
  const today = state.ctx.clock.today(a.timezoneName);
  const lazy: Record<string, () => unknown> = {
    amount_spent: () => {
      const { first, last } = dataWindow(state.ctx.world, today);
      let cents = 0;
      for (const day of eachDay(first, last)) for (const s of accountDay(state.ctx.world, m, day).values()) cents += s.spend;
      return String(cents);
    },
  };
  const tzOffset = (): number => {
    const off = graphTime(today, '12:00:00', a.timezoneName).slice(-5);
    return (off.startsWith('-') ? -1 : 1) * (Number(off.slice(1, 3)) + Number(off.slice(3, 5)) / 60);
  };
  const businessName = m.merchant.name;
  const all: Json = {
    id: a.id, account_id: a.accountId, name: a.name, account_status: 1, disable_reason: 0, currency: a.currency,
    timezone_name: a.timezoneName, timezone_offset_hours_utc: tzOffset(), business_name: businessName,
    business: { id: `9${a.accountId.slice(1)}`, name: businessName }, business_country_code: m.home,
    created_time: time(addDays(dataWindow(state.ctx.world, today).first, -20), a.timezoneName, a.id), amount_spent: undefined,
    spend_cap: '0', min_daily_budget: a.currency === 'INR' ? 8900 : 100, is_personal: 0, funding_source: undefined,
  };
  const wanted = fields.length ? fields : defaults;
  const out = pick(all, wanted.filter((f) => !(f in lazy)), 'AdAccount');
  for (const f of wanted) if (f in lazy) out[f] = lazy[f]?.();
  // keep the caller's order
  return withId(Object.fromEntries(wanted.filter((f) => f in out).map((f) => [f, out[f]])), a.id);
}

export function campaignNode(c: Campaign, today: string, fields: string[]): Json {
  const tz = c.account.timezoneName;
  const status = campaignStatus(c, today);
  const all: Json = {
    id: c.id, name: c.name, account_id: c.account.accountId, status, configured_status: status, effective_status: status,
    objective: c.objective, buying_type: 'AUCTION', daily_budget: c.dailyBudget === null ? undefined : String(c.dailyBudget),
    lifetime_budget: '0', budget_remaining: c.dailyBudget === null ? '0' : String(c.dailyBudget),
    bid_strategy: c.dailyBudget === null ? undefined : 'LOWEST_COST_WITHOUT_CAP', special_ad_categories: [],
    smart_promotion_type: c.kind === 'asc' ? 'AUTOMATED_SHOPPING_ADS' : 'GUIDED_CREATION',
    created_time: time(c.created, tz, c.id, 'created'),
    updated_time: time(c.end !== null && c.end < today ? addDays(c.end, 1) : c.created, tz, c.id, 'updated'),
    start_time: graphTime(c.start, '00:00:00', tz),
    stop_time: c.scheduled && c.end !== null ? graphTime(addDays(c.end, 1), '00:00:00', tz) : undefined,
  };
  return pick(all, fields.length ? fields : ['id'], 'Campaign');
}

export function adsetNode(s: Adset, today: string, fields: string[]): Json {
  const c = s.campaign;
  const tz = c.account.timezoneName;
  const st = adsetStatus(s, today);
  const all: Json = {
    id: s.id, name: s.name, campaign_id: c.id, account_id: c.account.accountId, campaign: { id: c.id },
    status: st.status, configured_status: st.status, effective_status: st.effective,
    daily_budget: s.dailyBudget === null ? undefined : String(s.dailyBudget), lifetime_budget: '0',
    budget_remaining: s.dailyBudget === null ? '0' : String(s.dailyBudget),
    targeting: s.targeting,
    optimization_goal: c.objective === 'OUTCOME_AWARENESS' ? 'REACH' : c.objective === 'OUTCOME_TRAFFIC' ? 'LANDING_PAGE_VIEWS' : 'OFFSITE_CONVERSIONS',
    billing_event: 'IMPRESSIONS', bid_strategy: s.dailyBudget === null ? undefined : 'LOWEST_COST_WITHOUT_CAP', destination_type: 'WEBSITE',
    promoted_object: c.objective === 'OUTCOME_SALES' || c.objective === 'CONVERSIONS' ? { pixel_id: `7${c.account.accountId.slice(0, 14)}`, custom_event_type: 'PURCHASE' } : undefined,
    created_time: time(addDays(s.start, -1), tz, s.id, 'created'),
    updated_time: time(s.end !== null && s.end < today ? addDays(s.end, 1) : addDays(s.start, -1), tz, s.id, 'updated'),
    start_time: graphTime(s.start, '00:00:00', tz),
    end_time: c.scheduled && c.end !== null ? graphTime(addDays(c.end, 1), '00:00:00', tz) : undefined,
  };
  return pick(all, fields.length ? fields : ['id'], 'AdSet');
}

export function adNode(ad: Ad, today: string, fields: string[]): Json {
  const s = ad.adset;
  const tz = s.campaign.account.timezoneName;
  const st = adStatus(ad, today);
  const all: Json = {
    id: ad.id, name: ad.name, adset_id: s.id, campaign_id: s.campaign.id, account_id: s.campaign.account.accountId,
    status: st.status, configured_status: st.status, effective_status: st.effective,
    creative: { id: `12024${ad.id.slice(5)}` },
    created_time: time(addDays(ad.start, -1), tz, ad.id, 'created'),
    updated_time: time(ad.end !== null && ad.end < today ? addDays(ad.end, 1) : addDays(ad.start, -1), tz, ad.id, 'updated'),
  };
  return pick(all, fields.length ? fields : ['id'], 'Ad');
}

type Listed = { id: string; name: string; effective: string; campaignId: string; adsetId?: string };

function listField(field: string, o: Listed): string | undefined {
  if (field === 'campaign.id') return o.campaignId;
  if (field === 'adset.id') return o.adsetId;
  const bare = field.replace(/^(campaign|adset|ad)\./, '');
  return bare === 'effective_status' ? o.effective : bare === 'name' ? o.name : bare === 'id' ? o.id : undefined;
}

/** `effective_status=[...]` and a few `filtering` fields on the campaign/adset/ad edges */
function listFilter(params: Record<string, string>): (o: Listed) => boolean {
  const statuses = parseList(params.effective_status);
  let filters: Array<{ field: string; operator: string; value: unknown }> = [];
  if (params.filtering) {
    try {
      filters = JSON.parse(params.filtering) as typeof filters;
    } catch {
      throw errors.invalidParam('Param filtering must be a JSON array of {field, operator, value} objects');
    }
    if (!Array.isArray(filters)) throw errors.invalidParam('Param filtering must be a JSON array of {field, operator, value} objects');
  }
  return (o) => {
    // archived and deleted objects are left out unless asked for
    if (statuses.length ? !statuses.includes(o.effective) : o.effective === 'ARCHIVED' || o.effective === 'DELETED') return false;
    return filters.every((f) => {
      const actual = listField(String(f.field), o);
      if (actual === undefined) throw errors.invalidParam(`Filtering field ${String(f.field)} with operation ${String(f.operator).toLowerCase()} is not supported`);
      const values = Array.isArray(f.value) ? f.value.map(String) : [String(f.value)];
      switch (String(f.operator).toUpperCase()) {
        case 'IN': return values.includes(actual);
        case 'NOT_IN': return !values.includes(actual);
        case 'EQUAL': return actual === values[0];
        case 'NOT_EQUAL': return actual !== values[0];
        case 'CONTAIN': return actual.toLowerCase().includes((values[0] ?? '').toLowerCase());
        case 'NOT_CONTAIN': return !actual.toLowerCase().includes((values[0] ?? '').toLowerCase());
        default: throw errors.invalidParam(`Filtering field ${String(f.field)} with operation ${String(f.operator).toLowerCase()} is not supported`);
      }
    });
  };
}

export function listCampaigns(campaigns: Campaign[], today: string, params: Record<string, string>): Json[] {
  const keep = listFilter(params);
  const fields = parseFields(params.fields);
  return campaigns
    .filter((c) => campaignVisible(c, today))
    .filter((c) => keep({ id: c.id, name: c.name, effective: campaignStatus(c, today), campaignId: c.id }))
    .sort((a, b) => (a.created < b.created ? 1 : a.created > b.created ? -1 : 0)) // newest first, as Ads Manager lists them
    .map((c) => campaignNode(c, today, fields));
}

export function listAdsets(adsets: Adset[], today: string, params: Record<string, string>): Json[] {
  const keep = listFilter(params);
  const fields = parseFields(params.fields);
  return adsets
    .filter((s) => adsetVisible(s, today))
    .filter((s) => keep({ id: s.id, name: s.name, effective: adsetStatus(s, today).effective, campaignId: s.campaign.id, adsetId: s.id }))
    .sort((a, b) => (a.start < b.start ? 1 : a.start > b.start ? -1 : a.id < b.id ? -1 : 1))
    .map((s) => adsetNode(s, today, fields));
}

export function listAds(ads: Ad[], today: string, params: Record<string, string>): Json[] {
  const keep = listFilter(params);
  const fields = parseFields(params.fields);
  return ads
    .filter((ad) => adsetVisible(ad.adset, today))
    .filter((ad) => keep({ id: ad.id, name: ad.name, effective: adStatus(ad, today).effective, campaignId: ad.adset.campaign.id, adsetId: ad.adset.id }))
    .sort((a, b) => (a.start < b.start ? 1 : a.start > b.start ? -1 : a.id < b.id ? -1 : 1))
    .map((ad) => adNode(ad, today, fields));
}
