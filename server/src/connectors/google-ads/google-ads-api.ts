import type { PlatformsConfig } from '../../config.js';
import { parseRetryAfter, platformFetch } from '../http.js';
import { PlatformError } from '../platform-error.js';

type AdsConfig = PlatformsConfig['googleAds'];

interface AdsErrorBody {
  error?: {
    code?: number;
    message?: string;
    status?: string;
    details?: Array<{ errors?: Array<{ errorCode?: Record<string, string>; message?: string }>; retryDelay?: string; reason?: string }>;
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
  if (status === 401 || err?.status === 'UNAUTHENTICATED') return new PlatformError('google_ads', 'auth', message, details);
  if (status === 429 || err?.status === 'RESOURCE_EXHAUSTED') {
    const delay = err?.details?.find((d) => d.retryDelay)?.retryDelay;
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
