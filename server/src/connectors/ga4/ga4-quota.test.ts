import { describe, expect, it } from 'vitest';
import type { Ga4PropertyQuota } from './ga4-mapping.js';
import { ga4QuotaKind } from './ga4-api.js';
import { ga4QuotaPaused, ga4QuotaShortfall, ga4QuotaWait, lowestRemaining, tokensCharged } from './ga4-quota.js';

// The propertyQuota of platform-apis.md 4.3: a fresh standard property after one small report.
const FRESH: Ga4PropertyQuota = {
  tokensPerDay: { consumed: 4, remaining: 199_900 },
  tokensPerHour: { consumed: 4, remaining: 39_950 },
  concurrentRequests: { consumed: 0, remaining: 10 },
  serverErrorsPerProjectPerHour: { consumed: 0, remaining: 10 },
  potentiallyThresholdedRequestsPerHour: { consumed: 1, remaining: 119 },
  tokensPerProjectPerHour: { consumed: 4, remaining: 13_950 },
};
const left = (over: Partial<Record<keyof Ga4PropertyQuota, number>>): Ga4PropertyQuota =>
  Object.fromEntries(Object.entries(FRESH).map(([k, v]) => [k, { ...v, remaining: over[k as keyof Ga4PropertyQuota] ?? v.remaining }]));

// 11:20 in Los Angeles (PDT): 40 minutes to the hour, 12 h 40 min to midnight Pacific; both plus 5 s of margin.
const NOW = Date.parse('2026-06-15T18:20:00Z');
const TO_HOUR = 40 * 60_000 + 5_000;
const TO_MIDNIGHT = (12 * 60 + 40) * 60_000 + 5_000;
const BATCH = { tokens: 40, thresholdedRequests: 0 };

describe('ga4QuotaWait', () => {
  it('given no propertyQuota yet or room for the next call, when asked, then no wait', () => {
    expect(ga4QuotaWait(undefined, BATCH, NOW)).toBeNull();
    expect(ga4QuotaWait(FRESH, { tokens: 40, thresholdedRequests: 3 }, NOW)).toBeNull();
    expect(ga4QuotaWait(left({ tokensPerHour: 40, tokensPerProjectPerHour: 40, tokensPerDay: 40 }), BATCH, NOW)).toBeNull(); // exactly enough
  });

  it('given the hourly property or project tokens would run out, when asked, then wait to the top of the hour', () => {
    expect(ga4QuotaWait(left({ tokensPerHour: 39 }), BATCH, NOW)).toBe(TO_HOUR);
    expect(ga4QuotaWait(left({ tokensPerProjectPerHour: 39 }), BATCH, NOW)).toBe(TO_HOUR);
    expect(ga4QuotaShortfall(left({ tokensPerProjectPerHour: 12 }), BATCH, NOW)).toEqual({ quota: 'tokensPerProjectPerHour', scope: 'hourly', remaining: 12, needed: 40, waitMs: TO_HOUR });
  });

  it('given too few potentially thresholded requests left, when the next call has demographic reports, then wait to the hour', () => {
    const few = left({ potentiallyThresholdedRequestsPerHour: 2 });
    expect(ga4QuotaWait(few, { tokens: 40, thresholdedRequests: 3 }, NOW)).toBe(TO_HOUR);
    expect(ga4QuotaWait(few, { tokens: 40, thresholdedRequests: 2 }, NOW)).toBeNull();
    expect(ga4QuotaWait(left({ potentiallyThresholdedRequestsPerHour: 0 }), BATCH, NOW)).toBeNull(); // no demographics: not charged
  });

  it('given the daily tokens would run out, when asked, then wait to midnight Pacific, even when an hourly bucket is short too', () => {
    expect(ga4QuotaWait(left({ tokensPerDay: 39 }), BATCH, NOW)).toBe(TO_MIDNIGHT);
    expect(ga4QuotaShortfall(left({ tokensPerDay: 0, tokensPerHour: 0 }), BATCH, NOW)).toMatchObject({ quota: 'tokensPerDay', scope: 'daily', remaining: 0, needed: 40, waitMs: TO_MIDNIGHT });
    // in winter (PST) 12:00 is 20:00 UTC
    expect(ga4QuotaWait(left({ tokensPerDay: 5 }), BATCH, Date.parse('2026-01-15T20:00:00Z'))).toBe(12 * 3_600_000 + 5_000);
  });

  it('given the server errors of the hour are used up, when asked, then wait to the hour: GA4 blocks the project for the property', () => {
    expect(ga4QuotaWait(left({ serverErrorsPerProjectPerHour: 0 }), BATCH, NOW)).toBe(TO_HOUR);
    expect(ga4QuotaWait(left({ serverErrorsPerProjectPerHour: 1 }), BATCH, NOW)).toBeNull();
  });

  it('given a fractional or zero estimate, when asked, then a call costs at least one whole token', () => {
    expect(ga4QuotaWait(left({ tokensPerHour: 12 }), { tokens: 12.2, thresholdedRequests: 0 }, NOW)).toBe(TO_HOUR);
    expect(ga4QuotaWait(left({ tokensPerHour: 13 }), { tokens: 12.2, thresholdedRequests: 0 }, NOW)).toBeNull();
    expect(ga4QuotaWait(left({ tokensPerHour: 0 }), { tokens: 0, thresholdedRequests: 0 }, NOW)).toBe(TO_HOUR);
  });

  it('given a quota GA4 did not report, when asked, then it is not guessed at', () => {
    expect(ga4QuotaWait({ tokensPerHour: { consumed: 4 } }, BATCH, NOW)).toBeNull();
    expect(ga4QuotaWait({ tokensPerHour: { consumed: 4, remaining: 3 } }, BATCH, NOW)).toBe(TO_HOUR);
  });
});

