import { createElement } from 'react';
import { META_REPORT_BREAKDOWNS, type MetaReportBreakdown, type MetaReportMonth, type MetaReportRow } from '@parallels/contract/meta-reports';
import { monthColumnLabel, newestFirst, performanceTone, type ReportColumn, type Tone } from '../../../components/report-table/report-columns';

// The Meta report table of one tab: the breakdown's column, the totals, then one column per month (newest
// first), coloured by the spec's rule on Spend with Purchase ROAS; rows grouped into the performance chips.

export const CATEGORY_OF_TONE: Record<Tone, string> = {
  positive: 'Top Performers',
  'neutral-up': 'High Spend',
  'neutral-down': 'High Purchase ROAS',
  negative: 'Under Performers',
};
export const PERFORMANCE_CATEGORIES = ['Top Performers', 'High Spend', 'High Purchase ROAS', 'Under Performers'] as const;
export type PerformanceCategory = (typeof PERFORMANCE_CATEGORIES)[number];

const average = (values: Array<number | null>): number => {
  const present = values.filter((v): v is number => v !== null);
  return present.length === 0 ? 0 : present.reduce((s, v) => s + v, 0) / present.length;
};

/** Each row's chip: its totals (Spend, Purchase ROAS) against the average of the rows' totals (decision 016). */
export function rowCategories(rows: MetaReportRow[]): Map<string, PerformanceCategory> {
  const spend = average(rows.map((r) => r.totalSpend));
  const roas = average(rows.map((r) => r.totalPurchaseRoas));
  const out = new Map<string, PerformanceCategory>();
  for (const r of rows) {
    const tone = performanceTone(r.totalSpend, r.totalPurchaseRoas, spend, roas);
    if (tone) out.set(r.value, CATEGORY_OF_TONE[tone] as PerformanceCategory);
  }
  return out;
}

const WORDS: Record<string, string> = {
  facebook: 'Facebook', instagram: 'Instagram', audience_network: 'Audience Network', messenger: 'Messenger', iphone: 'iPhone', ipad: 'iPad',
  android_smartphone: 'Android Smartphone', android_tablet: 'Android Tablet', desktop: 'Desktop', female: 'Female', male: 'Male', unknown: 'Unknown',
};

/** A breakdown value as people read it: 'instagram/instagram_reels' -> 'Instagram Reels', 'female' -> 'Female'. */
export function breakdownLabel(tab: MetaReportBreakdown, value: string): string {
  if (tab === 'country' || tab === 'age') return value;
  const words = (part: string) => WORDS[part] ?? part.split('_').map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w)).join(' ');
  if (tab === 'placement') {
    const [platform = '', position = ''] = value.split('/');
    const pos = words(position);
    const plat = words(platform);
    return pos.startsWith(plat) ? pos : `${plat} ${pos}`;
  }
  return words(value);
}

function monthOf(row: MetaReportRow, month: string): MetaReportMonth | undefined {
  return row.monthlyData.find((m) => m.month === month);
}

/** The columns of one tab for these rows: months present in the data, newest first. */
export function metaReportColumns(tab: MetaReportBreakdown, rows: MetaReportRow[]): ReportColumn<MetaReportRow>[] {
  const months = newestFirst(rows.flatMap((r) => r.monthlyData.filter((m) => m.spend !== null || m.purchaseRoas !== null).map((m) => m.month)));
  const monthsWithData = months.length > 0 ? months : newestFirst(rows.flatMap((r) => r.monthlyData.map((m) => m.month)));
  const all = rows.flatMap((r) => r.monthlyData);
  const spendAvg = average(all.map((m) => m.spend));
  const roasAvg = average(all.map((m) => m.purchaseRoas));
  const first: ReportColumn<MetaReportRow> = { id: 'value', header: META_REPORT_BREAKDOWNS[tab].column, kind: 'first', format: 'text', value: (r) => breakdownLabel(tab, r.value) };
  const totals: ReportColumn<MetaReportRow>[] = [
    { id: 'totalSpend', header: 'Total Spend', kind: 'metric', format: 'whole', value: (r) => r.totalSpend },
    { id: 'totalPurchaseRoas', header: 'Total Purchase ROAS', kind: 'metric', format: 'ratio', value: (r) => r.totalPurchaseRoas },
    { id: 'totalPurchases', header: 'Total Purchases', kind: 'metric', format: 'count', value: (r) => r.totalPurchases },
    { id: 'totalPcv', header: 'Total PCV', kind: 'metric', format: 'currency', value: (r) => r.totalPcv },
    { id: 'totalImpressions', header: 'Impressions', kind: 'metric', format: 'count', value: (r) => r.totalImpressions, hidden: true },
    { id: 'totalClicks', header: 'Clicks', kind: 'metric', format: 'count', value: (r) => r.totalClicks, hidden: true },
    { id: 'totalLinkClicks', header: 'Link Clicks', kind: 'metric', format: 'count', value: (r) => r.totalLinkClicks, hidden: true },
  ];
  const monthColumns = monthsWithData.map(
    (month): ReportColumn<MetaReportRow> => ({
      id: `m${month}`,
      header: monthColumnLabel(month),
      kind: 'month',
      format: 'whole',
      value: (r) => monthOf(r, month)?.spend,
      detail: (r, ctx) => {
        const m = monthOf(r, month);
        if (!m || m.purchaseRoas === null) return null;
        // dark text: the table's grey detail text is too faint on a toned cell (axe colour contrast)
        return createElement('span', { className: 'text-slate-800' }, `ROAS: ${m.purchaseRoas.toLocaleString(ctx.locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);
      },
      tone: (r) => {
        const m = monthOf(r, month);
        return m ? performanceTone(m.spend, m.purchaseRoas, spendAvg, roasAvg) : null;
      },
    }),
  );
  return [first, ...totals, ...monthColumns];
}
