import type { PlatformsConfig } from '../../config.js';
import { parseRetryAfter, platformFetch } from '../http.js';
import { PlatformError } from '../platform-error.js';
import { shopUrl } from './shopify-auth.js';

type ShopifyConfig = PlatformsConfig['shopify'];

/** `extensions.cost` of a GraphQL answer (platform-apis.md 5.6): what the call cost and what the bucket holds now. */
export interface ShopifyQueryCost {
  requestedQueryCost?: number;
  actualQueryCost?: number | null;
  throttleStatus?: { maximumAvailable?: number; currentlyAvailable?: number; restoreRate?: number };
}

interface GraphQLResponse<T> {
  data?: T;
  errors?: string | Array<{ message: string; extensions?: { code?: string } }>;
  extensions?: { cost?: ShopifyQueryCost };
}

/**
 * One Admin GraphQL call. Shopify reports most errors on HTTP 200 in `errors[]` (platform-apis.md 5.2, 5.7):
 * THROTTLED waits for the bucket to refill enough for the query's cost.
 */
export async function shopifyGraphql<T>(
  config: ShopifyConfig,
  shop: string,
  accessToken: string,
  query: string,
  variables: Record<string, unknown> = {},
  options: { onCost?: (cost: ShopifyQueryCost) => void } = {},
): Promise<T> {
  const res = await platformFetch({
    platform: 'shopify',
    url: `${shopUrl(config, shop)}/admin/api/${config.version}/graphql.json`,
    headers: { 'x-shopify-access-token': accessToken },
    body: { query, variables },
  });
  const body = res.json as GraphQLResponse<T> | undefined;
  if (res.status === 401 || res.status === 403) throw new PlatformError('shopify', 'auth', 'Shopify did not accept the access token', { status: res.status });
  if (res.status === 429) throw new PlatformError('shopify', 'rate_limit', 'Shopify asked us to slow down', { status: 429, retryAfterMs: parseRetryAfter(res.headers.get('retry-after')) ?? 2000 });
  if (res.status >= 500) throw new PlatformError('shopify', 'unavailable', `Shopify answered HTTP ${res.status}`, { status: res.status });
  const errors = typeof body?.errors === 'string' ? [{ message: body.errors }] : (body?.errors ?? []);
  if (errors.some((e) => 'extensions' in e && e.extensions?.code === 'THROTTLED')) {
    const cost = body?.extensions?.cost;
    const needed = (cost?.requestedQueryCost ?? 50) - (cost?.throttleStatus?.currentlyAvailable ?? 0);
    const rate = cost?.throttleStatus?.restoreRate ?? 50;
    throw new PlatformError('shopify', 'rate_limit', 'Shopify throttled the query', { code: 'THROTTLED', retryAfterMs: Math.max(1000, Math.ceil((needed / rate) * 1000)) });
  }
  if (errors.length || !body?.data) {
    const denied = errors.some((e) => 'extensions' in e && e.extensions?.code === 'ACCESS_DENIED');
    throw new PlatformError('shopify', denied ? 'permission' : 'bad_request', errors.map((e) => e.message).join('; ') || 'Shopify sent no data');
  }
  if (body.extensions?.cost) options.onCost?.(body.extensions.cost);
  return body.data;
}

/**
 * ms to wait before a query of `nextCost` so it does not run into THROTTLED: the leaky bucket refills at
 * `restoreRate` points a second (platform-apis.md 5.6). 0 when the bucket already holds enough.
 */
export function throttleWaitMs(cost: ShopifyQueryCost | undefined, nextCost: number): number {
  const available = cost?.throttleStatus?.currentlyAvailable;
  const rate = cost?.throttleStatus?.restoreRate;
  if (available === undefined || !rate || available >= nextCost) return 0;
  return Math.ceil(((nextCost - available) / rate) * 1000);
}

export interface ShopInfo {
  name: string;
  email: string | null;
  currency: string;
  timezone: string;
  domain: string;
}

export async function fetchShop(config: ShopifyConfig, shop: string, accessToken: string): Promise<ShopInfo> {
  const data = await shopifyGraphql<{ shop: { name: string; email: string | null; currencyCode: string; ianaTimezone: string; myshopifyDomain: string } }>(
    config,
    shop,
    accessToken,
    '{ shop { name email currencyCode ianaTimezone myshopifyDomain } }',
  );
  return { name: data.shop.name, email: data.shop.email, currency: data.shop.currencyCode, timezone: data.shop.ianaTimezone, domain: data.shop.myshopifyDomain };
}
