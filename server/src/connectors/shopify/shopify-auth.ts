import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PlatformsConfig } from '../../config.js';
import { platformFetch } from '../http.js';
import { PlatformError } from '../platform-error.js';

type ShopifyConfig = PlatformsConfig['shopify'];

export const SHOPIFY_SCOPES = ['read_orders', 'read_all_orders', 'read_products'];

// shopify-app-js shop-validator: a shop is '<name>.myshopify.com' and nothing else, checked BEFORE any call
// goes out (security checklist E1: no request to a host an attacker chose). The name is one DNS label: at
// most 63 characters, so nothing longer is ever stored (an OAuth state keeps the shop).
const SHOP_DOMAIN = /^[a-zA-Z0-9][a-zA-Z0-9-_]{0,62}\.myshopify\.com$/;

/** 'my-store' or 'my-store.myshopify.com' -> 'my-store.myshopify.com'; undefined when not a valid shop. */
export function normaliseShop(input: string): string | undefined {
  const trimmed = input.trim().toLowerCase();
  const domain = trimmed.endsWith('.myshopify.com') ? trimmed : `${trimmed}.myshopify.com`;
  return SHOP_DOMAIN.test(domain) ? domain : undefined;
}

export function shopUrl(config: ShopifyConfig, shop: string): string {
  return config.shopUrlTemplate.replace('{shop}', shop);
}

export function shopifyAuthorizeUrl(config: ShopifyConfig, input: { shop: string; redirectUri: string; state: string }): string {
  const url = new URL(`${shopUrl(config, input.shop)}/admin/oauth/authorize`);
  url.searchParams.set('client_id', config.apiKey);
  url.searchParams.set('scope', SHOPIFY_SCOPES.join(','));
  url.searchParams.set('redirect_uri', input.redirectUri);
  url.searchParams.set('state', input.state);
  return url.toString();
}

/**
 * The message Shopify signs: every parameter but `hmac` and `signature`, decoded, sorted by name and written back
 * as an application/x-www-form-urlencoded query, as Shopify's own libraries rebuild it (shopify-api-js
 * `stringifyQueryForAdmin`, shopify-api-ruby `URI.encode_www_form`). Values that URL encoding changes are signed
 * encoded (space '+'; '+', '/', '=', '&', '%' as %2B, %2F, %3D, %26, %25); a repeated parameter signs each value.
 */
export function shopifySignedMessage(query: Record<string, string | string[] | undefined>): string {
  const form = new URLSearchParams();
  for (const k of Object.keys(query).filter((k) => k !== 'hmac' && k !== 'signature').sort()) {
    for (const v of [query[k] ?? []].flat()) form.append(k, v);
  }
  return form.toString();
}

/**
 * Shopify signs its redirects: hex HMAC-SHA256, with the app secret, of `shopifySignedMessage` (platform-apis.md
 * 5.1). Compared in constant time; stale timestamps are refused.
 */
export function verifyShopifyQuery(secret: string, query: Record<string, string | string[] | undefined>, nowMs = Date.now(), maxAgeSeconds = 24 * 3600): boolean {
  const hmac = query.hmac;
  if (typeof hmac !== 'string' || !/^[0-9a-f]{64}$/i.test(hmac)) return false;
  const expected = createHmac('sha256', secret).update(shopifySignedMessage(query)).digest();
  const given = Buffer.from(hmac, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  const ts = Number(query.timestamp);
  return Number.isFinite(ts) && Math.abs(nowMs / 1000 - ts) <= maxAgeSeconds;
}

export interface ShopifyTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
  scope: string;
}

export async function exchangeShopifyCode(config: ShopifyConfig, shop: string, code: string): Promise<ShopifyTokens> {
  const res = await platformFetch({
    platform: 'shopify',
    url: `${shopUrl(config, shop)}/admin/oauth/access_token`,
    body: { client_id: config.apiKey, client_secret: config.apiSecret, code, expiring: 1 },
  });
  const b = res.json as { access_token?: string; refresh_token?: string; expires_in?: number; scope?: string; error_description?: string } | undefined;
  if (res.status >= 400 || !b?.access_token) {
    throw new PlatformError('shopify', res.status >= 500 ? 'unavailable' : 'auth', b?.error_description ?? `Shopify answered HTTP ${res.status}`, { status: res.status });
  }
  return { accessToken: b.access_token, refreshToken: b.refresh_token ?? null, expiresAt: b.expires_in ? new Date(Date.now() + b.expires_in * 1000) : null, scope: b.scope ?? '' };
}

/** Expiring offline tokens rotate: the refresh token is single use (security checklist D5, E7). */
export async function refreshShopifyToken(config: ShopifyConfig, shop: string, refreshToken: string): Promise<ShopifyTokens> {
  const res = await platformFetch({
    platform: 'shopify',
    url: `${shopUrl(config, shop)}/admin/oauth/access_token`,
    body: { client_id: config.apiKey, client_secret: config.apiSecret, grant_type: 'refresh_token', refresh_token: refreshToken },
  });
  const b = res.json as { access_token?: string; refresh_token?: string; expires_in?: number; scope?: string } | undefined;
  if (res.status >= 400 || !b?.access_token) throw new PlatformError('shopify', res.status >= 500 ? 'unavailable' : 'auth', `Shopify refused the refresh (HTTP ${res.status})`, { status: res.status });
  return { accessToken: b.access_token, refreshToken: b.refresh_token ?? null, expiresAt: b.expires_in ? new Date(Date.now() + b.expires_in * 1000) : null, scope: b.scope ?? '' };
}
