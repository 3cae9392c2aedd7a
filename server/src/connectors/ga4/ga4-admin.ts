import type { PlatformsConfig } from '../../config.js';
import { parseRetryAfter, platformFetch } from '../http.js';
import { PlatformError } from '../platform-error.js';

export interface Ga4Property {
  propertyId: string; // digits, without 'properties/'
  propertyName: string;
}

export function ga4Error(status: number, body: unknown, headers: Headers): PlatformError {
  const err = (body as { error?: { message?: string; status?: string } } | undefined)?.error;
  const message = err?.message ?? `Google Analytics answered HTTP ${status}`;
  const details = { status, code: err?.status };
  if (status === 401) return new PlatformError('ga4', 'auth', message, details);
  if (status === 403) return new PlatformError('ga4', /scope/i.test(message) ? 'auth' : 'permission', message, details);
  if (status === 429) return new PlatformError('ga4', 'rate_limit', message, { ...details, retryAfterMs: parseRetryAfter(headers.get('retry-after')) ?? 60_000 });
  if (status >= 500) return new PlatformError('ga4', 'unavailable', message, details);
  return new PlatformError('ga4', 'bad_request', message, details);
}

/** Every property the user can see, through accountSummaries (paged). */
export async function listGa4Properties(config: PlatformsConfig['ga4'], accessToken: string, maxPages = 50): Promise<Ga4Property[]> {
  const out: Ga4Property[] = [];
  let pageToken: string | undefined;
  for (let i = 0; i < maxPages; i++) {
    const url = new URL(`${config.adminUrl}/v1beta/accountSummaries`);
    url.searchParams.set('pageSize', '200');
    if (pageToken) url.searchParams.set('pageToken', pageToken);
    const res = await platformFetch({ platform: 'ga4', url: url.toString(), headers: { authorization: `Bearer ${accessToken}` } });
    if (res.status >= 400) throw ga4Error(res.status, res.json, res.headers);
    const page = res.json as { accountSummaries?: Array<{ propertySummaries?: Array<{ property: string; displayName: string }> }>; nextPageToken?: string };
    for (const a of page.accountSummaries ?? []) for (const p of a.propertySummaries ?? []) out.push({ propertyId: p.property.replace('properties/', ''), propertyName: p.displayName });
    pageToken = page.nextPageToken;
    if (!pageToken) break;
  }
  return out;
}
