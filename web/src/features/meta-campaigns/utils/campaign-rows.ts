import { PREDEFINED_LABELS, isGroupReachExact, type CampaignGroupReach, type GroupReachSource, type MetaCampaign } from '@parallels/contract/meta-campaigns';

// The campaign table's rows (spec/reports.md "Meta campaigns" and section 9): campaigns, or in grouped mode
// one row per label ('TOFU: 3 campaigns') and an 'Unlabeled: n campaigns' row, each expanding into its
// campaigns. A group's additive metrics are sums; its ratios come from those sums; its Reach and Unique Link
// Click are Meta's own figures for the group's campaigns (people reached by two of them counted once), asked of
// the server per group; Frequency = impressions / that reach. Where Meta's figure is an estimate (the campaigns
// span ad accounts) or could not be had (the sum of the campaigns' then: people reached by two campaigns count
// twice, a ceiling), the group says so in `reachSource` and is marked (docs/decisions/016).

export type StatusFilter = 'all' | 'active' | 'paused';

/** spec section 4: 'Active' matches case-insensitively; anything else counts as paused. */
export function matchesStatus(status: string, filter: StatusFilter): boolean {
  if (filter === 'all') return true;
  const active = status.toLowerCase() === 'active';
  return filter === 'active' ? active : !active;
}

export interface CampaignRow {
  kind: 'campaign' | 'group';
  id: string;
  name: string;
  /** campaign: its labels; group: its own label (none for Unlabeled) */
  labels: string[];
  campaign?: MetaCampaign;
  /** group: its campaigns */
  children?: CampaignRow[];
  figures: Figures;
  estimated: boolean;
  /** a group of two or more campaigns: where its Reach comes from ('asking' while the server has not answered) */
  reachSource?: GroupReachState;
}

export type GroupReachState = GroupReachSource | 'asking';

export interface Figures {
  linkClick: number | null;
  purchases: number | null;
  reach: number | null;
  spend: number | null;
  outboundCtr: number | null;
  frequency: number | null;
  uniqueLinkClick: number | null;
  addToCart: number | null;
  checkoutInitiate: number | null;
  landingPageView: number | null;
  threeSecondsView: number | null;
  impressions: number | null;
  outboundClicks: number | null;
}

const div = (a: number | null, b: number | null, times = 1): number | null => (a === null || b === null || b === 0 ? null : (a / b) * times);

export function campaignFigures(c: MetaCampaign): Figures {
  return {
    linkClick: c['Link Click'],
    purchases: c.Purchases,
    reach: c.Reach,
    spend: c['Amount spend'],
    outboundCtr: c['Outbound CTR'],
    frequency: c.Frequency,
    uniqueLinkClick: c['Unique Link Click'],
    addToCart: c['Add To Cart (ATC)'],
    checkoutInitiate: c['Checkout Initiate (CI)'],
    landingPageView: c['Landing Page View'],
    threeSecondsView: c['Three Seconds View'],
    impressions: c.Impressions,
    outboundClicks: c['Outbound Clicks'],
  };
}

const ADDITIVE = ['linkClick', 'purchases', 'reach', 'spend', 'uniqueLinkClick', 'addToCart', 'checkoutInitiate', 'landingPageView', 'threeSecondsView', 'impressions', 'outboundClicks'] as const;

/** A group's figures: sums (missing when any campaign's is), Outbound CTR and Frequency from those sums. */
export function groupFigures(rows: Figures[]): Figures {
  const sum = (k: (typeof ADDITIVE)[number]): number | null => rows.reduce<number | null>((s, r) => (s === null || r[k] === null ? null : s + r[k]), 0);
  const out = Object.fromEntries(ADDITIVE.map((k) => [k, sum(k)])) as Record<(typeof ADDITIVE)[number], number | null>;
  return { ...out, outboundCtr: div(out.outboundClicks, out.impressions, 100), frequency: div(out.impressions, out.reach) };
}

/** spec section 9, "Derived campaign group metrics" (shown to 2 decimals). */
export function derivedMetrics(f: Figures) {
  return {
    conversionRate: div(f.purchases, f.linkClick, 100),
    cpmReachBased: f.reach === null ? null : div(f.spend, f.reach / 1000),
    audienceSaturationScore: div(f.frequency, f.outboundCtr, 100),
    reachVsUniqueClick: div(f.reach, f.uniqueLinkClick),
    highIntentClickRate: f.addToCart === null || f.checkoutInitiate === null || f.landingPageView === null ? null : div(f.addToCart + f.checkoutInitiate + f.landingPageView, f.linkClick, 100),
    hookRate: div(f.threeSecondsView, f.impressions, 100),
  };
}

