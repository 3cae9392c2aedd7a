import { money, int, ratio } from './format.js';
import type { AdditiveKey } from './daily.js';
import type { Aggregate } from './insights.js';
import type { InsightsQuery } from './insights-query.js';

// An aggregate as Graph writes it: every number a string, ratios recomputed from sums (never averaged),
// action lists as [{action_type, value}], zero metrics and empty lists simply absent (reference 1.6).

type ActionObj = Record<string, string>;
export type Row = Record<string, string | ActionObj[]>;

interface ActionDef { types: string[]; key: AdditiveKey; conversion: boolean }

// aliases overlap by design: one event reported under several action_type names (reference 1.6 table)
const ACTIONS: ActionDef[] = [
  { types: ['link_click'], key: 'link', conversion: false },
  { types: ['landing_page_view', 'omni_landing_page_view'], key: 'lpv', conversion: false },
  { types: ['video_view'], key: 'videoViews', conversion: false },
  { types: ['post_reaction'], key: 'reactions', conversion: false },
  { types: ['view_content', 'omni_view_content', 'offsite_conversion.fb_pixel_view_content'], key: 'viewContent', conversion: true },
  { types: ['add_to_cart', 'omni_add_to_cart', 'offsite_conversion.fb_pixel_add_to_cart', 'onsite_web_add_to_cart'], key: 'atc', conversion: true },
  { types: ['initiate_checkout', 'omni_initiated_checkout', 'offsite_conversion.fb_pixel_initiate_checkout'], key: 'ic', conversion: true },
  { types: ['offsite_conversion.fb_pixel_purchase', 'omni_purchase', 'purchase', 'onsite_web_purchase', 'web_in_store_purchase'], key: 'purchases', conversion: true },
];

const VALUES: ActionDef[] = [
  { types: ['add_to_cart', 'omni_add_to_cart', 'offsite_conversion.fb_pixel_add_to_cart', 'onsite_web_add_to_cart'], key: 'atcValue', conversion: true },
  { types: ['initiate_checkout', 'omni_initiated_checkout', 'offsite_conversion.fb_pixel_initiate_checkout'], key: 'icValue', conversion: true },
  { types: ['offsite_conversion.fb_pixel_purchase', 'omni_purchase', 'purchase', 'onsite_web_purchase', 'web_in_store_purchase'], key: 'purchaseValue', conversion: true },
];

/** share of a conversion credited inside each window, relative to the default 7d_click + 1d_view */
const WINDOW_SHARE: Record<string, number> = { '1d_click': 0.66, '7d_click': 0.84, '28d_click': 0.94, '1d_view': 0.16, '7d_view': 0.29, '28d_view': 0.46 };

function windowed(value: number, def: ActionDef, windows: string[], fmt: (n: number) => string): ActionObj {
  const out: ActionObj = {};
  for (const w of windows) {
    const share = WINDOW_SHARE[w];
    if (share === undefined) continue;
    if (!def.conversion) {
      if (w.endsWith('_click')) out[w] = fmt(value);
      continue;
    }
    // value = 7d_click + 1d_view exactly, as with the default attribution setting
    const click7 = Math.round(value * 0.84);
    out[w] = fmt(w === '7d_click' ? click7 : w === '1d_view' ? value - click7 : Math.round(value * share));
  }
  return out;
}

function actionList(sums: Record<AdditiveKey, number>, defs: ActionDef[], windows: string[], fmt: (n: number) => string): ActionObj[] {
  const out: ActionObj[] = [];
  for (const def of defs) {
    const v = sums[def.key];
    if (v <= 0) continue;
    for (const t of def.types) out.push({ action_type: t, value: fmt(v), ...windowed(v, def, windows, fmt) });
  }
  return out;
}

