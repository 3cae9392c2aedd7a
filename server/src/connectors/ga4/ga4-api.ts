import type { PlatformsConfig } from '../../config.js';
import { parseRetryAfter, platformFetch } from '../http.js';
import { PlatformError } from '../platform-error.js';

export type Ga4Config = PlatformsConfig['ga4'];

/**
 * Which GA4 Data API quota a 429 RESOURCE_EXHAUSTED names (platform-apis.md 4.5, 4.6). GA4 sends no
 * Retry-After, so the wait comes from the message: the phrases are the ones Airbyte's quota handler keys on.
 */
export type Ga4QuotaKind = 'concurrent' | 'hourly' | 'daily' | 'unknown';

export function ga4QuotaKind(message: string): Ga4QuotaKind {
  if (/concurrent requests/i.test(message)) return 'concurrent';
  if (/per day/i.test(message)) return 'daily';
  // tokens per hour, tokens for a project per hour, potentially thresholded requests, server errors per hour
  if (/per hour|thresholded|under an hour/i.test(message)) return 'hourly';
  return 'unknown';
}

/** ms until the next midnight in America/Los_Angeles, when GA4's daily property tokens reset. */
export function msUntilPacificMidnight(now: number): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', hourCycle: 'h23', hour: 'numeric', minute: 'numeric', second: 'numeric' })
    .formatToParts(new Date(now));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const elapsed = ((part('hour') * 60 + part('minute')) * 60 + part('second')) * 1000 + (now % 1000);
  // a DST change day is 23 or 25 hours long: off by at most an hour, and the retry simply fails again
  return 24 * 3_600_000 - elapsed;
}

const SAFETY_MS = 5_000;

/**
 * How long a GA4 quota error says to wait. Concurrent requests free up within seconds (reference: ~30 s);
 * hourly buckets return "in under an hour" (we wait to the top of the hour); the daily bucket resets at
 * midnight Pacific. Unknown 429s fall back to Retry-After, else a minute.
 */
export function ga4QuotaWaitMs(kind: Ga4QuotaKind, headers: Headers, now: number): number {
  if (kind === 'concurrent') return 30_000;
  if (kind === 'hourly') return 3_600_000 - (now % 3_600_000) + SAFETY_MS;
  if (kind === 'daily') return msUntilPacificMidnight(now) + SAFETY_MS;
  return parseRetryAfter(headers.get('retry-after'), now) ?? 60_000;
}

/** google.rpc.Status from either GA4 API to our classification (platform-apis.md 4.6). */
export function ga4Error(status: number, body: unknown, headers: Headers, now = Date.now()): PlatformError {
  const err = (body as { error?: { message?: string; status?: string } } | undefined)?.error;
  const message = err?.message ?? `Google Analytics answered HTTP ${status}`;
  const details = { status, code: err?.status };
  if (status === 401) return new PlatformError('ga4', 'auth', message, details);
  // "Request had insufficient authentication scopes." needs a new consent; other 403s are property access
  if (status === 403) return new PlatformError('ga4', /scope/i.test(message) ? 'auth' : 'permission', message, details);
  if (status === 429) return new PlatformError('ga4', 'rate_limit', message, { ...details, retryAfterMs: ga4QuotaWaitMs(ga4QuotaKind(message), headers, now) });
  if (status >= 500) return new PlatformError('ga4', 'unavailable', message, details);
  return new PlatformError('ga4', 'bad_request', message, details);
}

/** One Data API call on a property (`properties/{id}:runReport`, `:batchRunReports`); errors classified. */
export async function ga4DataPost(config: Ga4Config, accessToken: string, propertyId: string, rpc: 'runReport' | 'batchRunReports', body: unknown): Promise<unknown> {
  const res = await platformFetch({
    platform: 'ga4',
    url: `${config.dataUrl}/v1beta/properties/${propertyId}:${rpc}`,
    headers: { authorization: `Bearer ${accessToken}` },
    body,
    // a two-year page-grain report takes GA4 (and the emulator) several seconds to compute
    timeoutMs: 120_000,
  });
  if (res.status >= 400) throw ga4Error(res.status, res.json, res.headers);
  if (typeof res.json !== 'object' || res.json === null) throw new PlatformError('ga4', 'unavailable', `Google Analytics sent an empty ${rpc} response`, { status: res.status });
  return res.json;
}
