import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_APPS } from '@parallels/emulators/common/world';
import type { Brand } from '@parallels/contract/brands';
import { Browser, createListeningApp, signUpAndLogIn, submitConsent } from './browser.js';
import { DB_KINDS, type TestApp } from './test-app.js';

const params = (location: string | null) => Object.fromEntries(new URL(location ?? '/', 'http://x').searchParams);

function signed(query: Record<string, string>, secret = SANDBOX_APPS.shopify.clientSecret): Record<string, string> {
  const message = Object.keys(query).sort().map((k) => `${k}=${query[k]}`).join('&');
  return { ...query, hmac: createHmac('sha256', secret).update(message).digest('hex') };
}
const now = () => String(Math.floor(Date.now() / 1000));

describe.each(DB_KINDS)('installing Parallels from the Shopify App Store on %s', (kind) => {
  let t: TestApp & { origin: string };
  beforeAll(async () => {
    t = await createListeningApp(kind);
  });
  afterAll(async () => t?.close());

  /** The App Store's Install button for a store: Shopify opens the app's /shopify screen with a signed query. */
  async function installFromAppStore(b: Browser, shop: string): Promise<Record<string, string>> {
    const listing = await b.get(`/sandbox/shopify/apps/${SANDBOX_APPS.shopify.clientId}`);
    expect(listing.body).toContain('Install');
    const opened = await b.request('POST', `${t.origin}/sandbox/shopify/apps/${SANDBOX_APPS.shopify.clientId}`, undefined, { shop, decision: 'install' });
    expect(opened.status).toBe(302);
    const url = new URL(opened.location!);
    expect(`${url.origin}${url.pathname}`).toBe(`${t.origin}/shopify`);
    return Object.fromEntries(url.searchParams);
  }

  /** What the /shopify screen does: post every query parameter, follow authUrl, Allow, come back signed in. */
  async function finish(b: Browser, query: Record<string, string>) {
    const res = await b.post('/api/auth/shopify-install', query);
    expect(res.status).toBe(200);
    const consent = await submitConsent(b, res.json<{ authUrl: string }>().authUrl, 'Allow');
    const back = await b.get(consent.location!);
    const p = params(back.location);
    expect(p.token).toEqual(expect.any(String));
    const login = await b.post(`/api/auth/login/oauth?auth_token=${p.token}`);
    expect(login.status).toBe(200);
    return login.json<{ user: { id: string; username: string; email: string; brands: string[] } }>().user;
  }

  it('a new merchant ends signed in with the store set up as a brand', async () => {
    const b = new Browser(t.origin);
    const query = await installFromAppStore(b, 'northwind-outfitters.myshopify.com');
    expect(Object.keys(query).sort()).toEqual(['hmac', 'host', 'shop', 'timestamp']);
    const user = await finish(b, query);
    expect(user).toMatchObject({ username: 'Northwind Outfitters', email: 'owner@northwind.example' });
    expect(user.brands).toHaveLength(1);
    const brand = (await b.get(`/api/brands/${user.brands[0]}`)).json<Brand>();
    expect(brand).toMatchObject({ name: 'Northwind_Outfitters', shopifyAccount: { shopName: 'northwind-outfitters.myshopify.com' } });

    // installing again (a reinstall) signs the same account in and sets up no second brand
    const again = await finish(new Browser(t.origin), await installFromAppStore(new Browser(t.origin), 'northwind-outfitters.myshopify.com'));
    expect(again.id).toBe(user.id);
    expect(again.brands).toEqual(user.brands);
  });

  it('a signed-in user installing links the store to their account', async () => {
    const b = new Browser(t.origin);
    const asha = await signUpAndLogIn(b, { username: 'Asha', email: 'asha@example.com', password: 'asha-password' });
    const user = await finish(b, await installFromAppStore(b, 'parallels-demo.myshopify.com'));
    expect(user.id).toBe(asha.id);
    expect(user.brands).toHaveLength(1);
    expect((await b.get(`/api/brands/${user.brands[0]}`)).json<Brand>()).toMatchObject({ name: 'Parallels_Demo_Store', currency: 'INR' });
  });

  it('refuses a missing shop, a bad signature, an old link and a shop that is not a Shopify store', async () => {
    const b = new Browser(t.origin);
    const refuse = async (body: Record<string, string>) => {
      const res = await b.post('/api/auth/shopify-install', body);
      expect(res.status).toBe(400);
      return res.json<{ success: boolean; error: string }>();
    };
    expect(await refuse({ timestamp: now() })).toEqual({ success: false, error: 'Shop parameter is missing' });
    expect(await refuse(signed({ shop: 'northwind-outfitters.myshopify.com', timestamp: now() }, 'not-the-app-secret'))).toEqual({
      success: false,
      error: 'This link is not signed by Shopify. Open Parallels from your Shopify admin.',
    });
    // a valid link with one parameter changed afterwards
    expect((await refuse({ ...signed({ shop: 'northwind-outfitters.myshopify.com', timestamp: now() }), shop: 'parallels-demo.myshopify.com' })).error).toMatch(/not signed by Shopify/);
    expect(await refuse(signed({ shop: 'northwind-outfitters.myshopify.com', timestamp: String(Number(now()) - 3600) }))).toEqual({
      success: false,
      error: 'This install link has expired. Open Parallels from your Shopify admin again.',
    });
    expect(await refuse(signed({ shop: 'evil.example.com', timestamp: now() }))).toEqual({
      success: false,
      error: 'This is not a Shopify store address. Open Parallels from your Shopify admin.',
    });
    // the App Store page installs only on the sandbox's stores, for this app only
    expect((await b.request('POST', `${t.origin}/sandbox/shopify/apps/${SANDBOX_APPS.shopify.clientId}`, undefined, { shop: 'evil.example.com' })).status).toBe(404);
    expect((await b.get('/sandbox/shopify/apps/another-app')).status).toBe(404);
  });
});
