import { addDays, daysBetween, isDay, parseDay, toDay } from '../common/dates.js';
import { validateBreakdowns, type Breakdown } from './breakdowns.js';
import { errors } from './errors.js';

// Parsing and validating the insights parameters (reference 1.6): fields, level, time_range or
// date_preset, time_increment, breakdowns, filtering, attribution windows, limit.

export type Level = 'account' | 'campaign' | 'adset';
export interface Filter { field: string; operator: string; value: string[] }
export interface Bucket { since: string; until: string }

export interface InsightsQuery {
  level: Level;
  fields: string[];
  since: string;
  until: string;
  buckets: Bucket[];
  breakdowns: Breakdown[];
  actionBreakdowns: string[];
  filters: Filter[];
  windows: string[];
  limit: number;
}

export const INSIGHTS_FIELDS = [
  'account_currency', 'account_id', 'account_name', 'campaign_id', 'campaign_name', 'adset_id', 'adset_name', 'ad_id', 'ad_name',
  'objective', 'buying_type', 'attribution_setting', 'date_start', 'date_stop',
  'spend', 'impressions', 'clicks', 'reach', 'frequency', 'cpc', 'cpm', 'ctr', 'cpp',
  'unique_clicks', 'unique_ctr', 'cost_per_unique_click', 'inline_link_clicks', 'unique_inline_link_clicks', 'inline_link_click_ctr',
  'cost_per_inline_link_click', 'outbound_clicks', 'outbound_clicks_ctr', 'cost_per_outbound_click',
  'actions', 'action_values', 'cost_per_action_type', 'purchase_roas', 'website_purchase_roas',
  'video_play_actions', 'video_thruplay_watched_actions',
] as const;

// Fields Meta no longer accepts answer (#100) "... is not valid for fields param" (seen in captured client
// code for video_3_sec_watched_actions), which fails the whole call rather than omitting the column.
const DEFAULT_FIELDS = ['impressions', 'spend'];
const WINDOWS = ['1d_view', '7d_view', '28d_view', '1d_click', '7d_click', '28d_click', '1d_ev', 'dda', 'default', 'skan_view', 'skan_click'];
const ACTION_BREAKDOWNS = ['action_type', 'action_device', 'action_destination', 'action_reaction', 'action_target_id', 'action_video_sound', 'action_video_type', 'action_canvas_component_name', 'action_carousel_card_id', 'action_carousel_card_name', 'conversion_destination', 'standard_event_content_type'];
const FILTER_FIELDS = ['campaign.id', 'adset.id', 'campaign.name', 'adset.name', 'campaign.effective_status', 'adset.effective_status', 'campaign.objective'];
const FILTER_OPS = ['EQUAL', 'NOT_EQUAL', 'IN', 'NOT_IN', 'CONTAIN', 'NOT_CONTAIN'];
export const DATE_PRESETS = [
  'today', 'yesterday', 'this_month', 'last_month', 'this_quarter', 'maximum', 'data_maximum', 'last_3d', 'last_7d', 'last_14d', 'last_28d',
  'last_30d', 'last_90d', 'last_week_mon_sun', 'last_week_sun_sat', 'last_quarter', 'last_year', 'this_week_mon_today', 'this_week_sun_today', 'this_year',
];

/** Graph list params come as JSON arrays (["a","b"]) or comma-separated */
export function parseList(value: string | undefined): string[] {
  if (value === undefined || value.trim() === '') return [];
  const v = value.trim();
  if (v.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(v);
      if (Array.isArray(parsed)) return parsed.map((x) => String(x));
    } catch {
      throw errors.invalidParam(`Invalid JSON for list parameter: ${v}`);
    }
  }
  return v.split(',').map((x) => x.trim()).filter(Boolean);
}

