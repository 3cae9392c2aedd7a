import type { EmailKind } from '@parallels/contract/email-reports';
import { addDays, todayIn } from '@parallels/contract/days';
import type { MetaCampaign } from '@parallels/contract/meta-campaigns';
import type { SourceStatus } from '@parallels/contract/report-dates';
import { METRICS_NOT_READY_CODE, SUMMARY_METRIC_INFO, SUMMARY_SOURCE_LABELS, type MetricKind, type SummaryMetricKey, type SummaryResponse, type SummarySource } from '@parallels/contract/summary';
import { AppError } from '../../lib/app-error.js';
import type { AccessibleBrand } from '../auth/auth.sql.js';
import { buildMetaCampaigns } from '../meta-campaigns/meta-campaigns.service.js';
import { planIncludesReports } from '../pricing/pricing.service.js';
import type { ReportDeps } from '../reports/report-deps.js';
import { buildSummary } from '../summary/summary.service.js';
import { listTargets } from '../targets/targets.service.js';
import { brandDisplayName } from '@parallels/contract/brands';

// A digest's figures (issue 22): every number comes from the services the screens' endpoints call
// (buildSummary for the dashboard's per-source figures, listTargets for targets, buildMetaCampaigns for the
// campaigns), with the same range in their body, so the email and the screens never disagree.

export type FigureFormat = MetricKind;

export interface DigestMetric {
  key: string;
  label: string;
  format: FigureFormat;
  /** null: not synced for every day of the range (missing, never 0) */
  current: number | null;
  previous: number | null;
  /** percent; null when unknown */
  change: number | null;
}

export interface DigestSource {
  source: SummarySource;
  name: string;
  /** the summary's state; 'syncing' too when nothing has synced yet */
  state: SourceStatus['state'];
  metrics: DigestMetric[];
  /** the screen with this source's figures */
  link: string;
}

export interface DigestTarget {
  name: string;
  source: string;
  targetDate: string;
  targetSales: number;
  achievedSales: number | null;
  targetSpend: number;
  achievedSpend: number | null;
  targetRoas: number;
  achievedRoas: number | null;
}

export interface DigestCampaign {
  name: string;
  spend: number | null;
  roas: number | null;
}

export interface Digest {
  kind: EmailKind;
  brandName: string;
  currency: string;
  range: { from: string; to: string };
  previous: { from: string; to: string };
  sources: DigestSource[];
  targets: DigestTarget[];
  /** Meta campaigns of the range; null when the brand's plan has no reports or Meta is not connected or synced */
  campaigns: { bySpend: DigestCampaign[]; bestRoas: DigestCampaign[]; worstRoas: DigestCampaign[] } | null;
  links: { dashboard: string; adMetrics: string; marketingInsights: string; metaCampaigns: string; googleReports: string; ecommerce: string; settings: string };
}

/** The figures a digest shows per source (a subset of the dashboard's, with its labels) and the screen it links to. */
const DIGEST_SOURCES: Array<{ source: SummarySource; metrics: SummaryMetricKey[]; screen: (brandId: string) => string }> = [
  { source: 'shopify', metrics: ['totalSales', 'orders', 'blendedRoas'], screen: () => '/dashboard' },
  { source: 'facebook-ads', metrics: ['metaspend', 'metaroas'], screen: (id) => `/admetrics/${id}` },
  { source: 'google-ads', metrics: ['spend', 'roas'], screen: (id) => `/google-reports/${id}` },
  { source: 'analytics', metrics: ['sessions', 'purchaseRate'], screen: (id) => `/ecommerce-reports/${id}` },
];

/** The days a digest reports on: the day itself (daily), or the week starting on that Monday (weekly). */
export function digestRange(kind: EmailKind, period: string): { from: string; to: string } {
  return kind === 'daily' ? { from: period, to: period } : { from: period, to: addDays(period, 6) };
}

/** A source's summary for the range as the endpoint answers it; a source needing reconnection gives its last answer. */
async function summaryFor(deps: ReportDeps, brand: AccessibleBrand, source: SummarySource, range: { from: string; to: string }): Promise<SummaryResponse | 'not-synced'> {
  try {
    return await buildSummary(deps, brand, source, { startDate: range.from, endDate: range.to });
  } catch (e) {
    if (e instanceof AppError && e.extra.code === METRICS_NOT_READY_CODE) return 'not-synced';
    if (e instanceof AppError && e.extra.stale) return e.extra.stale as SummaryResponse;
    throw e;
  }
}

