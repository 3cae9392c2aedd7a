import { createHash } from 'node:crypto';
import { PlatformError } from './platform-error.js';

/**
 * The platforms' shared budgets as the connectors see them (decision 022). A connector names the budgets a call
 * spends and what it expects to spend; the gate (sync/quota-ledger.ts, in PostgreSQL for the whole fleet)
 * reserves that before the call, or refuses with a rate-limit PlatformError carrying the wait until the budget
 * refills, which the job takes as a pause (withRetry for seconds, a deferred job for longer), never a failure.
 */
/**
 * pacific_day, hour: fixed windows; rolling_hour: a platform that reports its use of a rolling hour in percent
 * (Meta), taken as reported and draining at capacity an hour while nothing is reported; leaky: a bucket refilling
 * at its rate; concurrent: calls in flight.
 */
export type QuotaPeriod = 'pacific_day' | 'hour' | 'rolling_hour' | 'leaky' | 'concurrent';

export interface QuotaBudget {
  platform: 'google_ads' | 'meta' | 'ga4' | 'shopify';
  /** which budget of the platform: `developer_token:<fingerprint>`, `property:<id>:tokens_per_hour`, `shop:<domain>` */
  key: string;
  period: QuotaPeriod;
  /** operations, tokens, cost points, percent of a Meta budget, or calls in flight */
  capacity: number;
  /** leaky buckets: points restored a second; rolling_hour: capacity / 3600 */
  restorePerSecond?: number;
  /** rolling_hour: the platform's throttling error codes that mean this budget (not another the call spends) is used up */
  throttleCodes?: readonly string[];
  /** in the platform's words, for the pause message */
  label: string;
}

export interface QuotaCharge {
  budget: QuotaBudget;
  cost: number;
}

/** What the platform said a call took or left, read from its answer. */
export interface QuotaReport {
  budget: QuotaBudget;
  /** what the call was actually charged (GA4 tokens consumed, Shopify actualQueryCost) */
  charged?: number;
  /** what the platform says is left (GA4 remaining, Shopify currentlyAvailable, Meta 100 - usage %) */
  remaining?: number;
  /** the platform's own bucket size and refill (Shopify throttleStatus) */
  capacity?: number;
  restorePerSecond?: number;
}

export interface QuotaTicket {
  /** the call answered: settle the estimate with what the platform reported; frees concurrent slots */
  settle(reports?: QuotaReport[]): Promise<void>;
  /** the call failed: frees concurrent slots; a quota error from the platform marks the budget used up */
  fail(error: unknown): Promise<void>;
}

export interface QuotaGate {
  /** Reserves every charge or none; refused -> PlatformError('rate_limit') with retryAfterMs. */
  reserve(charges: QuotaCharge[]): Promise<QuotaTicket>;
}

/**
 * One platform call under the gate: reserve, call, settle with what `report` reads from the answer. Without a
 * gate (a connector used outside a sync job: connecting an account, the tests of one client) the call is made as is.
 */
export async function metered<T>(gate: QuotaGate | undefined, charges: QuotaCharge[], call: () => Promise<T>, report?: (answer: T) => QuotaReport[]): Promise<T> {
  if (!gate || charges.length === 0) return call();
  const ticket = await gate.reserve(charges);
  let answer: T;
  try {
    answer = await call();
  } catch (e) {
    await ticket.fail(e);
    throw e;
  }
  await ticket.settle(report ? report(answer) : []);
  return answer;
}

/** The refusal a job sees: worded like a platform's own pause, so the queue treats both alike. */
export function quotaRefused(budget: QuotaBudget, waitMs: number): PlatformError {
  return new PlatformError(budget.platform, 'rate_limit', `Paused: the fleet's ${budget.label} is used up; retry in ${Math.ceil(waitMs / 1000)} seconds.`, {
    code: 'QUOTA_LEDGER',
    retryAfterMs: waitMs,
  });
}

/** A secret (the Google Ads developer token) named in a budget key without storing it. */
export function fingerprint(secret: string): string {
  return createHash('sha256').update(secret).digest('hex').slice(0, 16);
}

// The budgets each platform documents (platform-apis.md): one place, so a tier change is one line.
export const BUDGETS = {
  /** 15,000 operations per developer token per Pacific day at basic access, across all customers (3.6) */
  googleAdsDeveloperToken: (developerToken: string, operationsPerDay: number): QuotaBudget => ({
    platform: 'google_ads',
    key: `developer_token:${fingerprint(developerToken)}`,
    period: 'pacific_day',
    capacity: operationsPerDay,
    label: 'Google Ads developer token operations for today',
  }),
  /** GA4 Data API, a standard property (4.5) */
  ga4TokensPerDay: (propertyId: string): QuotaBudget => ({ platform: 'ga4', key: `property:${propertyId}:tokens_per_day`, period: 'pacific_day', capacity: 200_000, label: 'GA4 property tokens for today' }),
  ga4TokensPerHour: (propertyId: string): QuotaBudget => ({ platform: 'ga4', key: `property:${propertyId}:tokens_per_hour`, period: 'hour', capacity: 40_000, label: 'GA4 property tokens for this hour' }),
  ga4TokensPerProjectPerHour: (propertyId: string): QuotaBudget => ({ platform: 'ga4', key: `property:${propertyId}:project_tokens_per_hour`, period: 'hour', capacity: 14_000, label: "GA4 property tokens for this project's hour" }),
  ga4Concurrent: (propertyId: string): QuotaBudget => ({ platform: 'ga4', key: `property:${propertyId}:concurrent`, period: 'concurrent', capacity: 10, label: 'GA4 concurrent requests on the property' }),
  /**
   * Meta publishes percentages, not counts (1.6, 1.10): x-business-use-case-usage per ad account and x-app-usage
   * for the app, each the highest of call_count, total_cputime and total_time, in percent of a rolling hour. The
   * budget is 100 points: a call holds one while it runs, and the answer's headers set what is used, which the
   * ledger lets drain at 100 points an hour until the next answer says otherwise. The throttling codes name which
   * budget an error means: (#4) the app's, the ad account's others (reference 1.10).
   */
  metaAdAccount: (accountId: string): QuotaBudget => ({
    platform: 'meta', key: `ad_account:${accountId}`, period: 'rolling_hour', capacity: 100, restorePerSecond: 100 / 3600,
    throttleCodes: ['17', '613', '80000', '80001', '80002', '80003', '80004', '80005', '80006', '80008', '80009', '80014'], label: "Meta ad account's hourly call budget",
  }),
  metaApp: (appId: string): QuotaBudget => ({
    platform: 'meta', key: `app:${appId}`, period: 'rolling_hour', capacity: 100, restorePerSecond: 100 / 3600, throttleCodes: ['4'], label: "Meta app's hourly call budget",
  }),
} as const;
