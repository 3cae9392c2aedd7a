import { toCents } from '@parallels/contract/money';
import { monthsOfRange } from '@parallels/contract/days';
import { ratio } from '@parallels/contract/metrics';
import {
  META_REPORT_BREAKDOWNS,
  type MetaReportBreakdown,
  type MetaReportMonth,
  type MetaReportRequest,
  type MetaReportResponse,
  type MetaReportRow,
} from '@parallels/contract/meta-reports';
import type { DayRange } from '@parallels/contract/report-dates';
import type { AccessibleBrand } from '../auth/auth.sql.js';
import type { ReportDeps } from '../reports/report-deps.js';
import { assertSomethingSynced, loadReportSources, rangeCovered, resolveReportRange, sourceStatuses, throwIfReconnectNeeded } from '../reports/report-pipeline.js';
import { connectionStatus, type SourceConnection } from '../reports/source-status.js';
import { breakdownMonthSums, type BreakdownMonthSums } from './meta-reports.sql.js';

// spec/reports.md "Meta reports": per tab (breakdown), one list per ad account and a blended list across them.
// A month of an account is null unless every day of the range inside that month has synced for that account;
// a total is null when any of its months is; a blended figure is null when any account's is (missing is never
// zero, never a partial sum). Money is added in integer cents, so sums are exact; ROAS is derived from sums.

/** Exact sums of one cell; null = some day of it has not synced. */
interface Sums {
  spendCents: number;
  revenueCents: number;
  purchases: number;
  impressions: number;
  clicks: number;
  linkClicks: number;
}

const ZERO: Sums = { spendCents: 0, revenueCents: 0, purchases: 0, impressions: 0, clicks: 0, linkClicks: 0 };

function add(a: Sums | null, b: Sums | null): Sums | null {
  if (a === null || b === null) return null;
  return {
    spendCents: a.spendCents + b.spendCents,
    revenueCents: a.revenueCents + b.revenueCents,
    purchases: a.purchases + b.purchases,
    impressions: a.impressions + b.impressions,
    clicks: a.clicks + b.clicks,
    linkClicks: a.linkClicks + b.linkClicks,
  };
}

function fromRow(r: BreakdownMonthSums): Sums {
  return {
    spendCents: toCents(r.spend),
    revenueCents: toCents(r.revenue),
    purchases: Number(r.purchases),
    impressions: Number(r.impressions),
    clicks: Number(r.clicks),
    linkClicks: Number(r.link_clicks),
  };
}

function monthFigures(month: string, s: Sums | null): MetaReportMonth {
  if (s === null) return { month, spend: null, purchaseRoas: null, purchaseConversionValue: null, purchases: null, impressions: null, clicks: null, linkClicks: null };
  return {
    month,
    spend: s.spendCents / 100,
    purchaseRoas: ratio(s.revenueCents, s.spendCents),
    purchaseConversionValue: s.revenueCents / 100,
    purchases: s.purchases,
    impressions: s.impressions,
    clicks: s.clicks,
    linkClicks: s.linkClicks,
  };
}

/** A value's months -> the spec's row: totals over the range and MonthlyData (oldest first). */
function rowOf(value: string, months: Array<{ month: string; sums: Sums | null }>): MetaReportRow {
  const total = months.reduce<Sums | null>((t, m) => add(t, m.sums), ZERO);
  return {
    value,
    totalSpend: total ? total.spendCents / 100 : null,
    totalPurchaseRoas: total ? ratio(total.revenueCents, total.spendCents) : null,
    totalPcv: total ? total.revenueCents / 100 : null,
    totalPurchases: total ? total.purchases : null,
    totalImpressions: total ? total.impressions : null,
    totalClicks: total ? total.clicks : null,
    totalLinkClicks: total ? total.linkClicks : null,
    monthlyData: months.map((m) => monthFigures(m.month, m.sums)),
  };
}

/** Highest spend first (missing last), then by value, so the table opens on what matters. */
function bySpend(a: MetaReportRow, b: MetaReportRow): number {
  if (a.totalSpend !== b.totalSpend) return (b.totalSpend ?? -Infinity) - (a.totalSpend ?? -Infinity);
  return a.value < b.value ? -1 : a.value > b.value ? 1 : 0;
}

type Cells = Map<string, Map<string, Sums>>; // value -> month -> sums

/** One account's rows: a synced month without a row for a value is a real zero; an unsynced month is null. */
function accountRows(conn: SourceConnection, cells: Cells, months: Array<{ month: string; part: DayRange }>, today: string): { rows: MetaReportRow[]; complete: Map<string, boolean> } {
  const complete = new Map(months.map((m) => [m.month, rangeCovered([conn], m.part, today) === true] as const));
  const rows = [...cells.entries()].map(([value, byMonth]) => rowOf(value, months.map((m) => ({ month: m.month, sums: complete.get(m.month) ? (byMonth.get(m.month) ?? ZERO) : null }))));
  return { rows: rows.sort(bySpend), complete };
}

/** POST /api/meta/report/{breakdown}/{brandId}. */
export async function buildMetaReport<K extends MetaReportBreakdown>(deps: ReportDeps, brand: AccessibleBrand, breakdown: K, query: MetaReportRequest): Promise<MetaReportResponse<K>> {
  const spec = META_REPORT_BREAKDOWNS[breakdown];
  const { today, range } = resolveReportRange(brand, query, deps.now());
  const sources = await loadReportSources(deps, brand.id, ['meta'] as const);
  assertSomethingSynced(sources);
  const conns = sources.meta;
  const facts = await breakdownMonthSums(deps.db, brand.id, conns.map((c) => c.accountId), spec.fact, range);
  const months = monthsOfRange(range);

  const perAccount = new Map<string, Cells>();
  for (const r of facts) {
    let cells = perAccount.get(r.account_id);
    if (!cells) perAccount.set(r.account_id, (cells = new Map()));
    let byMonth = cells.get(r.value);
    if (!byMonth) cells.set(r.value, (byMonth = new Map()));
    byMonth.set(r.month, fromRow(r));
  }

  const accounts = conns.map((conn) => ({ conn, ...accountRows(conn, perAccount.get(conn.accountId) ?? new Map(), months, today) }));
  // Blended: every value any account has, each account's months added (an account without the value adds its
  // real zeros, or its missing months).
  const values = new Set(facts.map((r) => r.value));
  const blended = [...values]
    .map((value) =>
      rowOf(
        value,
        months.map((m) => ({
          month: m.month,
          sums: accounts.reduce<Sums | null>((s, a) => add(s, a.complete.get(m.month) ? (perAccount.get(a.conn.accountId)?.get(value)?.get(m.month) ?? ZERO) : null), ZERO),
        })),
      ),
    )
    .sort(bySpend);

  const status = sourceStatuses(sources, [range], today);
  const answer = {
    success: true as const,
    data: accounts.map((a) => ({ account_id: a.conn.accountId, account_name: a.conn.accountName, status: connectionStatus(a.conn, [range], today), [spec.listKey]: a.rows })),
    [spec.blendedKey]: blended,
    range,
    status: status.meta,
    currency: brand.currency,
  } as unknown as MetaReportResponse<K>;
  throwIfReconnectNeeded(status, answer);
  return answer;
}