export const campaignKey = (c: Pick<MetaCampaign, 'accountId' | 'campaignId'>) => `${c.accountId}|${c.campaignId}`;

export function campaignRow(c: MetaCampaign, labels: string[]): CampaignRow {
  return { kind: 'campaign', id: `c:${campaignKey(c)}`, name: c.campaignName, labels, campaign: c, figures: campaignFigures(c), estimated: c.estimated };
}

/** A label group before its figures: the label ('' for Unlabeled) and the campaigns carrying it. */
export interface LabelGroup {
  id: string;
  label: string | null;
  members: CampaignRow[];
}

/**
 * Grouped mode's groups: one per label in use (predefined labels first in their order, then custom ones A-Z), each
 * with the campaigns carrying it (a campaign with two labels is in both), then Unlabeled.
 */
export function labelGroups(campaigns: CampaignRow[]): LabelGroup[] {
  const labels = orderLabels(campaigns.flatMap((c) => c.labels));
  const groups = labels.map((label): LabelGroup => ({ id: label, label, members: campaigns.filter((c) => c.labels.includes(label)) }));
  const unlabeled = campaigns.filter((c) => c.labels.length === 0);
  return [...groups, ...(unlabeled.length > 0 ? [{ id: '', label: null, members: unlabeled }] : [])];
}

/** The groups whose Reach Meta is asked for: two campaigns or more (a group of one has its campaign's own). */
export function groupsNeedingReach(groups: LabelGroup[]): Array<{ id: string; campaigns: Array<{ accountId: string; campaignId: string }> }> {
  return groups
    .filter((g) => g.members.length > 1)
    .map((g) => ({ id: g.id, campaigns: g.members.map((m) => ({ accountId: m.campaign!.accountId, campaignId: m.campaign!.campaignId })) }));
}

/**
 * Grouped mode's rows. `reach` is the server's answer per group id: undefined while it is being asked, null when
 * it could not be had (the group keeps the sum of its campaigns', marked).
 */
export function groupRows(campaigns: CampaignRow[], reach?: Map<string, CampaignGroupReach> | null): CampaignRow[] {
  return labelGroups(campaigns).map((g) => makeGroup(g, reach === undefined ? 'asking' : (reach?.get(g.id) ?? null)));
}

function makeGroup({ id, label, members }: LabelGroup, reach: CampaignGroupReach | null | 'asking'): CampaignRow {
  const count = `${members.length} campaign${members.length === 1 ? '' : 's'}`;
  const row: CampaignRow = {
    kind: 'group',
    id: `g:${id}`,
    name: `${label ?? 'Unlabeled'}: ${count}`,
    labels: label ? [label] : [],
    children: members.map((m) => ({ ...m, id: `${m.id}@${id}` })),
    figures: groupFigures(members.map((m) => m.figures)),
    estimated: members.some((m) => m.estimated),
  };
  // one campaign: the group's figures are its campaign's own
  if (members.length === 1) return row;
  if (reach === 'asking' || reach === null || reach.Reach === null) return { ...row, estimated: true, reachSource: reach === 'asking' ? 'asking' : (reach?.reachSource ?? 'meta-unavailable') };
  const figures = { ...row.figures, reach: reach.Reach, uniqueLinkClick: reach['Unique Link Click'], frequency: div(row.figures.impressions, reach.Reach) };
  return { ...row, figures, estimated: !isGroupReachExact(reach.reachSource), reachSource: reach.reachSource };
}

/** Predefined labels first (in their order), then custom labels A-Z, each once. */
export function orderLabels(labels: Iterable<string>): string[] {
  const set = new Set(labels);
  const predefined = PREDEFINED_LABELS.filter((l) => set.has(l));
  const custom = [...set].filter((l) => !(PREDEFINED_LABELS as readonly string[]).includes(l)).sort((a, b) => a.localeCompare(b));
  return [...predefined, ...custom];
}

/** spec section 9: up to 8 label colours, cycling by label (a label keeps its colour wherever it appears). */
export const LABEL_COLOURS = [
  'bg-sky-100 text-sky-900',
  'bg-violet-100 text-violet-900',
  'bg-emerald-100 text-emerald-900',
  'bg-amber-100 text-amber-900',
  'bg-rose-100 text-rose-900',
  'bg-teal-100 text-teal-900',
  'bg-indigo-100 text-indigo-900',
  'bg-orange-100 text-orange-900',
] as const;

export function labelColour(label: string, allLabels: readonly string[]): string {
  const i = allLabels.indexOf(label);
  return LABEL_COLOURS[(i < 0 ? 0 : i) % LABEL_COLOURS.length]!;
}

export function labelCount(labels: string[]): string {
  if (labels.length === 0) return 'Add label';
  return `${labels.length} label${labels.length === 1 ? '' : 's'}`;
}