export function formatRow(a: Aggregate, q: InsightsQuery): Row {
  const s = a.sums;
  const spend = s.spend / 100;
  const row: Row = {};
  const put = (k: string, v: string | ActionObj[] | undefined): void => {
    if (v === undefined || (Array.isArray(v) && v.length === 0)) return;
    row[k] = v;
  };
  const per = (num: number, den: number, scale = 1): string | undefined => (den > 0 ? ratio((num / den) * scale) : undefined);
  for (const f of q.fields) {
    switch (f) {
      case 'account_id': put(f, a.account.account.accountId); break;
      case 'account_name': put(f, a.account.account.name); break;
      case 'account_currency': put(f, a.account.account.currency); break;
      case 'campaign_id': put(f, a.campaign?.id); break;
      case 'campaign_name': put(f, a.campaign?.name); break;
      case 'adset_id': put(f, a.adset?.id); break;
      case 'adset_name': put(f, a.adset?.name); break;
      case 'objective': put(f, a.campaign?.objective); break;
      case 'buying_type': put(f, 'AUCTION'); break;
      case 'attribution_setting': put(f, a.campaign ? '7d_click_1d_view' : undefined); break;
      case 'spend': put(f, money(s.spend)); break;
      case 'impressions': put(f, int(s.impressions)); break;
      case 'clicks': put(f, int(s.clicks)); break;
      case 'reach': put(f, int(a.reach)); break;
      case 'frequency': put(f, per(s.impressions, a.reach)); break;
      case 'cpc': put(f, per(spend, s.clicks)); break;
      case 'cpm': put(f, per(spend, s.impressions, 1000)); break;
      case 'ctr': put(f, per(s.clicks, s.impressions, 100)); break;
      case 'cpp': put(f, per(spend, a.reach, 1000)); break;
      case 'unique_clicks': put(f, int(a.uniqueClicks)); break;
      case 'unique_ctr': put(f, per(a.uniqueClicks, a.reach, 100)); break;
      case 'cost_per_unique_click': put(f, per(spend, a.uniqueClicks)); break;
      case 'inline_link_clicks': put(f, int(s.link)); break;
      case 'unique_inline_link_clicks': put(f, int(a.uniqueLink)); break;
      case 'inline_link_click_ctr': put(f, per(s.link, s.impressions, 100)); break;
      case 'cost_per_inline_link_click': put(f, per(spend, s.link)); break;
      case 'outbound_clicks': put(f, s.outbound > 0 ? [{ action_type: 'outbound_click', value: int(s.outbound) }] : undefined); break;
      case 'outbound_clicks_ctr': { const v = per(s.outbound, s.impressions, 100); put(f, s.outbound > 0 && v ? [{ action_type: 'outbound_click', value: v }] : undefined); break; }
      case 'cost_per_outbound_click': { const v = per(spend, s.outbound); put(f, v ? [{ action_type: 'outbound_click', value: v }] : undefined); break; }
      case 'actions': put(f, actionList(s, ACTIONS, q.windows, int)); break;
      case 'action_values': put(f, actionList(s, VALUES, q.windows, money)); break;
      case 'cost_per_action_type': put(f, ACTIONS.flatMap((d) => (s[d.key] > 0 ? d.types.map((t) => ({ action_type: t, value: ratio(spend / s[d.key]) })) : []))); break;
      case 'purchase_roas': put(f, s.purchaseValue > 0 && s.spend > 0 ? [{ action_type: 'omni_purchase', value: ratio(s.purchaseValue / s.spend) }] : undefined); break;
      case 'website_purchase_roas': put(f, s.purchaseValue > 0 && s.spend > 0 ? [{ action_type: 'offsite_conversion.fb_pixel_purchase', value: ratio(s.purchaseValue / s.spend) }] : undefined); break;
      case 'video_play_actions': put(f, s.videoViews > 0 ? [{ action_type: 'video_view', value: int(s.videoViews) }] : undefined); break;
      case 'video_thruplay_watched_actions': put(f, s.thruplays > 0 ? [{ action_type: 'video_view', value: int(s.thruplays) }] : undefined); break;
      default: break; // date_start/date_stop and ad-level ids are placed below or do not apply
    }
  }
  row.date_start = a.bucket.since;
  row.date_stop = a.bucket.until;
  for (const [k, v] of Object.entries(a.values)) row[k] = v;
  return row;
}
