import { PlatformError } from '../platform-error.js';
import { ga4QuotaWaitMs } from './ga4-api.js';
import type { Ga4PropertyQuota } from './ga4-mapping.js';

/** What the next Data API call is expected to take from the property's quotas. */
export interface Ga4CallCost {
  /** core tokens, estimated from what earlier calls consumed (GA4 charges after the report ran) */
  tokens: number;
  /** reports in the call with a Google-signals dimension (known from the request, not estimated) */
  thresholdedRequests: number;
}

type QuotaName = keyof Ga4PropertyQuota;

export interface Ga4QuotaShortfall {
  quota: QuotaName;
  scope: 'hourly' | 'daily';
  remaining: number;
  needed: number;
  waitMs: number;
}

// Checked in this order: the daily bucket first, since its wait (to midnight Pacific, a top of the hour in UTC
// too) covers every hourly one. Server errors: reference 4.5, exhausting them blocks the project for the
// property until the hour is over, whatever the next call costs.
const CHECKS: Array<{ quota: QuotaName; scope: 'hourly' | 'daily'; need: (cost: Ga4CallCost) => number }> = [
  { quota: 'tokensPerDay', scope: 'daily', need: (c) => c.tokens },
  { quota: 'tokensPerHour', scope: 'hourly', need: (c) => c.tokens },
  { quota: 'tokensPerProjectPerHour', scope: 'hourly', need: (c) => c.tokens },
  { quota: 'potentiallyThresholdedRequestsPerHour', scope: 'hourly', need: (c) => c.thresholdedRequests },
  { quota: 'serverErrorsPerProjectPerHour', scope: 'hourly', need: () => 1 },
];

/**
 * The quota the next call would exhaust, if any, from the propertyQuota GA4 returned with the last report
 * (platform-apis.md 4.5: "ask for returnPropertyQuota and slow down proactively"). Any call costs at least one
 * token, whatever the estimate says; a quota GA4 did not report is not guessed at.
 */
export function ga4QuotaShortfall(quota: Ga4PropertyQuota | undefined, next: Ga4CallCost, now: number): Ga4QuotaShortfall | null {
  if (!quota) return null;
  const cost = { tokens: Math.max(1, Math.ceil(next.tokens)), thresholdedRequests: next.thresholdedRequests };
  for (const check of CHECKS) {
    const remaining = quota[check.quota]?.remaining;
    const needed = check.need(cost);
    if (remaining === undefined || needed <= 0 || remaining >= needed) continue;
    // the same wait a 429 of that quota would get: to the top of the hour, or to midnight Pacific
    return { quota: check.quota, scope: check.scope, remaining, needed, waitMs: ga4QuotaWaitMs(check.scope, new Headers(), now) };
  }
  return null;
}

/** ms to wait before the next call so it is not refused for quota, or null when it fits. */
export function ga4QuotaWait(quota: Ga4PropertyQuota | undefined, observedCostPerCall: Ga4CallCost, now: number): number | null {
  return ga4QuotaShortfall(quota, observedCostPerCall, now)?.waitMs ?? null;
}

const QUOTA_NAMES: Record<keyof Ga4PropertyQuota, string> = {
  tokensPerDay: 'property tokens per day',
  tokensPerHour: 'property tokens per hour',
  tokensPerProjectPerHour: 'property tokens for a project per hour',
  potentiallyThresholdedRequestsPerHour: 'potentially thresholded requests per hour',
  serverErrorsPerProjectPerHour: 'server errors per project per hour',
  concurrentRequests: 'concurrent requests',
};

/**
 * The next batch would be refused: a rate limit raised before the call, worded like GA4's own 429 (so
 * ga4QuotaKind reads it the same way) and carrying the wait, which the job takes instead of a worker.
 */
export function ga4QuotaPaused(s: Ga4QuotaShortfall): PlatformError {
  const message = `Paused before exhausting GA4 ${QUOTA_NAMES[s.quota]}: ${s.remaining} left, the next reports need about ${s.needed}. Retry in ${Math.ceil(s.waitMs / 1000)} seconds.`;
  return new PlatformError('ga4', 'rate_limit', message, { code: 'QUOTA_PACED', retryAfterMs: s.waitMs });
}

/**
 * One view of the quotas after a batch: the lowest remaining of each among its reports. GA4 gives every
 * report of a batch its own propertyQuota, and does not promise to run them in order.
 */
export function lowestRemaining(quotas: Array<Ga4PropertyQuota | undefined>): Ga4PropertyQuota | undefined {
  let merged: Ga4PropertyQuota | undefined;
  for (const q of quotas) {
    if (!q) continue;
    merged ??= {};
    for (const [name, status] of Object.entries(q) as Array<[QuotaName, { consumed?: number; remaining?: number } | undefined]>) {
      const remaining = status?.remaining;
      if (remaining === undefined) continue;
      const have = merged[name]?.remaining;
      if (have === undefined || remaining < have) merged[name] = { ...status, remaining };
    }
  }
  return merged;
}

/** Tokens a report was charged (the same figure in the day, hour and project buckets). */
export function tokensCharged(quota: Ga4PropertyQuota | undefined): number {
  return Math.max(quota?.tokensPerHour?.consumed ?? 0, quota?.tokensPerDay?.consumed ?? 0, quota?.tokensPerProjectPerHour?.consumed ?? 0);
}
