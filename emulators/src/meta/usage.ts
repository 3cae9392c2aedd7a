import { performance } from 'node:perf_hooks';
import { errors, type GraphError } from './errors.js';

// Rate limiting as the Marketing API documents it (reference 1.10), per ad account:
// - score model: read = 1 point, write = 3 over a 300 s decay window; above the tier's max (dev 60,
//   standard 9,000) the account is blocked (300 s dev, 60 s standard) with (#17) subcode 2446079;
// - business use case (BUC) calls per hour: ads_management 300 + 40 x active ads (dev) / 100,000
//   (standard) -> 80004; ads_insights 600 + 400 x active ads / 190,000 -> 80000;
// - bursts above 100 calls a second on one account -> 613 / 1487742;
// - app-level (non-ads) calls: 200 per user per hour -> (#4).
// - asynchronous report runs (reference 1.10; developers.facebook.com/docs/marketing-api/insights/best-practices):
//   Meta documents no fixed count of runs per ad account; running jobs spend the account's ads_insights
//   business-use-case budget (its total_time and total_cputime in x-business-use-case-usage), and a run
//   created when that budget is spent is refused with the ads_insights BUC throttle, code 80000 subcode
//   2446079 (80004 is ads_management's). The emulator's figure: INSIGHTS_RUN_BUDGET running runs fill the
//   budget (each takes an equal share of total_time), adjustable per emulator (admin meta/config).
// Windows run on a monotonic wall clock, not the emulator clock: the world clock is often pinned
// (tests, benchmarks) and quotas are about real request rates.

export type Tier = 'development_access' | 'standard_access';
export type BucType = 'ads_management' | 'ads_insights';

interface Call { t: number; pts: number; type: BucType }
interface AccountUsage { calls: Call[]; blockedUntil: number; blockCode: number }

const HOUR = 3_600_000;
/** running async report runs that spend an ad account's whole ads_insights budget (the emulator's figure, see above) */
export const INSIGHTS_RUN_BUDGET = 30;
const SCORE_WINDOW = 300_000;

export class UsageTracker {
  tier: Tier = 'standard_access';
  private readonly accounts = new Map<string, AccountUsage>();
  private appCalls: number[] = [];
  now: () => number = () => performance.now();
  /** running report runs that fill an ad account's ads_insights budget */
  insightsRunBudget = INSIGHTS_RUN_BUDGET;
  /** an ad account's report runs still running (the runs live in the state, which sets this) */
  runningRuns: (accountId: string) => number = () => 0;

  /** the share (percent) of the account's ads_insights budget its running report runs take */
  runLoadPct(accountId: string): number {
    return Math.min(100, Math.floor((this.runningRuns(accountId) * 100) / Math.max(1, this.insightsRunBudget)));
  }

  reset(): void {
    this.accounts.clear();
    this.appCalls = [];
  }

  private account(id: string): AccountUsage {
    let u = this.accounts.get(id);
    if (!u) {
      u = { calls: [], blockedUntil: 0, blockCode: 0 };
      this.accounts.set(id, u);
    }
    return u;
  }

  private limits(activeAds: number): { maxScore: number; blockMs: number; management: number; insights: number } {
    return this.tier === 'development_access'
      ? { maxScore: 60, blockMs: 300_000, management: 300 + 40 * activeAds, insights: 600 + 400 * activeAds }
      : { maxScore: 9000, blockMs: 60_000, management: 100_000, insights: 190_000 };
  }

  /** count a call on an ad account (bare id); in realistic mode, the error it trips if any */
  recordAccount(accountId: string, type: BucType, write: boolean, activeAds: number, enforce: boolean): GraphError | null {
    const now = this.now();
    const u = this.account(accountId);
    u.calls = u.calls.filter((c) => now - c.t < HOUR);
    if (enforce && u.blockedUntil > now) return this.blockedError(accountId, u, now);
    u.calls.push({ t: now, pts: write ? 3 : 1, type });
    if (!enforce) return null;
    const lim = this.limits(activeAds);
    if (this.score(u, now) > lim.maxScore) {
      u.blockedUntil = now + lim.blockMs;
      u.blockCode = 17;
      return this.blockedError(accountId, u, now);
    }
    const hourly = u.calls.filter((c) => c.type === type).length;
    if (hourly > (type === 'ads_insights' ? lim.insights : lim.management)) {
      const oldest = u.calls.find((c) => c.type === type)?.t ?? now;
      u.blockedUntil = oldest + HOUR;
      u.blockCode = type === 'ads_insights' ? 80000 : 80004;
      return this.blockedError(accountId, u, now);
    }
    if (u.calls.filter((c) => now - c.t < 1000).length > 100) return errors.accountLimit(accountId, 1);
    return null;
  }

