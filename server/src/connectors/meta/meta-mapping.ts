import { centsToAmount, toCents } from '@parallels/contract/money';
import type { metaAdDaily, metaAdsetInterests, metaBreakdownDaily, metaCampaigns } from '../../db/facts-schema.js';
import { PlatformError } from '../platform-error.js';

// Meta rows -> our fact rows, pure functions (platform-apis.md 1.4-1.7). Wire quirks handled here:
// every number is a string; money is in major units of the account currency with up to 2 decimals
// (summed as integer cents so sums are exact); zero metrics and empty action lists are simply absent;
// one event is reported under several overlapping action_type aliases (never add them up); a row's
// date_start is already the ad account's local day (Meta reports in the account timezone), so there
// is nothing to convert; reach and unique counts are deduplicated and never summed.

export type MetaCampaignRow = typeof metaCampaigns.$inferInsert;
export type MetaAdDailyRow = typeof metaAdDaily.$inferInsert;
export type MetaAdsetInterestRow = typeof metaAdsetInterests.$inferInsert;
export type MetaBreakdownRow = typeof metaBreakdownDaily.$inferInsert;

export interface MapContext {
  brandId: string;
  /** act_... as the connection names the account */
  accountId: string;
}

interface ActionStat {
  action_type?: unknown;
  value?: unknown;
}

/**
 * Alias precedence per event, first present wins (reference 1.6 table). omni_* counts the event across
 * web, app and offline, so it is the widest single figure; the pixel-only alias is the last resort for
 * old payloads. landing_page_view has no omni form in older versions, so the plain name comes first.
 */
export const ACTION_ALIASES = {
  purchases: ['omni_purchase', 'purchase', 'offsite_conversion.fb_pixel_purchase'],
  addToCart: ['omni_add_to_cart', 'add_to_cart', 'offsite_conversion.fb_pixel_add_to_cart'],
  initiateCheckout: ['omni_initiated_checkout', 'initiate_checkout', 'offsite_conversion.fb_pixel_initiate_checkout'],
  landingPageViews: ['landing_page_view', 'omni_landing_page_view'],
  /** 3-second video views are `video_view` in `actions` (ThruPlay is a different metric) */
  videoThreeSecondViews: ['video_view'],
} as const;

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** A count from a string number; absent or unparseable ("Not available" on user_segment_key) -> 0. */
export function toCount(value: unknown): number {
  if (typeof value === 'number' && Number.isFinite(value)) return Math.round(value);
  if (typeof value !== 'string' || !DECIMAL.test(value.trim())) return 0;
  return Math.round(Number(value));
}

/**
 * A money string in major units ("412.37", "12", "0.5") -> whole cents by the one money rule
 * (contract/money.ts); absent or unreadable -> 0, like a count.
 */
export function metaCents(value: unknown): number {
  if (typeof value === 'number' && Number.isFinite(value)) return toCents(value);
  return typeof value === 'string' && DECIMAL.test(value.trim()) ? toCents(value) : 0;
}

function statList(value: unknown): ActionStat[] {
  return Array.isArray(value) ? (value as ActionStat[]) : [];
}

/** The value of the first alias present (by precedence), never a sum of aliases. */
export function pickAction(list: unknown, aliases: readonly string[]): string | undefined {
  const stats = statList(list);
  for (const alias of aliases) {
    const hit = stats.find((s) => s.action_type === alias);
    if (hit) return typeof hit.value === 'string' || typeof hit.value === 'number' ? String(hit.value) : undefined;
  }
  return undefined;
}

function text(row: Record<string, unknown>, key: string): string | undefined {
  const v = row[key];
  return typeof v === 'string' && v.length > 0 ? v : undefined;
}

/** the row's single day; a multi-day row means time_increment was not honoured and must not be stored */
export function rowDate(row: Record<string, unknown>): string {
  const start = text(row, 'date_start');
  const stop = text(row, 'date_stop');
  if (!start || !/^\d{4}-\d{2}-\d{2}$/.test(start) || (stop !== undefined && stop !== start)) {
    throw new PlatformError('meta', 'bad_request', `Meta insights row is not one day (date_start ${start ?? '-'}, date_stop ${stop ?? '-'})`);
  }
  return start;
}

/** additive metrics every fact row carries, in exact units (cents for money) */
export interface Additive {
  spendCents: number;
  impressions: number;
  clicks: number;
  linkClicks: number;
  purchases: number;
  purchaseValueCents: number;
}