const roasOf = (c: MetaCampaign) => (c['Amount spend'] && c['Purchase Value'] !== null ? c['Purchase Value'] / c['Amount spend'] : null);

async function campaignsFor(deps: ReportDeps, brand: AccessibleBrand, range: { from: string; to: string }): Promise<Digest['campaigns']> {
  if (!(await planIncludesReports(deps.db, brand.id))) return null;
  let campaigns: MetaCampaign[];
  try {
    campaigns = (await buildMetaCampaigns(deps, brand, { startDate: range.from, endDate: range.to })).blendedSummary;
  } catch (e) {
    if (e instanceof AppError) return null;
    throw e;
  }
  const spent = campaigns.filter((c) => (c['Amount spend'] ?? 0) > 0).map((c) => ({ name: c.campaignName, spend: c['Amount spend'], roas: roasOf(c) }));
  if (spent.length === 0) return null;
  const byRoas = spent.filter((c) => c.roas !== null).sort((a, b) => b.roas! - a.roas!);
  return {
    bySpend: [...spent].sort((a, b) => b.spend! - a.spend!).slice(0, 3),
    bestRoas: byRoas.slice(0, 3),
    worstRoas: byRoas.slice(-3).reverse().filter((c) => !byRoas.slice(0, 3).includes(c)),
  };
}

export async function buildDigest(
  deps: ReportDeps & { publicUrl: string },
  input: { userId: string; brand: AccessibleBrand & { name: string }; kind: EmailKind; period: string },
): Promise<Digest> {
  const { brand, kind } = input;
  const range = digestRange(kind, input.period);
  const url = (path: string) => `${deps.publicUrl}${path}`;
  let previous = { from: addDays(range.from, range.from === range.to ? -1 : -7), to: addDays(range.from, -1) };
  const sources: DigestSource[] = [];
  for (const s of DIGEST_SOURCES) {
    const answer = await summaryFor(deps, brand, s.source, range);
    const custom = answer === 'not-synced' ? undefined : answer.periodData?.custom;
    if (answer !== 'not-synced' && answer.periods.custom) previous = { from: answer.periods.custom.previousFrom, to: answer.periods.custom.previousTo };
    const state: SourceStatus['state'] = answer === 'not-synced' ? 'syncing' : answer.status.state;
    sources.push({
      source: s.source,
      name: SUMMARY_SOURCE_LABELS[s.source],
      state,
      link: url(s.screen(brand.id)),
      metrics: s.metrics.map((key) => {
        const c = (custom as Record<string, { current: number | null; previous: number | null; change: number | null }> | undefined)?.[key];
        const { label, kind } = SUMMARY_METRIC_INFO[key];
        return { key, label, format: kind, current: c?.current ?? null, previous: c?.previous ?? null, change: c?.change ?? null };
      }),
    });
  }
  const month = todayIn(brand.timezone, deps.now()).slice(0, 7);
  const targets = (await listTargets(deps, input.userId))
    .filter((t) => t.brandId === brand.id && t.targetDate.slice(0, 7) === month)
    .map((t) => ({
      name: t.name,
      source: t.source,
      targetDate: t.targetDate,
      targetSales: t.targetSales,
      achievedSales: t.achievedSales,
      targetSpend: t.targetSpend,
      achievedSpend: t.achievedSpend,
      targetRoas: t.targetROAS,
      achievedRoas: t.achievedROAS,
    }));
  return {
    kind,
    brandName: brandDisplayName(brand.name),
    currency: brand.currency,
    range,
    previous,
    sources,
    targets,
    campaigns: await campaignsFor(deps, brand, range),
    links: {
      dashboard: url('/dashboard'),
      adMetrics: url(`/admetrics/${brand.id}`),
      marketingInsights: url(`/marketing-insights/${brand.id}`),
      metaCampaigns: url(`/meta-campaigns/${brand.id}`),
      googleReports: url(`/google-reports/${brand.id}`),
      ecommerce: url(`/ecommerce-reports/${brand.id}`),
      settings: url('/profile'),
    },
  };
}
