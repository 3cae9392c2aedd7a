import type { PlatformsConfig } from '../../config.js';
import { jsonArrayElements, parseRetryAfter, platformFetch, platformRequest, readJson } from '../http.js';
import { PlatformError } from '../platform-error.js';

type AdsConfig = PlatformsConfig['googleAds'];

interface AdsErrorItem {
  errorCode?: Record<string, string>;
  message?: string;
  /** QuotaError carries its delay here, not in a google.rpc.RetryInfo detail (reference 3.5) */
  details?: { quotaErrorDetails?: { retryDelay?: string } };
}

interface AdsErrorBody {
  error?: {
    code?: number;
    message?: string;
    status?: string;
    details?: Array<{ errors?: AdsErrorItem[]; retryDelay?: string; reason?: string }>;
  };
}

/** google.rpc.Status + GoogleAdsFailure to our classification (platform-apis.md 3.5, 3.6). */
export function googleAdsError(status: number, body: unknown, headers: Headers): PlatformError {
  const raw = Array.isArray(body) ? body[0] : body; // searchStream wraps errors in an array
  const err = (raw as AdsErrorBody | undefined)?.error;
  const failures = (err?.details ?? []).flatMap((d) => d.errors ?? []);
  const codes = failures.flatMap((f) => Object.values(f.errorCode ?? {}));
  const message = failures[0]?.message ?? err?.message ?? `Google Ads answered HTTP ${status}`;
  const details = { status, code: codes[0] ?? err?.status };
  if (codes.includes('NOT_ADS_USER')) return new PlatformError('google_ads', 'not_ads_user', message, details);
  // A bad developer token is our configuration, not the user's connection: never ask them to reconnect.
  if (codes.some((c) => c.startsWith('DEVELOPER_TOKEN'))) return new PlatformError('google_ads', 'bad_request', message, details);
  if (status === 401 || err?.status === 'UNAUTHENTICATED') return new PlatformError('google_ads', 'auth', message, details);
  if (status === 429 || err?.status === 'RESOURCE_EXHAUSTED') {
    const delay = failures.find((f) => f.details?.quotaErrorDetails?.retryDelay)?.details?.quotaErrorDetails?.retryDelay ?? err?.details?.find((d) => d.retryDelay)?.retryDelay;
    const retryAfterMs = delay ? Number.parseFloat(delay) * 1000 : (parseRetryAfter(headers.get('retry-after')) ?? 30_000);
    return new PlatformError('google_ads', 'rate_limit', message, { ...details, retryAfterMs });
  }
  if (status === 403) return new PlatformError('google_ads', codes.includes('ACCESS_TOKEN_SCOPE_INSUFFICIENT') ? 'auth' : 'permission', message, details);
  if (status >= 500) return new PlatformError('google_ads', 'unavailable', message, details);
  return new PlatformError('google_ads', 'bad_request', message, details);
}

function headers(config: AdsConfig, accessToken: string, loginCustomerId?: string): Record<string, string> {
  return {
    authorization: `Bearer ${accessToken}`,
    'developer-token': config.developerToken,
    ...(loginCustomerId ? { 'login-customer-id': loginCustomerId } : {}),
  };
}

export async function listAccessibleCustomers(config: AdsConfig, accessToken: string): Promise<string[]> {
  const res = await platformFetch({ platform: 'google_ads', url: `${config.url}/${config.version}/customers:listAccessibleCustomers`, headers: headers(config, accessToken) });
  if (res.status >= 400) throw googleAdsError(res.status, res.json, res.headers);
  return ((res.json as { resourceNames?: string[] }).resourceNames ?? []).map((r) => r.replace('customers/', ''));
}

/** googleAds:search, following nextPageToken to the end (fixed 10,000-row pages). */
export async function searchAll<T>(config: AdsConfig, accessToken: string, customerId: string, query: string, loginCustomerId?: string, maxPages = 1000): Promise<T[]> {
  const out: T[] = [];
  let pageToken: string | undefined;
  for (let i = 0; i < maxPages; i++) {
    const res = await platformFetch({
      platform: 'google_ads',
      url: `${config.url}/${config.version}/customers/${customerId}/googleAds:search`,
      headers: headers(config, accessToken, loginCustomerId),
      body: pageToken ? { query, pageToken } : { query },
    });
    if (res.status >= 400) throw googleAdsError(res.status, res.json, res.headers);
    const page = res.json as { results?: T[]; nextPageToken?: string };
    out.push(...(page.results ?? []));
    pageToken = page.nextPageToken;
    if (!pageToken) break;
  }
  return out;
}

interface StreamBatch<T> {
  results?: T[];
  error?: unknown;
}

/**
 * googleAds:searchStream: one POST answers every row as one JSON array of batches (10,000 rows each;
 * reference 3.3), so a whole window costs one call. No rows -> `[]` or `[{fieldMask, requestId}]`.
 * Errors are array-wrapped `[{"error":{...}}]`; a stream that fails after it started answers HTTP 200
 * with the error as its last element, so every element is checked.
 *
 * The answer is read batch by batch as it arrives (a quarter of a large account's search terms is hundreds of
 * MB as one text): `onBatch` gets each batch's rows, in order, and is awaited before the next is read, so at
 * most one batch is held here. A batch already handed on is not taken back when a later one fails: the caller
 * discards what it kept of a failed call.
 */
export async function searchStreamBatches<T>(
  config: AdsConfig,
  accessToken: string,
  customerId: string,
  query: string,
  onBatch: (rows: T[]) => Promise<void> | void,
  loginCustomerId?: string,
  timeoutMs = 120_000,
  signal?: AbortSignal,
): Promise<void> {
  const res = await platformRequest({
    platform: 'google_ads',
    url: `${config.url}/${config.version}/customers/${customerId}/googleAds:searchStream`,
    headers: headers(config, accessToken, loginCustomerId),
    body: { query },
    timeoutMs,
    signal,
  });
  if (res.status >= 400) throw googleAdsError(res.status, await readJson('google_ads', res), res.headers);
  for await (const element of jsonArrayElements('google_ads', res)) {
    const batch = element as StreamBatch<T> | null;
    if (batch?.error) {
      const code = (batch.error as { code?: unknown }).code;
      throw googleAdsError(typeof code === 'number' ? code : 500, batch, res.headers);
    }
    if (batch?.results?.length) await onBatch(batch.results);
  }
}

/** searchStream's rows all at once: for answers known to be small (campaigns, the current products). */
export async function searchStream<T>(config: AdsConfig, accessToken: string, customerId: string, query: string, loginCustomerId?: string, timeoutMs = 120_000, signal?: AbortSignal): Promise<T[]> {
  const out: T[] = [];
  await searchStreamBatches<T>(config, accessToken, customerId, query, (rows) => {
    for (const row of rows) out.push(row);
  }, loginCustomerId, timeoutMs, signal);
  return out;
}
