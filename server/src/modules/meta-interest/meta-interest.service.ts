import { ratio } from '@parallels/contract/metrics';
import type { BlendedInterest, InterestAccount, InterestMetric, MetaInterestRequest, MetaInterestResponse } from '@parallels/contract/meta-interest';
import type { AccessibleBrand } from '../auth/auth.sql.js';
import type { ReportDeps } from '../reports/report-deps.js';
import { assertSomethingSynced, loadReportSources, resolveReportRange, sourceStatuses, throwIfReconnectNeeded } from '../reports/report-pipeline.js';
import { connectionCovers, connectionStatus } from '../reports/source-status.js';
import { interestSums } from './meta-interest.sql.js';

// spec/reports.md "Meta interest": a table per ad account that has interests and a blended one across accounts.
// An account whose range has not fully synced shows its interests with missing figures (null, never a partial
// sum); a blended figure is missing when any account it adds is.

const bySpend = <T extends InterestMetric>(a: T, b: T): number =>
  (b.Spend ?? -Infinity) - (a.Spend ?? -Infinity) || (a.Interest < b.Interest ? -1 : a.Interest > b.Interest ? 1 : 0);

/** POST /api/meta/interest/{brandId}. */
export async function buildMetaInterest(deps: ReportDeps, brand: AccessibleBrand, query: MetaInterestRequest): Promise<MetaInterestResponse> {
  const { today, range } = resolveReportRange(brand, query, deps.now());
  const sources = await loadReportSources(deps, brand.id, ['meta'] as const);
  assertSomethingSynced(sources);
  const conns = sources.meta;
  const sums = await interestSums(deps.db, brand.id, conns.map((c) => c.accountId), range);

  const resultsByAccount: Record<string, InterestAccount> = {};
  const blended = new Map<string, { name: string; spend: number | null; revenue: number | null; accounts: string[] }>();
  for (const conn of conns) {
    const status = connectionStatus(conn, [range], today);
    // figures only when every day of the range has synced (a token to renew keeps what has)
    const complete = connectionCovers(conn, [range], today);
    const rows = sums.filter((s) => s.account_id === conn.accountId);
    const metrics = rows
      .map((s): InterestMetric => {
        const spend = complete ? Number(s.spend) : null;
        const revenue = complete ? Number(s.revenue) : null;
        return { InterestId: s.interest_id, Interest: s.interest_name, Spend: spend, Revenue: revenue, Roas: spend === null || revenue === null ? null : ratio(revenue, spend) };
      })
      .sort(bySpend);
    resultsByAccount[conn.accountId] = { account_name: conn.accountName, status, interestMetrics: metrics };
    for (const m of metrics) {
      const b = blended.get(m.InterestId) ?? { name: m.Interest, spend: 0, revenue: 0, accounts: [] };
      b.spend = b.spend === null || m.Spend === null ? null : b.spend + m.Spend;
      b.revenue = b.revenue === null || m.Revenue === null ? null : b.revenue + m.Revenue;
      b.accounts.push(conn.accountName);
      blended.set(m.InterestId, b);
    }
  }
  const blendedSummary: BlendedInterest[] = [...blended.entries()]
    .map(([id, b]) => ({ InterestId: id, Interest: b.name, Spend: b.spend, Revenue: b.revenue, Roas: b.spend === null || b.revenue === null ? null : ratio(b.revenue, b.spend), accounts: b.accounts }))
    .sort(bySpend);

  const status = sourceStatuses(sources, [range], today);
  const answer: MetaInterestResponse = { success: true, data: { resultsByAccount, blendedSummary }, range, status: status.meta, currency: brand.currency };
  throwIfReconnectNeeded(status, answer);
  return answer;
}
