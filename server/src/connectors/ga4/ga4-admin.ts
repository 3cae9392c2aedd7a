import type { PlatformsConfig } from '../../config.js';
import { platformFetch } from '../http.js';
import { ga4Error } from './ga4-api.js';

// ga4Error moved to ga4-api.ts (shared with the Data API sync); re-exported for existing importers.
export { ga4Error };

export interface Ga4Property {
  propertyId: string; // digits, without 'properties/'
  propertyName: string;
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