export function additive(row: Record<string, unknown>): Additive {
  return {
    spendCents: metaCents(row.spend),
    impressions: toCount(row.impressions),
    clicks: toCount(row.clicks),
    linkClicks: toCount(row.inline_link_clicks),
    purchases: toCount(pickAction(row.actions, ACTION_ALIASES.purchases)),
    purchaseValueCents: metaCents(pickAction(row.action_values, ACTION_ALIASES.purchases)),
  };
}

/** One insights row (level campaign or adset, time_increment=1) -> meta_ad_daily. */
export function mapDeliveryRow(row: Record<string, unknown>, level: 'campaign' | 'adset', ctx: MapContext): MetaAdDailyRow {
  const campaignId = text(row, 'campaign_id');
  const adsetId = text(row, 'adset_id');
  const entityId = level === 'adset' ? adsetId : campaignId;
  if (!campaignId || !entityId) throw new PlatformError('meta', 'bad_request', `Meta ${level} insights row without its ids`);
  const a = additive(row);
  return {
    brandId: ctx.brandId,
    accountId: ctx.accountId,
    level,
    entityId,
    date: rowDate(row),
    campaignId,
    campaignName: text(row, 'campaign_name') ?? campaignId,
    adsetId: level === 'adset' ? (adsetId ?? null) : null,
    adsetName: level === 'adset' ? (text(row, 'adset_name') ?? adsetId ?? null) : null,
    spend: centsToAmount(a.spendCents),
    impressions: a.impressions,
    clicks: a.clicks,
    // reach of this entity on this day only (not additive across days or entities)
    reach: toCount(row.reach),
    linkClicks: a.linkClicks,
    uniqueLinkClicks: toCount(row.unique_inline_link_clicks),
    outboundClicks: toCount(pickAction(row.outbound_clicks, ['outbound_click'])),
    landingPageViews: toCount(pickAction(row.actions, ACTION_ALIASES.landingPageViews)),
    addToCart: toCount(pickAction(row.actions, ACTION_ALIASES.addToCart)),
    initiateCheckout: toCount(pickAction(row.actions, ACTION_ALIASES.initiateCheckout)),
    purchases: a.purchases,
    purchaseValue: centsToAmount(a.purchaseValueCents),
    videoThreeSecondViews: toCount(pickAction(row.actions, ACTION_ALIASES.videoThreeSecondViews)),
  };
}

export function mapCampaign(raw: Record<string, unknown>, ctx: MapContext): MetaCampaignRow {
  const id = text(raw, 'id');
  if (!id) throw new PlatformError('meta', 'bad_request', 'Meta campaign without an id');
  const status = text(raw, 'status') ?? text(raw, 'configured_status') ?? 'UNKNOWN';
  return {
    brandId: ctx.brandId,
    accountId: ctx.accountId,
    campaignId: id,
    name: text(raw, 'name') ?? id,
    status,
    effectiveStatus: text(raw, 'effective_status') ?? status,
    objective: text(raw, 'objective') ?? null,
  };
}

interface Interest {
  id?: unknown;
  name?: unknown;
}

/**
 * An ad set's targeted interests (reference 1.5): in `flexible_spec[*].interests` and in the legacy
 * top-level `targeting.interests`; each interest once per ad set. Exclusions are not targets.
 */
export function mapAdsetInterests(raw: Record<string, unknown>, ctx: MapContext): MetaAdsetInterestRow[] {
  const adsetId = text(raw, 'id');
  const campaignId = text(raw, 'campaign_id');
  const targeting = raw.targeting as { interests?: unknown; flexible_spec?: unknown } | undefined;
  if (!adsetId || !campaignId || !targeting) return [];
  const groups = Array.isArray(targeting.flexible_spec) ? (targeting.flexible_spec as Array<{ interests?: unknown }>) : [];
  const all = [targeting.interests, ...groups.map((g) => g?.interests)].flatMap((l) => (Array.isArray(l) ? (l as Interest[]) : []));
  const seen = new Map<string, MetaAdsetInterestRow>();
  for (const i of all) {
    const id = typeof i?.id === 'string' || typeof i?.id === 'number' ? String(i.id) : undefined;
    if (!id || seen.has(id)) continue;
    seen.set(id, { brandId: ctx.brandId, accountId: ctx.accountId, adsetId, interestId: id, interestName: typeof i.name === 'string' ? i.name : id, campaignId });
  }
  return [...seen.values()];
}