function monthStart(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

function quarterStart(day: string): string {
  const m = Number(day.slice(5, 7));
  return `${day.slice(0, 4)}-${String(Math.floor((m - 1) / 3) * 3 + 1).padStart(2, '0')}-01`;
}

function monthsBefore(day: string, months: number): string {
  const d = parseDay(day);
  d.setUTCMonth(d.getUTCMonth() - months);
  return toDay(d);
}

export function presetRange(preset: string, today: string, earliest: string): Bucket {
  const y = addDays(today, -1);
  const dow = parseDay(today).getUTCDay();
  const last = /^last_(\d+)d$/.exec(preset);
  if (last) return { since: addDays(today, -Number(last[1])), until: y };
  switch (preset) {
    case 'today': return { since: today, until: today };
    case 'yesterday': return { since: y, until: y };
    case 'this_month': return { since: monthStart(today), until: today };
    case 'last_month': { const s = monthsBefore(monthStart(today), 1); return { since: s, until: addDays(monthStart(today), -1) }; }
    case 'this_quarter': return { since: quarterStart(today), until: today };
    case 'last_quarter': { const s = monthsBefore(quarterStart(today), 3); return { since: s, until: addDays(quarterStart(today), -1) }; }
    case 'this_year': return { since: `${today.slice(0, 4)}-01-01`, until: today };
    case 'last_year': { const yr = Number(today.slice(0, 4)) - 1; return { since: `${yr}-01-01`, until: `${yr}-12-31` }; }
    case 'this_week_mon_today': return { since: addDays(today, -((dow + 6) % 7)), until: today };
    case 'this_week_sun_today': return { since: addDays(today, -dow), until: today };
    case 'last_week_mon_sun': { const mon = addDays(today, -((dow + 6) % 7) - 7); return { since: mon, until: addDays(mon, 6) }; }
    case 'last_week_sun_sat': { const sun = addDays(today, -dow - 7); return { since: sun, until: addDays(sun, 6) }; }
    default: return { since: earliest, until: y }; // maximum, data_maximum
  }
}

function buckets(since: string, until: string, increment: string | undefined): Bucket[] {
  if (increment === undefined || increment === '' || increment === 'all_days') return [{ since, until }];
  if (increment === 'monthly') {
    const out: Bucket[] = [];
    for (let s = since; s <= until; s = monthsBefore(monthStart(s), -1)) {
      const end = addDays(monthsBefore(monthStart(s), -1), -1);
      out.push({ since: s, until: end < until ? end : until });
    }
    return out;
  }
  const n = Number(increment);
  if (!Number.isInteger(n) || n < 1 || n > 90) throw errors.invalidParam("time_increment must be an integer between 1 and 90, 'monthly' or 'all_days'");
  const out: Bucket[] = [];
  for (let s = since; s <= until; s = addDays(s, n)) {
    const end = addDays(s, n - 1);
    out.push({ since: s, until: end < until ? end : until });
  }
  return out;
}

function parseFilters(value: string | undefined): Filter[] {
  if (!value) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw errors.invalidParam('Param filtering must be a JSON array of {field, operator, value} objects');
  }
  if (!Array.isArray(parsed)) throw errors.invalidParam('Param filtering must be a JSON array of {field, operator, value} objects');
  return parsed.map((f: unknown) => {
    const o = (f ?? {}) as Record<string, unknown>;
    const field = String(o.field ?? '');
    const operator = String(o.operator ?? '').toUpperCase();
    if (!FILTER_FIELDS.includes(field) || !FILTER_OPS.includes(operator)) {
      throw errors.invalidParam(`Filtering field ${field} with operation ${operator.toLowerCase()} is not supported`);
    }
    const value = Array.isArray(o.value) ? o.value.map((x) => String(x)) : [String(o.value ?? '')];
    return { field, operator, value };
  });
}

export function parseInsightsQuery(params: Record<string, string>, opts: { defaultLevel: Level; allowedLevels: Level[]; today: string; earliest: string }): InsightsQuery {
  const fields = params.fields ? parseList(params.fields) : DEFAULT_FIELDS;
  for (const f of fields) if (!(INSIGHTS_FIELDS as readonly string[]).includes(f)) throw errors.insightsField(f);
  const level = (params.level ?? opts.defaultLevel) as Level;
  if (!opts.allowedLevels.includes(level)) throw errors.invalidParam(`level must be one of the following values: ${opts.allowedLevels.join(', ')}, ad`);

  let range: Bucket;
  if (params.time_range) {
    let tr: Record<string, unknown>;
    try {
      tr = JSON.parse(params.time_range) as Record<string, unknown>;
    } catch {
      throw errors.invalidParam('Param time_range must be a JSON object with since and until (YYYY-MM-DD)');
    }
    const since = String(tr.since ?? '');
    const until = String(tr.until ?? '');
    if (!isDay(since) || !isDay(until)) throw errors.invalidParam('Param time_range must be a JSON object with since and until (YYYY-MM-DD)');
    if (since > until) throw errors.invalidParam('Param time_range: since must be on or before until');
    range = { since, until };
  } else {
    const preset = params.date_preset ?? 'last_30d';
    if (!DATE_PRESETS.includes(preset)) throw errors.invalidParam(`date_preset must be one of the following values: ${DATE_PRESETS.join(', ')}`);
    range = presetRange(preset, opts.today, opts.earliest);
  }
  if (range.since < monthsBefore(opts.today, 37)) throw errors.tooOld();
  if (daysBetween(range.since, range.until) > 3 * 366 + 40) throw errors.reduceData();

  const actionBreakdowns = params.action_breakdowns !== undefined ? parseList(params.action_breakdowns) : ['action_type'];
  actionBreakdowns.forEach((a, i) => {
    if (!ACTION_BREAKDOWNS.includes(a)) throw errors.invalidParam(`action_breakdowns[${i}] must be one of the following values: ${ACTION_BREAKDOWNS.join(', ')}`);
  });
  const windows = parseList(params.action_attribution_windows);
  windows.forEach((w, i) => {
    if (!WINDOWS.includes(w)) throw errors.invalidParam(`action_attribution_windows[${i}] must be one of the following values: ${WINDOWS.join(', ')}`);
  });
  const limit = params.limit === undefined ? 25 : Number(params.limit);
  if (!Number.isInteger(limit) || limit < 1) throw errors.invalidParam('Param limit must be a positive integer');

  return {
    level,
    fields,
    since: range.since,
    until: range.until,
    buckets: buckets(range.since, range.until, params.time_increment),
    breakdowns: validateBreakdowns(parseList(params.breakdowns), actionBreakdowns),
    actionBreakdowns,
    filters: parseFilters(params.filtering),
    windows,
    limit,
  };
}
