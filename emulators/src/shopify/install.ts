import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { escapeHtml, page } from '../common/html.js';
import type { ShopifyState } from './state.js';
import { notFoundPage } from './errors.js';

// The Shopify App Store's side of an install (apps.shopify.com/{app} -> "Install" -> the merchant's admin
// opens the app): Shopify loads the app's URL with the shop, a host, a timestamp and an HMAC of them, signed
// with the app's secret (shopify.dev "Verify a request from Shopify": the query without hmac, sorted).

/** The query Shopify adds to the app URL when the merchant opens the app, signed as Shopify signs it. */
export function signedAppQuery(secret: string, shop: string, nowSeconds: number): URLSearchParams {
  const store = shop.replace(/\.myshopify\.com$/, '');
  const params: Record<string, string> = {
    host: Buffer.from(`admin.shopify.com/store/${store}`).toString('base64url'),
    shop,
    timestamp: String(nowSeconds),
  };
  const message = Object.keys(params)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return new URLSearchParams({ ...params, hmac: createHmac('sha256', secret).update(message).digest('hex') });
}

export function registerInstallRoutes(app: FastifyInstance, state: ShopifyState, appUrl: string | undefined): void {
  const apps = state.ctx.world.apps.shopify;
  const listing = '/apps/:clientId';

  // The app's App Store listing, with the sandbox's stores to install it on.
  app.get<{ Params: { clientId: string } }>(listing, async (req, reply) => {
    if (req.params.clientId !== apps.clientId || !appUrl) return notFoundPage(reply);
    const shops = state.ctx.world.shopify.shops;
    const body = `<h1>Parallels</h1>
<p>Marketing analytics for your store: Shopify, Meta Ads, Google Ads and GA4 in one place. 14-day free trial.</p>
<form method="post" action="${escapeHtml(`${state.ctx.baseUrl}/apps/${apps.clientId}`)}">
<p><label>Install on <select name="shop">${shops.map((s) => `<option value="${escapeHtml(s.domain)}">${escapeHtml(s.name)} (${escapeHtml(s.domain)})</option>`).join('')}</select></label></p>
<div class="actions"><button class="primary" type="submit" name="decision" value="install">Install</button></div></form>`;
    return reply.type('text/html; charset=utf-8').send(page('Shopify App Store', body));
  });

  // Install: the merchant's admin opens the app's URL with the signed query; the app takes it from there.
  app.post<{ Params: { clientId: string }; Body: { shop?: string } }>(listing, async (req, reply) => {
    const shop = state.ctx.world.shopify.shops.find((s) => s.domain === req.body?.shop);
    if (req.params.clientId !== apps.clientId || !appUrl || !shop) return notFoundPage(reply);
    const query = signedAppQuery(apps.clientSecret, shop.domain, Math.floor(state.ctx.clock.now().getTime() / 1000));
    return reply.redirect(`${appUrl}?${query.toString()}`, 302);
  });
}
