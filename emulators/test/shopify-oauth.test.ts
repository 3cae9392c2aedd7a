import { createHmac } from 'node:crypto';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { SANDBOX_APPS } from '../src/common/world.js';
import { NORTHWIND, startShopify, type ShopifyTest } from './shopify-helpers.js';

const { clientId, clientSecret } = SANDBOX_APPS.shopify;
const REDIRECT = 'https://app.parallels.test/auth/shopify/callback';
const SCOPE = 'read_orders,read_all_orders,read_products';

/**
 * An independent verifier, as Shopify's libraries write it: every param but hmac, decoded, sorted, written back
 * form-encoded (URLSearchParams, as shopify-api-js's stringifyQueryForAdmin), hex HMAC-SHA256.
 */
function verifyCallback(url: URL, secret: string): boolean {
  const given = url.searchParams.get('hmac');
  const message = new URLSearchParams([...url.searchParams.entries()]
    .filter(([k]) => k !== 'hmac' && k !== 'signature')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))).toString();
  return given === createHmac('sha256', secret).update(message).digest('hex');
}

let t: ShopifyTest;
beforeAll(async () => {
  t = await startShopify();
});
afterAll(async () => {
  await t.p.close();
});

async function consent(decision: 'allow' | 'cancel', extra: Record<string, string> = {}): Promise<Response> {
  const form = new URLSearchParams({ client_id: clientId, scope: SCOPE, redirect_uri: REDIRECT, state: 'nonce-123', decision, ...extra });
  return fetch(`${t.p.baseUrl}/${NORTHWIND}/admin/oauth/authorize`, { method: 'POST', body: form, redirect: 'manual' });
}

async function codeFromAllow(extra: Record<string, string> = {}): Promise<string> {
  const r = await consent('allow', extra);
  return new URL(r.headers.get('location') ?? '').searchParams.get('code') ?? '';
}

async function exchange(body: Record<string, unknown>, form = false): Promise<{ status: number; json: Record<string, unknown> }> {
  const r = await fetch(`${t.p.baseUrl}/${NORTHWIND}/admin/oauth/access_token`, form
    ? { method: 'POST', body: new URLSearchParams(Object.entries(body).map(([k, v]): [string, string] => [k, String(v)])) }
    : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: r.status, json: (await r.json()) as Record<string, unknown> };
}

