import type { AdMetricsBody, FbAdAccountRow, FbAdMetricsResponse, GoogleAdMetricsResponse, GoogleAdSummary } from '@parallels/contract/ad-metrics';
import { adRatios } from '@parallels/contract/metrics';
import type { DayRange } from '@parallels/contract/report-dates';
import type { ReportDeps } from '../reports/report-deps.js';
import { todayIn } from '@parallels/contract/days';
import { assertReportDatesInRange } from '../reports/report-bounds.js';
import { assertSomethingSynced, reconnectNeeded } from '../reports/report-pipeline.js';
import { connectionCovers, connectionStatus, type SourceConnection } from '../reports/source-status.js';
import { loadPlatformSources } from '../reports/report-pipeline.js';
import type { AccessibleBrand } from '../auth/auth.sql.js';
import { sumAdAccountsByAccount } from './ad-metrics.sql.js';
import type { AdSums } from '../summary/summary.sql.js';

const NO_DELIVERY: AdSums = { spend: 0, revenue: 0, purchases: 0, clicks: 0, impressions: 0 };

interface AccountFigures {
  conn: SourceConnection;
  /** null when the account's days in the range have not all synced */
  sums: AdSums | null;
}

/** Each connected account of a platform with its summed delivery over the range, or null where incomplete. */
async function accountFigures(deps: ReportDeps, brand: AccessibleBrand, platform: 'meta' | 'google_ads', range: DayRange) {
  const today = todayIn(brand.timezone, deps.now());
  assertReportDatesInRange({ startDate: range.from, endDate: range.to }, today);
  const conns = await loadPlatformSources(deps, brand.id, platform);
  assertSomethingSynced({ [platform]: conns });
  const sums = conns.length > 0 ? await sumAdAccountsByAccount(deps.db, brand.id, platform, range) : new Map<string, AdSums>();
  const accounts: AccountFigures[] = conns.map((conn) => ({
    conn,
    // an account with no delivery in a synced range really spent nothing: its rows are absent, its total is 0
    sums: connectionCovers(conn, [range], today) ? (sums.get(conn.accountId) ?? NO_DELIVERY) : null,
  }));
  const statusOf = (conn: SourceConnection) => connectionStatus(conn, [range], today);
  return { accounts, statusOf, needsReconnect: conns.some((c) => c.status === 'reauth_required') };
}

/** POST /api/metrics/fbAd/{brandId}: one row per connected Facebook ad account (spec "Facebook ad account metrics row"). */
export async function facebookAccountMetrics(deps: ReportDeps, brand: AccessibleBrand, body: AdMetricsBody): Promise<FbAdMetricsResponse> {
  const range = { from: body.startDate, to: body.endDate };
  const { accounts, statusOf, needsReconnect } = await accountFigures(deps, brand, 'meta', range);
  const data = accounts.map(({ conn, sums }): FbAdAccountRow => {
    const status = statusOf(conn);
    const r = sums ? adRatios(sums) : null;
    return {
      account_id: conn.accountId,
      account_name: conn.accountName,
      spend: sums?.spend ?? null,
      Revenue: { value: sums?.revenue ?? null },
      purchases: { value: sums?.purchases ?? null },
      purchase_roas: r ? [{ value: r.roas }] : [],
      clicks: sums?.clicks ?? null,
      impressions: sums?.impressions ?? null,
      cpc: r?.cpc ?? null,
      cpm: r?.cpm ?? null,
      ctr: r?.ctr ?? null,
      cpp: r?.cpp ?? null,
      message: status.message,
      status,
      currency: conn.currency ?? brand.currency,
    };
  });
  const response: FbAdMetricsResponse = { success: true, data, currency: brand.currency };
  if (needsReconnect) throw reconnectNeeded('meta', response);
  return response;
}

/** POST /api/metrics/googleAdAndCampaign/{brandId}: one summary per connected Google Ads account (spec "Google ad summary"). */
export async function googleAccountMetrics(deps: ReportDeps, brand: AccessibleBrand, body: AdMetricsBody): Promise<GoogleAdMetricsResponse> {
  const range = { from: body.startDate, to: body.endDate };
  const { accounts, statusOf, needsReconnect } = await accountFigures(deps, brand, 'google_ads', range);
  const data = accounts.map(({ conn, sums }): GoogleAdSummary => {
    const status = statusOf(conn);
    const r = sums ? adRatios(sums) : null;
    return {
      customerId: conn.accountId,
      managerId: conn.managerId ?? '',
      adAccountName: conn.accountName,
      adMetrics:
        sums && r
          ? {
              totalSpend: sums.spend,
              totalConversionsValue: sums.revenue,
              totalConversions: sums.purchases,
              totalClicks: sums.clicks,
              totalImpressions: sums.impressions,
              roas: r.roas,
              totalCPC: r.cpc,
              totalCPM: r.cpm,
              totalCTR: r.ctr,
              totalCostPerConversion: r.cpp,
            }
          : null,
      message: status.message,
      status,
      currency: conn.currency ?? brand.currency,
    };
  });
  const response: GoogleAdMetricsResponse = { success: true, data, currency: brand.currency };
  if (needsReconnect) throw reconnectNeeded('google_ads', response);
  return response;
}
