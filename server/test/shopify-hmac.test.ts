import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_APPS } from '@parallels/emulators/common/world';
import { Browser, createListeningApp } from './browser.js';
import { DB_KINDS, type TestApp } from './test-app.js';

// Shopify signs a redirect's query as its own libraries rebuild it: decoded, sorted, form-encoded again. These
// requests carry values that URL encoding changes (+ / = & % and spaces), where a raw `key=value` join differs.
const SHOP = 'parallels-demo.myshopify.com';
const TRICKY = 'a b+c/d=e&f%g';
const params = (location: string | null): Record<string, string> => Object.fromEntries(new URL(location ?? '/', 'http://x').searchParams);

describe.each(DB_KINDS)('Shopify redirect signatures on %s', (kind) => {
  let t: TestApp & { origin: string };
  beforeAll(async () => {
    t = await createListeningApp(kind);
  });
  afterAll(async () => t?.close());

  it('the emulator signs a callback whose state URL encoding changes, and our callback accepts the signature', async () => {
    const form = new URLSearchParams({
      client_id: SANDBOX_APPS.shopify.clientId, scope: 'read_orders', redirect_uri: `${t.origin}/api/auth/shopify/callback`, state: TRICKY, decision: 'allow',
    });
    const consent = await fetch(`${t.origin}/sandbox/shopify/${SHOP}/admin/oauth/authorize`, { method: 'POST', body: form, redirect: 'manual' });
    expect(consent.status).toBe(302);
    const callback = new URL(consent.headers.get('location') ?? '');
    expect(callback.searchParams.get('state')).toBe(TRICKY);
    const q = Object.fromEntries(callback.searchParams);
    const message = `code=${q.code}&host=${q.host}&shop=${SHOP}&state=a+b%2Bc%2Fd%3De%26f%25g&timestamp=${q.timestamp}`;
    expect(q.hmac).toBe(createHmac('sha256', SANDBOX_APPS.shopify.clientSecret).update(message).digest('hex'));
    const b = new Browser(t.origin);
    // the signature holds, so the callback gets as far as the state, which our server never issued
    expect(params((await b.get(`${callback.pathname}${callback.search}`)).location)).toMatchObject({ error: 'invalid_state' });
    callback.searchParams.set('state', `${TRICKY} `);
    expect(params((await b.get(`${callback.pathname}${callback.search}`)).location)).toMatchObject({ error: 'invalid_signature' });
  });

  it('POST /api/auth/shopify-install takes a query signed over its form encoding, and refuses one signed over the raw values', async () => {
    const timestamp = String(Math.floor(Date.now() / 1000));
    // a standard-alphabet base64 host with + / and = padding
    const query: Record<string, string> = { host: 'YWRtaW4+c2hvcGlmeS5jb20/c3RvcmUvcGFyYWxsZWxzLWRlbW8=', shop: SHOP, timestamp };
    const formMessage = `host=YWRtaW4%2Bc2hvcGlmeS5jb20%2Fc3RvcmUvcGFyYWxsZWxzLWRlbW8%3D&shop=${SHOP}&timestamp=${timestamp}`;
    const rawMessage = `host=${query.host}&shop=${SHOP}&timestamp=${timestamp}`;
    const sign = (message: string) => createHmac('sha256', SANDBOX_APPS.shopify.clientSecret).update(message).digest('hex');
    const b = new Browser(t.origin);
    const raw = await b.post('/api/auth/shopify-install', { ...query, hmac: sign(rawMessage) });
    expect(raw.status).toBe(400);
    const signed = await b.post('/api/auth/shopify-install', { ...query, hmac: sign(formMessage) });
    expect(signed.status).toBe(200);
    expect(signed.json<{ authUrl: string }>().authUrl).toContain(`/${SHOP}/admin/oauth/authorize`);
  });
});
