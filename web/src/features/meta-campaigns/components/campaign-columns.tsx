import type { ReportColumn } from '../../../components/report-table/report-columns';
import { derivedMetrics, labelColour, labelCount, type CampaignRow, type Figures, type GroupReachState } from '../utils/campaign-rows';

export const ESTIMATE_NOTE =
  "est.: Meta counts a person once per range, so Reach, Frequency and Unique Link Click cannot be added up from days or campaigns. A campaign shows Meta's own figure for the range; when Meta could not be asked, its largest single day (a floor), marked est.";

export const GROUP_NOTE = "A group shows Meta's own figure for its campaigns together (people reached by two of them counted once), unless marked est.";

/** Why a group's Reach is an estimate, by where it comes from (the note under the table names the groups). */
export const GROUP_ESTIMATE_REASONS: Record<Exclude<GroupReachState, 'meta'>, string> = {
  'accounts-summed':
    "campaigns in more than one ad account. Meta counts a person once only within an ad account, so the figure is the sum of each account's own (someone reached from two accounts counts twice).",
  'meta-unavailable': "Meta could not be asked just now (a rate limit or the connection), so the figure is the sum of the campaigns' (people reached by two campaigns count twice).",
  'too-many-campaigns': "more campaigns in one ad account than one Meta request can name, so the figure is the sum of the campaigns' (people reached by two campaigns count twice).",
  asking: "asking Meta; meanwhile the sum of the campaigns' (people reached by two campaigns count twice).",
};

/** The lines of the note under the table: the rule, then which groups are estimates and why. */
export function estimateNotes(rows: CampaignRow[], grouped: boolean): string[] {
  if (!grouped) return [ESTIMATE_NOTE];
  const named = new Map<Exclude<GroupReachState, 'meta'>, string[]>();
  for (const r of rows) {
    if (r.kind !== 'group' || !r.reachSource || r.reachSource === 'meta') continue;
    named.set(r.reachSource, [...(named.get(r.reachSource) ?? []), r.labels[0] ?? 'Unlabeled']);
  }
  return [ESTIMATE_NOTE, GROUP_NOTE, ...[...named].map(([source, groups]) => `${groups.join(', ')}: ${GROUP_ESTIMATE_REASONS[source]}`)];
}

const estimate = (r: CampaignRow) =>
  r.estimated ? (
    <abbr title="Estimate: see the note under the table" className="no-underline">
      est.
    </abbr>
  ) : null;

type MetricSpec = { id: string; header: string; key: keyof Figures; format: 'count' | 'currency' | 'rate' | 'ratio'; nonAdditive?: boolean };

/** spec/reports.md section 3: the metric columns in the spec's order (widths: section 9, clamped to the table's minimum). */
const METRICS: MetricSpec[] = [
  { id: 'linkClick', header: 'Link Click', key: 'linkClick', format: 'count' },
  { id: 'purchases', header: 'Purchases', key: 'purchases', format: 'count' },
  { id: 'reach', header: 'Reach', key: 'reach', format: 'count', nonAdditive: true },
  { id: 'spend', header: 'Amount spend', key: 'spend', format: 'currency' },
  { id: 'outboundCtr', header: 'Outbound CTR', key: 'outboundCtr', format: 'rate' },
  { id: 'frequency', header: 'Frequency', key: 'frequency', format: 'ratio', nonAdditive: true },
  { id: 'uniqueLinkClick', header: 'Unique Link Click', key: 'uniqueLinkClick', format: 'count', nonAdditive: true },
  { id: 'addToCart', header: 'Add To Cart (ATC)', key: 'addToCart', format: 'count' },
  { id: 'checkoutInitiate', header: 'Checkout Initiate (CI)', key: 'checkoutInitiate', format: 'count' },
  { id: 'landingPageView', header: 'Landing Page View', key: 'landingPageView', format: 'count' },
  { id: 'threeSecondsView', header: 'Three Seconds View', key: 'threeSecondsView', format: 'count' },
  { id: 'impressions', header: 'Impressions', key: 'impressions', format: 'count' },
];

const DERIVED: Array<{ id: keyof ReturnType<typeof derivedMetrics>; header: string; format: 'rate' | 'ratio' }> = [
  { id: 'conversionRate', header: 'Conversion Rate', format: 'rate' },
  { id: 'cpmReachBased', header: 'CPM (Reach Based)', format: 'ratio' },
  { id: 'audienceSaturationScore', header: 'Audience Saturation Score', format: 'ratio' },
  { id: 'reachVsUniqueClick', header: 'Reach v/s Unique Click', format: 'ratio' },
  { id: 'highIntentClickRate', header: 'High-Intent Click Rate', format: 'rate' },
  { id: 'hookRate', header: 'HookRate', format: 'rate' },
];

export interface CampaignColumnOptions {
  grouped: boolean;
  /** every label, for the colours */
  palette: string[];
  renderLabels: (row: CampaignRow) => React.ReactNode;
}

export function campaignColumns({ grouped, palette, renderLabels }: CampaignColumnOptions): ReportColumn<CampaignRow>[] {
  const columns: ReportColumn<CampaignRow>[] = [
    { id: 'campaign', header: 'Campaign', kind: 'first', format: 'text', width: 250, value: (r) => r.name },
    {
      id: 'labels',
      header: 'Labels',
      kind: 'dimension',
      format: 'text',
      width: 150,
      value: (r) => (r.kind === 'group' ? (r.labels[0] ?? '-') : labelCount(r.labels)),
      render: (r) =>
        r.kind === 'group' ? (
          r.labels[0] ? <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${labelColour(r.labels[0], palette)}`}>{r.labels[0]}</span> : <span>-</span>
        ) : (
          renderLabels(r)
        ),
    },
    ...METRICS.map(
      (m): ReportColumn<CampaignRow> => ({
        id: m.id,
        header: m.header,
        kind: 'metric',
        format: m.format,
        // the spec's 85px is under the table's 100px minimum; amounts in lakhs need more
        width: m.format === 'currency' ? 140 : 85,
        value: (r) => r.figures[m.key],
        detail: m.nonAdditive ? estimate : undefined,
      }),
    ),
  ];
  if (grouped) {
    columns.push(...DERIVED.map((d): ReportColumn<CampaignRow> => ({ id: d.id, header: d.header, kind: 'metric', format: d.format, width: 85, value: (r) => derivedMetrics(r.figures)[d.id] })));
  }
  return columns;
}