  private blockedError(accountId: string, u: AccountUsage, now: number): GraphError {
    const eta = Math.ceil((u.blockedUntil - now) / 1000);
    return u.blockCode === 17 ? errors.userLimit(accountId, eta) : u.blockCode === 80000 ? errors.insightsLimit(accountId, eta) : errors.managementLimit(accountId, eta);
  }

  recordApp(users: number, enforce: boolean): GraphError | null {
    const now = this.now();
    this.appCalls = this.appCalls.filter((t) => now - t < HOUR);
    this.appCalls.push(now);
    if (enforce && this.appCalls.length > 200 * Math.max(1, users)) {
      return errors.appLimit(Math.ceil((HOUR - (now - (this.appCalls[0] ?? now))) / 1000));
    }
    return null;
  }

  private score(u: AccountUsage, now: number): number {
    return u.calls.filter((c) => now - c.t < SCORE_WINDOW).reduce((s, c) => s + c.pts, 0);
  }

  appUsage(users: number): Record<string, number> {
    const pct = Math.min(100, Math.floor((this.appCalls.length / (200 * Math.max(1, users))) * 100));
    return { call_count: pct, total_cputime: Math.floor(pct * 0.3), total_time: Math.floor(pct * 0.5) };
  }

  adAccountUsage(accountId: string, activeAds: number): Record<string, string | number> {
    const now = this.now();
    const u = this.account(accountId);
    const lim = this.limits(activeAds);
    const inWindow = u.calls.filter((c) => now - c.t < SCORE_WINDOW);
    const pct = Math.min(100, Math.round((this.score(u, now) / lim.maxScore) * 10000) / 100);
    const reset = inWindow.length ? Math.ceil((SCORE_WINDOW - (now - (inWindow[0]?.t ?? now))) / 1000) : 0;
    return { acc_id_util_pct: pct, reset_time_duration: Math.max(reset, u.blockedUntil > now ? Math.ceil((u.blockedUntil - now) / 1000) : 0), ads_api_access_tier: this.tier };
  }

  /** one BUC entry for the account; `etaSeconds` overrides (injected rate-limit faults) */
  buc(accountId: string, type: BucType, activeAds: number, etaSeconds?: number): Record<string, string | number> {
    const now = this.now();
    const u = this.account(accountId);
    const lim = this.limits(activeAds);
    const count = u.calls.filter((c) => c.type === type).length;
    let pct = Math.min(100, Math.floor((count / (type === 'ads_insights' ? lim.insights : lim.management)) * 100));
    let eta = u.blockedUntil > now ? Math.ceil((u.blockedUntil - now) / 60_000) : 0;
    if (etaSeconds !== undefined) {
      pct = 100;
      eta = Math.max(eta, Math.ceil(etaSeconds / 60));
    }
    if (eta > 0) pct = 100;
    // running report runs spend the insights budget's time (see above)
    const load = type === 'ads_insights' ? this.runLoadPct(accountId) : 0;
    return {
      type, call_count: pct, total_cputime: Math.max(Math.floor(pct * 0.6), load), total_time: Math.max(Math.floor(pct * 0.8), load),
      estimated_time_to_regain_access: eta, ads_api_access_tier: this.tier,
    };
  }

  insightsThrottle(accountId: string, activeAds: number): Record<string, string | number> {
    const acc = this.adAccountUsage(accountId, activeAds).acc_id_util_pct;
    return { app_id_util_pct: 0, acc_id_util_pct: acc ?? 0, ads_api_access_tier: this.tier };
  }
}
