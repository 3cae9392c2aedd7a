import { centsToAmount } from '@parallels/contract/money';
import { additive, rowDate, type Additive, type MapContext, type MetaBreakdownRow } from './meta-mapping.js';

// The Meta reports' seven tabs (spec/reports.md: Age, Gender, Country, Platform, Placement, Impression
// Device, Audience Segments), one account-level report run each, asked for exactly the breakdown the tab shows.
// Meta splits each delivery cell and rounds every cell of the breakdown it was asked for, so a figure summed
// out of a combined run (age out of age x gender, platform out of platform x position) differs from Meta's own
// answer for that breakdown by rounding cents: the reports must equal Meta's figure for their breakdown
// (ARCHITECTURE principle 4; docs/decisions/016). Separate runs also read fewer rows than the cross products
// did (age 7 + gender 3 cells a day instead of 21), and the runs are created together and polled side by side,
// so a window still costs about as long as its slowest run. A placement is 'platform/position' (positions
// repeat across platforms: facebook/feed, instagram/feed), so its run asks for both keys.
// Additive metrics sum exactly (integer cents). Reach is not requested: Meta limits breakdown reach older than
// 13 months (insights best practices, 2025), and no report reads it; the column keeps its default.

export interface BreakdownOutput {
  /** the name stored in meta_breakdown_daily.breakdown */
  breakdown: string;
  /** the row keys whose values, joined with '/', form the stored value */
  keys: string[];
}

export interface BreakdownRun {
  breakdowns: string[];
  outputs: BreakdownOutput[];
}

export const BREAKDOWN_RUNS: readonly BreakdownRun[] = [
  { breakdowns: ['age'], outputs: [{ breakdown: 'age', keys: ['age'] }] },
  { breakdowns: ['gender'], outputs: [{ breakdown: 'gender', keys: ['gender'] }] },
  { breakdowns: ['country'], outputs: [{ breakdown: 'country', keys: ['country'] }] },
  { breakdowns: ['publisher_platform'], outputs: [{ breakdown: 'publisher_platform', keys: ['publisher_platform'] }] },
  { breakdowns: ['publisher_platform', 'platform_position'], outputs: [{ breakdown: 'platform_position', keys: ['publisher_platform', 'platform_position'] }] },
  { breakdowns: ['impression_device'], outputs: [{ breakdown: 'impression_device', keys: ['impression_device'] }] },
  { breakdowns: ['user_segment_key'], outputs: [{ breakdown: 'user_segment_key', keys: ['user_segment_key'] }] },
];

function cellValue(row: Record<string, unknown>, keys: string[]): string {
  return keys.map((k) => (typeof row[k] === 'string' && row[k] !== '' ? (row[k] as string) : 'unknown')).join('/');
}

function add(into: Additive, from: Additive): void {
  into.spendCents += from.spendCents;
  into.impressions += from.impressions;
  into.clicks += from.clicks;
  into.linkClicks += from.linkClicks;
  into.purchases += from.purchases;
  into.purchaseValueCents += from.purchaseValueCents;
}

/** One run's daily rows -> one meta_breakdown_daily row per (output breakdown, value, day), summed exactly. */
export function collapseBreakdownRows(rows: ReadonlyArray<Record<string, unknown>>, run: BreakdownRun, ctx: MapContext): MetaBreakdownRow[] {
  const cells = new Map<string, { breakdown: string; value: string; date: string; sums: Additive }>();
  for (const row of rows) {
    const date = rowDate(row);
    const metrics = additive(row);
    for (const out of run.outputs) {
      const value = cellValue(row, out.keys);
      const key = `${out.breakdown}\u0000${value}\u0000${date}`;
      let cell = cells.get(key);
      if (!cell) {
        cell = { breakdown: out.breakdown, value, date, sums: { spendCents: 0, impressions: 0, clicks: 0, linkClicks: 0, purchases: 0, purchaseValueCents: 0 } };
        cells.set(key, cell);
      }
      add(cell.sums, metrics);
    }
  }
  const order = run.outputs.map((o) => o.breakdown);
  return [...cells.values()]
    .sort((a, b) => order.indexOf(a.breakdown) - order.indexOf(b.breakdown) || (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
    .map((c) => ({
      brandId: ctx.brandId,
      accountId: ctx.accountId,
      breakdown: c.breakdown,
      value: c.value,
      date: c.date,
      spend: centsToAmount(c.sums.spendCents),
      impressions: c.sums.impressions,
      clicks: c.sums.clicks,
      linkClicks: c.sums.linkClicks,
      purchases: c.sums.purchases,
      purchaseValue: centsToAmount(c.sums.purchaseValueCents),
    }));
}