describe('ga4QuotaPaused', () => {
  it('is a rate limit with the wait, worded so the quota reads as GA4 names it', () => {
    const daily = ga4QuotaPaused(ga4QuotaShortfall(left({ tokensPerDay: 7 }), BATCH, NOW)!);
    expect(daily).toMatchObject({ platform: 'ga4', kind: 'rate_limit', retryable: true, details: { code: 'QUOTA_PACED', retryAfterMs: TO_MIDNIGHT } });
    expect(daily.message).toBe('Paused before exhausting GA4 property tokens per day: 7 left, the next reports need about 40. Retry in 45605 seconds.');
    expect(ga4QuotaKind(daily.message)).toBe('daily');
    const thresholded = ga4QuotaPaused(ga4QuotaShortfall(left({ potentiallyThresholdedRequestsPerHour: 1 }), { tokens: 40, thresholdedRequests: 3 }, NOW)!);
    expect(ga4QuotaKind(thresholded.message)).toBe('hourly');
    expect(thresholded.details.retryAfterMs).toBe(TO_HOUR);
  });
});

describe('propertyQuota of a batch', () => {
  it('takes the lowest remaining of each quota among the reports, and what a report was charged', () => {
    const a: Ga4PropertyQuota = { tokensPerHour: { consumed: 3, remaining: 100 }, tokensPerDay: { consumed: 3, remaining: 900 } };
    const b: Ga4PropertyQuota = { tokensPerHour: { consumed: 5, remaining: 95 }, potentiallyThresholdedRequestsPerHour: { consumed: 1, remaining: 7 } };
    expect(lowestRemaining([a, undefined, b])).toEqual({
      tokensPerHour: { consumed: 5, remaining: 95 },
      tokensPerDay: { consumed: 3, remaining: 900 },
      potentiallyThresholdedRequestsPerHour: { consumed: 1, remaining: 7 },
    });
    expect(lowestRemaining([undefined])).toBeUndefined();
    expect(tokensCharged(b)).toBe(5);
    expect(tokensCharged(undefined)).toBe(0);
  });
});