describe('shopify app install OAuth', () => {
  it('shows a consent page with the requested scopes and Allow / Cancel', async () => {
    const q = new URLSearchParams({ client_id: clientId, scope: SCOPE, redirect_uri: REDIRECT, state: 'nonce-123' });
    const r = await fetch(`${t.p.baseUrl}/${NORTHWIND}/admin/oauth/authorize?${q}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('text/html');
    const html = await r.text();
    expect(html).toContain('Install app');
    expect(html).toContain('>Allow</button>');
    expect(html).toContain('>Cancel</button>');
    for (const s of SCOPE.split(',')) expect(html).toContain(s);
  });

  it('Allow redirects with code, hmac, host, shop, state, timestamp; the hmac verifies independently', async () => {
    const r = await consent('allow');
    expect(r.status).toBe(302);
    const url = new URL(r.headers.get('location') ?? '');
    expect(`${url.origin}${url.pathname}`).toBe(REDIRECT);
    expect([...url.searchParams.keys()].sort()).toEqual(['code', 'hmac', 'host', 'shop', 'state', 'timestamp']);
    expect(url.searchParams.get('shop')).toBe(NORTHWIND);
    expect(url.searchParams.get('state')).toBe('nonce-123');
    expect(url.searchParams.get('timestamp')).toBe(String(Date.parse('2026-06-15T06:00:00Z') / 1000));
    expect(Buffer.from(url.searchParams.get('host') ?? '', 'base64url').toString()).toBe(`${NORTHWIND}/admin`);
    expect(url.searchParams.get('hmac')).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyCallback(url, clientSecret)).toBe(true);
    // the verifier really checks: a changed parameter or the wrong secret fails
    const tampered = new URL(url);
    tampered.searchParams.set('shop', 'evil.myshopify.com');
    expect(verifyCallback(tampered, clientSecret)).toBe(false);
    expect(verifyCallback(url, 'another-secret')).toBe(false);
  });

  it('signs a state that URL encoding changes (+ / = & % and a space) over its form encoding', async () => {
    const r = await consent('allow', { state: 'a b+c/d=e&f%g' });
    const url = new URL(r.headers.get('location') ?? '');
    expect(url.searchParams.get('state')).toBe('a b+c/d=e&f%g');
    const q = Object.fromEntries(url.searchParams);
    const message = `code=${q.code}&host=${q.host}&shop=${NORTHWIND}&state=a+b%2Bc%2Fd%3De%26f%25g&timestamp=${q.timestamp}`;
    expect(q.hmac).toBe(createHmac('sha256', clientSecret).update(message).digest('hex'));
    expect(verifyCallback(url, clientSecret)).toBe(true);
  });

  it('Cancel returns the merchant to the admin app list without calling the app', async () => {
    const r = await consent('cancel');
    expect(r.status).toBe(302);
    const location = r.headers.get('location') ?? '';
    expect(location).toBe(`${t.p.baseUrl}/${NORTHWIND}/admin/apps`);
    expect(location).not.toContain('code=');
    const page = await fetch(location);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('not installed');
  });

  it('exchanges a code once for a non-expiring offline token (JSON body)', async () => {
    const code = await codeFromAllow();
    const first = await exchange({ client_id: clientId, client_secret: clientSecret, code });
    expect(first.status).toBe(200);
    expect(Object.keys(first.json).sort()).toEqual(['access_token', 'scope']);
    expect(first.json.access_token).toMatch(/^shpat_[0-9a-f]{32}$/);
    expect(first.json.scope).toBe(SCOPE);
    const again = await exchange({ client_id: clientId, client_secret: clientSecret, code });
    expect(again).toEqual({ status: 400, json: { error: 'invalid_request', error_description: 'The authorization code was not found or was already used' } });
    const shop = await t.gql(first.json.access_token as string, '{ shop { myshopifyDomain } }');
    expect(shop.json.data).toEqual({ shop: { myshopifyDomain: NORTHWIND } });
  });

  it('accepts a form-encoded exchange and rejects a wrong secret or an unknown code', async () => {
    const code = await codeFromAllow();
    expect((await exchange({ client_id: clientId, client_secret: 'wrong', code }, true)).json.error).toBe('invalid_client');
    const ok = await exchange({ client_id: clientId, client_secret: clientSecret, code }, true);
    expect(ok.status).toBe(200);
    expect(ok.json.access_token).toMatch(/^shpat_/);
    const unknown = await exchange({ client_id: clientId, client_secret: clientSecret, code: 'deadbeef' });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error).toBe('invalid_request');
  });

  it('issues expiring tokens with expiring=1 and rotates the refresh token', async () => {
    const code = await codeFromAllow();
    const r = await exchange({ client_id: clientId, client_secret: clientSecret, code, expiring: 1 });
    expect(r.status).toBe(200);
    expect(Object.keys(r.json).sort()).toEqual(['access_token', 'expires_in', 'refresh_token', 'refresh_token_expires_in', 'scope']);
    expect(r.json.expires_in).toBe(3600);
    expect(r.json.refresh_token_expires_in).toBe(7_776_000);
    expect(r.json.refresh_token).toMatch(/^shprt_[0-9a-f]{32}$/);
    const access = r.json.access_token as string;
    expect((await t.gql(access, '{ shop { name } }')).status).toBe(200);

    await t.admin('clock', { advanceMs: 3601_000 }, 'PUT');
    try {
      const expired = await t.gql(access, '{ shop { name } }');
      expect(expired.status).toBe(401);
      expect(expired.json).toEqual({ errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' });

      const refreshed = await exchange({ client_id: clientId, client_secret: clientSecret, grant_type: 'refresh_token', refresh_token: r.json.refresh_token });
      expect(refreshed.status).toBe(200);
      expect(refreshed.json.refresh_token).not.toBe(r.json.refresh_token);
      expect(refreshed.json.access_token).not.toBe(access);
      expect(refreshed.json.expires_in).toBe(3600);
      expect((await t.gql(refreshed.json.access_token as string, '{ shop { name } }')).status).toBe(200);

      const reused = await exchange({ client_id: clientId, client_secret: clientSecret, grant_type: 'refresh_token', refresh_token: r.json.refresh_token });
      expect(reused.status).toBe(400);
      expect(reused.json.error).toBe('invalid_grant');
    } finally {
      await t.admin('clock', { now: '2026-06-15T06:00:00Z' }, 'PUT');
    }
  });

  it('issues an online token with the associated user for grant_options[]=per-user', async () => {
    const code = await codeFromAllow({ 'grant_options[]': 'per-user' });
    const r = await exchange({ client_id: clientId, client_secret: clientSecret, code });
    expect(r.status).toBe(200);
    expect(r.json.access_token).toMatch(/^shpua_/);
    expect(r.json.expires_in).toBe(86_399);
    expect((r.json.associated_user as Record<string, unknown>).email).toBe('owner@northwind.example');
  });

  it('rejects an unknown client_id or scope on the authorize page, and unknown shops with 404', async () => {
    const bad = await fetch(`${t.p.baseUrl}/${NORTHWIND}/admin/oauth/authorize?${new URLSearchParams({ client_id: 'nope', scope: SCOPE, redirect_uri: REDIRECT })}`);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Oauth error invalid_request');
    const scope = await fetch(`${t.p.baseUrl}/${NORTHWIND}/admin/oauth/authorize?${new URLSearchParams({ client_id: clientId, scope: 'read_everything', redirect_uri: REDIRECT })}`);
    expect(scope.status).toBe(400);
    expect(await scope.text()).toContain('invalid_scope');
    const unknown = await fetch(`${t.p.baseUrl}/nope.myshopify.com/admin/oauth/authorize?client_id=${clientId}`);
    expect(unknown.status).toBe(404);
    const api = await fetch(`${t.p.baseUrl}/nope.myshopify.com/admin/api/2025-10/graphql.json`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{shop{name}}"}' });
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ errors: 'Not Found' });
  });

  it('maps faults on the token endpoint', async () => {
    await t.admin('faults', { key: NORTHWIND, plan: { serverError: { status: 503 }, times: 1 } }, 'PUT');
    const down = await exchange({ client_id: clientId, client_secret: clientSecret, code: 'x' });
    expect(down).toEqual({ status: 503, json: { errors: 'Service Unavailable' } });
    await t.admin('faults', { key: NORTHWIND, plan: { rateLimit: { retryAfterSeconds: 2 }, times: 1 } }, 'PUT');
    const limited = await fetch(`${t.p.baseUrl}/${NORTHWIND}/admin/oauth/access_token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2');
    // the faults were used up
    expect((await exchange({ client_id: clientId, client_secret: clientSecret, code: 'x' })).status).toBe(400);
  });
});
