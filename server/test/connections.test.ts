import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_APPS } from '@parallels/emulators/common/world';
import { sql } from 'drizzle-orm';
import type { Brand } from '@parallels/contract/brands';
import { queryRows } from '../src/db/client.js';
import { Browser, createListeningApp, signUpAndLogIn, submitConsent } from './browser.js';
import { DB_KINDS, type TestApp } from './test-app.js';

type Outcome = Record<string, string>;
const params = (location: string | null): Outcome => Object.fromEntries(new URL(location ?? '/', 'http://x').searchParams);

/** Start a connect flow, press a button on the emulator's consent page, follow the provider's redirect. */
async function connect(b: Browser, start: () => Promise<string>, button: 'Allow' | 'Cancel' = 'Allow', choose: Record<string, string> = {}) {
  const authUrl = await start();
  const consent = await submitConsent(b, authUrl, button, choose);
  expect(consent.status).toBe(302);
  const back = await b.get(consent.location!);
  expect(back.status).toBe(302);
  return back.location!;
}

const googleStart = (b: Browser, context: string, source = '/brand-setup') => async () =>
  (await b.get(`/api/auth/google?context=${context}&source=${encodeURIComponent(source)}`)).json<{ authUrl: string }>().authUrl;
const facebookStart = (b: Browser, source = '/brand-setup') => async () => (await b.get(`/api/auth/facebook?source=${encodeURIComponent(source)}`)).json<{ authURL: string }>().authURL;
const shopifyStart = (b: Browser, shop = 'parallels-demo', source = '/brand-setup') => async () =>
  (await b.post('/api/auth/shopify', { shop, flowType: 'brandSetup', source })).json<{ authUrl: string }>().authUrl;

describe.each(DB_KINDS)('brands and connections through the emulators on %s', (kind) => {
  let t: TestApp & { origin: string };
  let asha: Browser;
  let ashaId: string;
  let grants: Record<string, string>;
  let brand: Brand;

  beforeAll(async () => {
    t = await createListeningApp(kind);
    asha = new Browser(t.origin);
    ashaId = (await signUpAndLogIn(asha, { username: 'Asha', email: 'asha@example.com', password: 'asha-password' })).id;
    grants = {};
  });
  afterAll(async () => t?.close());

  it('lists nothing before a provider is connected, with the code that shows the connect button', async () => {
    const res = await asha.post('/api/setup/google-accounts', { userId: ashaId });
    expect(res.status).toBe(403);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_CONNECTED' });
  });

  it('connects Google Ads through the consent page and lists client accounts without hidden ones', async () => {
    const back = await connect(asha, googleStart(asha, 'googleAdSetup'));
    const p = params(back);
    expect(back.startsWith('/callback?')).toBe(true);
    expect(p).toMatchObject({ userId: ashaId, source: '/brand-setup' });
    grants.googleAds = p.googleadRefreshToken!;
    const res = await asha.post('/api/setup/google-accounts', { userId: ashaId });
    expect(res.status).toBe(200);
    const { clientAccounts } = res.json<{ clientAccounts: Array<{ clientId: string; managerId: string; hidden: boolean; name: string }> }>();
    expect(clientAccounts).toContainEqual({ name: 'Parallels Demo Store - Search & Shopping', clientId: '2345678901', managerId: '1234567890', hidden: false, currency: 'INR' });
    expect(clientAccounts.map((a) => a.clientId)).not.toContain('3456789012');
    expect(clientAccounts.map((a) => a.clientId)).not.toContain('1234567890');
  });

  it('connects GA4 and Facebook and lists their accounts', async () => {
    grants.ga4 = params(await connect(asha, googleStart(asha, 'googleAnalyticsSetup'))).googleanalyticsRefreshToken!;
    const props = await asha.post('/api/setup/ga4-propertyIds', {});
    expect(props.json()).toEqual({ success: true, propertiesList: [{ propertyId: '300000001', propertyName: 'Parallels Demo Store - GA4' }] });
    grants.meta = params(await connect(asha, facebookStart(asha))).fbToken!;
    const fb = await asha.post('/api/setup/fb-ad-accounts', {});
    expect(fb.json<{ adAccounts: unknown[] }>().adAccounts).toEqual([
      { id: 'act_100000000000001', adname: 'Parallels Demo - Prospecting', currency: 'INR' },
      { id: 'act_100000000000002', adname: 'Parallels Demo - Retargeting', currency: 'INR' },
    ]);
  });

  it('installs on the Shopify store and comes back to brand setup with the spec parameters', async () => {
    const back = await connect(asha, shopifyStart(asha));
    expect(back.startsWith('/brand-setup?')).toBe(true);
    const p = params(back);
    expect(p).toMatchObject({ shop_name: 'parallels-demo', shop: 'parallels-demo.myshopify.com' });
    grants.shopify = p.access_token!;
  });

  it('stores tokens sealed, never in the clear, and returns only grant ids', async () => {
    const rows = await queryRows<{ access_token_sealed: string; refresh_token_sealed: string | null }>(t.database.db, sql`select access_token_sealed, refresh_token_sealed from platform_grants`);
    expect(rows.length).toBe(3); // one Google identity holds both Google Ads and GA4 (incremental authorization)
    expect(grants.googleAds).toBe(grants.ga4);
    for (const r of rows) {
      expect(r.access_token_sealed).toMatch(/^v1\.test\./);
      expect(r.access_token_sealed).not.toMatch(/ya29\.|EAAB|shpat_/);
    }
    for (const id of Object.values(grants)) expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('creates the brand with all four platforms, in the store currency, and the creator owns it', async () => {
    const res = await asha.post('/api/brands/add', {
      name: 'Sun_Kissed_Co',
      googleAdAccount: [{ clientId: '234-567-8901', managerId: '1234567890' }],
      ga4Account: { PropertyID: '300000001' },
      fbAdAccounts: ['act_100000000000001', '100000000000002'],
      shopifyAccount: { shopName: 'parallels-demo', shopifyAccessToken: grants.shopify },
    });
    expect(res.status).toBe(201);
    brand = res.json<{ brand: Brand }>().brand;
    expect(brand).toMatchObject({
      name: 'Sun_Kissed_Co',
      currency: 'INR',
      timezone: 'Asia/Kolkata', // the store's: what day "today" is for the web's date picker
      shopifyAccount: { shopName: 'parallels-demo.myshopify.com' },
      fbAdAccounts: ['act_100000000000001', 'act_100000000000002'],
      googleAdAccount: [{ clientId: '2345678901', managerId: '1234567890' }],
      ga4Account: { PropertyID: '300000001' },
    });
    // the platforms' token prefixes, case as they issue them (a uuid in the answer is lowercase hex and may hold "eaab")
    expect(JSON.stringify(brand)).not.toMatch(/shpat_|ya29\.|EAAB|access_token/);
    const me = await asha.get(`/api/users/getuser/${ashaId}`);
    expect(me.json<{ user: { brands: string[] } }>().user.brands).toEqual([brand._id]);
    expect((await asha.get(`/api/brands/currency/${brand._id}`)).json()).toEqual({ success: true, currency: 'INR' });
    expect((await asha.post('/api/brands/filter', { brandIds: [brand._id, '00000000-0000-0000-0000-000000000000'] })).json<Brand[]>().map((b) => b._id)).toEqual([brand._id]);
    expect((await asha.post('/api/users/add-brand', { userId: ashaId, brandId: brand._id })).status).toBe(200);
  });

  it('a second brand needs the Growth Plan; with it, more brands can be added', async () => {
    const refused = await asha.post('/api/brands/add', { name: 'Second', fbAdAccounts: ['act_100000000000001'] });
    expect(refused.status).toBe(402);
    expect(refused.json()).toMatchObject({ code: 'PLAN_LIMIT', requiredPlan: 'GROWTH' });
    // what an approved Growth charge on the first brand's store leaves behind (the pricing tests cover the approval)
    await t.database.db.execute(sql`insert into brand_subscriptions (brand_id, shop, plan, status, charge_id) values (${brand._id}, 'parallels-demo.myshopify.com', 'GROWTH', 'active', 'gid://shopify/AppSubscription/1')`);
  });

  it("takes the spec's setup body for a brand without GA4 or a store: empty parts are not connected", async () => {
    for (const [i, parts] of [
      { ga4Account: { PropertyID: '' }, shopifyAccount: { shopName: '', shopifyAccessToken: '' } },
      { ga4Account: {}, shopifyAccount: {} },
    ].entries()) {
      const res = await asha.post('/api/brands/add', { name: `Ads_Only_${i}`, googleAdAccount: [], fbAdAccounts: ['act_100000000000001'], ...parts });
      expect(res.status).toBe(201);
      const made = res.json<{ brand: Brand }>().brand;
      expect(made).toMatchObject({ ga4Account: null, shopifyAccount: null, fbAdAccounts: ['act_100000000000001'] });
      expect((await asha.request('DELETE', `/api/brands/delete/${made._id}`)).status).toBe(200);
    }
    // a part half filled in is still checked, and the answer names the field
    const half = await asha.post('/api/brands/add', { name: 'Half', shopifyAccount: { shopName: 'parallels-demo', shopifyAccessToken: '' } });
    expect(half.status).toBe(400);
    expect(half.json<{ message: string }>().message).toContain('Connect the Shopify store first');
    const badGa4 = await asha.post('/api/brands/add', { name: 'Half', ga4Account: { PropertyID: 'abc' } });
    expect(badGa4.status).toBe(400);
    expect(badGa4.json<{ message: string }>().message).toContain('A GA4 property id is a number');
  });

  it('stores each account’s currency and timezone as its platform says (none for GA4)', async () => {
    const rows = await queryRows<{ platform: string; currency: string | null; timezone: string | null }>(t.database.db, sql`select platform, currency, timezone from connections where brand_id = ${brand._id} order by platform, account_id`);
    expect(rows).toEqual([
      { platform: 'ga4', currency: null, timezone: null },
      { platform: 'google_ads', currency: 'INR', timezone: 'Asia/Kolkata' },
      { platform: 'meta', currency: 'INR', timezone: 'Asia/Kolkata' },
      { platform: 'meta', currency: 'INR', timezone: 'Asia/Kolkata' },
      { platform: 'shopify', currency: 'INR', timezone: 'Asia/Kolkata' },
    ]);
  });

  it('a brand without a store reports in its ad accounts’ currency and timezone, not USD and UTC', async () => {
    const res = await asha.post('/api/brands/add', { name: 'Ads_Only', googleAdAccount: [{ clientId: '2345678901', managerId: '1234567890' }] });
    expect(res.status).toBe(201);
    const adsOnly = res.json<{ brand: Brand }>().brand;
    expect((await asha.get(`/api/brands/currency/${adsOnly._id}`)).json()).toEqual({ success: true, currency: 'INR' });
    const [row] = await queryRows<{ timezone: string }>(t.database.db, sql`select timezone from brands where id = ${adsOnly._id}`);
    expect(row!.timezone).toBe('Asia/Kolkata');
    expect((await asha.request('DELETE', `/api/brands/delete/${adsOnly._id}`)).status).toBeLessThan(500);
  });

  it('refuses accounts the user cannot reach, whatever the body says', async () => {
    const res = await asha.post('/api/brands/add', { name: 'Sneaky', fbAdAccounts: ['act_200000000000001'] });
    expect(res.status).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/not available to your Facebook account/);
    const shop = await asha.post('/api/brands/add', { name: 'Sneaky', shopifyAccount: { shopName: 'northwind-outfitters', shopifyAccessToken: grants.shopify } });
    expect(shop.status).toBe(403);
    expect((await asha.post('/api/brands/add', { name: '   ' })).json<{ message: string }>().message).toContain('Please enter a brand name');
  });

  it('updates a platform list (replace), removes GA4, and reads the brand back', async () => {
    const upd = await asha.request('PATCH', `/api/brands/update/${brand._id}`, { fbAdAccounts: ['act_100000000000002'] });
    expect(upd.status).toBe(200);
    expect(upd.json<Brand>().fbAdAccounts).toEqual(['act_100000000000002']);
    const noGa4 = await asha.request('PATCH', `/api/brands/update/${brand._id}`, { ga4Account: null });
    expect(noGa4.json<Brand>().ga4Account).toBeNull();
    const back = await asha.request('PATCH', `/api/brands/update/${brand._id}`, { ga4Account: { PropertyID: '300000001' } });
    expect(back.json<Brand>().ga4Account).toEqual({ PropertyID: '300000001' });
    const both = await asha.request('PATCH', `/api/brands/update/${brand._id}`, { fbAdAccounts: ['act_100000000000001', 'act_100000000000002'], ga4Account: null });
    expect(both.status).toBe(400);
  });

  it('reconnects: updateTokens attaches the user’s new grant, and refuses anyone else’s', async () => {
    const connectionsOf = (platform: string) =>
      queryRows<{ grant_id: string | null; status: string }>(t.database.db, sql`select grant_id, status from connections where brand_id = ${brand._id} and platform = ${platform} order by account_id`);
    // the Google Ads connections lost their access (a revoked token)
    await t.database.db.execute(sql`update connections set grant_id = null, status = 'reauth_required', status_message = 'Reconnect' where brand_id = ${brand._id} and platform = 'google_ads'`);
    const metaBefore = await connectionsOf('meta');

    const ok = await asha.request('PUT', `/api/auth/updateTokens/googleadRefreshToken?brandId=${brand._id}&googleadRefreshToken=${grants.googleAds}`);
    expect(ok.status).toBe(200);
    expect(ok.json()).toEqual({ success: true });
    const googleAds = await connectionsOf('google_ads');
    expect(googleAds.length).toBeGreaterThan(0);
    expect(googleAds).toEqual(googleAds.map(() => ({ grant_id: grants.googleAds, status: 'active' })));

    const wrongKind = await asha.request('PUT', `/api/auth/updateTokens/fbToken?brandId=${brand._id}&fbToken=${grants.googleAds}`);
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.json<{ message: string }>().message).toBe('Unable to update fbToken token.');
    expect(await connectionsOf('meta')).toEqual(metaBefore);
  });

  it('a denied consent stores nothing and says where it came from', async () => {
    const before = (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from platform_grants`))[0]!.n;
    const back = await connect(asha, googleStart(asha, 'googleAdSetup', `/admetrics/${brand._id}`), 'Cancel');
    expect(params(back)).toEqual({ error: 'access_denied', platform: 'google_ads', source: `/admetrics/${brand._id}` });
    const after = (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from platform_grants`))[0]!.n;
    expect(after).toBe(before);
  });

  it('OAuth state is single use and bound to the browser that started it', async () => {
    const authUrl = await googleStart(asha, 'googleAdSetup')();
    const consent = await submitConsent(asha, authUrl, 'Allow');
    const stranger = new Browser(t.origin);
    expect(params((await stranger.get(consent.location!)).location)).toMatchObject({ error: 'invalid_state' });
    // the stranger's attempt consumed nothing it could not: the state is gone for everyone now
    expect(params((await asha.get(consent.location!)).location)).toMatchObject({ error: 'invalid_state' });
  });

  it('refuses Shopify callbacks whose HMAC or shop is wrong, before any call', async () => {
    const authUrl = await shopifyStart(asha)();
    const consent = await submitConsent(asha, authUrl, 'Allow');
    const url = new URL(consent.location!);
    url.searchParams.set('hmac', '0'.repeat(64));
    expect(params((await asha.get(url.toString())).location)).toMatchObject({ error: 'invalid_signature' });
    expect((await asha.post('/api/auth/shopify', { shop: 'evil.com/x', flowType: 'brandSetup' })).status).toBe(400);
  });

  it('redirect targets are same-origin paths only', async () => {
    for (const source of ['//evil.example', 'https://evil.example/x', '/\\evil.example']) {
      const authUrl = await googleStart(asha, 'googleAdSetup', source)();
      const consent = await submitConsent(asha, authUrl, 'Cancel');
      expect(params((await asha.get(consent.location!)).location).source).toBe('/dashboard');
    }
  });

  it('answers TOKEN_EXPIRED when the platform stops accepting the token, and NOT_ADS_USER for a Google user without Ads', async () => {
    await fetch(`${t.origin}/sandbox/google-ads/__admin/faults`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key: '*', plan: { tokenExpired: true, times: 1 } }) });
    const expired = await asha.post('/api/setup/google-accounts', {});
    expect(expired.status).toBe(403);
    expect(expired.json()).toMatchObject({ code: 'TOKEN_EXPIRED' });

    const noAds = new Browser(t.origin);
    await signUpAndLogIn(noAds, { username: 'NoAds', email: 'noads@example.com', password: 'noads-password' });
    await connect(noAds, googleStart(noAds, 'googleAdSetup'), 'Allow', { account: '100000000000000000003' });
    const res = await noAds.post('/api/setup/google-accounts', {});
    expect(res.status).toBe(403);
    expect(res.json()).toMatchObject({ code: 'NOT_ADS_USER', message: expect.stringContaining('not associated with any Ads accounts') });
  });

  it('signs in with Google by provider id, never by email alone', async () => {
    const b = new Browser(t.origin);
    const back = await connect(b, googleStart(b, 'userLogin', '/'), 'Allow', { account: '100000000000000000002' });
    const { token, userId } = params(back);
    expect(token).toBeTruthy();
    const login = await b.post(`/api/auth/login/oauth?auth_token=${token}`);
    expect(login.status).toBe(200);
    expect(login.json()).toMatchObject({ success: true, user: { id: userId, email: 'owner@northwind.example' } });
    expect((await b.get('/api/auth/check-token')).status).toBe(200);
    expect((await b.post(`/api/auth/login/oauth?auth_token=${token}`)).status).toBe(401); // single use
    const again = params(await connect(b, googleStart(b, 'userLogin', '/'), 'Allow', { account: '100000000000000000002' }));
    expect(again.userId).toBe(userId);

    // demo@parallels.dev is a password account here: the Google identity with that email is not merged into it
    await signUpAndLogIn(new Browser(t.origin), { username: 'Demo', email: 'demo@parallels.dev', password: 'demo-password' });
    const c = new Browser(t.origin);
    expect(params(await connect(c, googleStart(c, 'userLogin', '/'), 'Allow', { account: '100000000000000000001' }))).toMatchObject({ error: 'account_exists' });
  });

  it('leaves the Zoho Desk connection to administrators (support.test.ts has the round trip)', async () => {
    expect((await asha.get('/api/auth/zoho?source=/profile')).status).toBe(403);
    expect((await asha.request('PUT', `/api/auth/updateTokens/zoho/zohoToken?brandId=${brand._id}&zohoToken=${grants.meta}`)).status).toBe(403);
  });

  it('a Facebook denial and a Shopify cancel change nothing', async () => {
    expect(params(await connect(asha, facebookStart(asha, `/meta-campaigns/${brand._id}`), 'Cancel'))).toMatchObject({ error: 'access_denied', platform: 'meta' });
    const authUrl = await shopifyStart(asha)();
    const cancelled = await submitConsent(asha, authUrl, 'Cancel');
    // Shopify sends the merchant back to their admin; the app is never called
    expect(cancelled.location).toMatch(/\/admin\/apps/);
    expect((await asha.get(`/api/brands/${brand._id}`)).json<Brand>().fbAdAccounts).toEqual(['act_100000000000002']);
  });

  it('deletes the brand and its connections', async () => {
    const del = await asha.request('DELETE', `/api/brands/delete/${brand._id}`);
    expect(del.json()).toEqual({ success: true });
    expect((await asha.get(`/api/brands/${brand._id}`)).status).toBe(404);
    const left = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from connections`);
    expect(left[0]!.n).toBe(0);
  });
});

describe.each(DB_KINDS)('installing from the Shopify admin on %s', (kind) => {
  let t: TestApp & { origin: string };
  beforeAll(async () => {
    t = await createListeningApp(kind);
  });
  afterAll(async () => t?.close());

  it('starts the app install from the Shopify admin only with a signed query, and signs the shop in', async () => {
    const b = new Browser(t.origin);
    // a fresh app: the shop's owner email must not already have an account
    expect((await b.post('/api/auth/shopify-install', {})).json()).toEqual({ success: false, error: 'Shop parameter is missing' });
    const unsigned = await b.post('/api/auth/shopify-install', { shop: 'parallels-demo.myshopify.com', timestamp: String(Math.floor(Date.now() / 1000)), hmac: 'f'.repeat(64) });
    expect(unsigned.status).toBe(400);
    const query: Record<string, string> = { shop: 'parallels-demo.myshopify.com', timestamp: String(Math.floor(Date.now() / 1000)), host: 'cGFyYWxsZWxzLWRlbW8ubXlzaG9waWZ5LmNvbS9hZG1pbg' };
    const message = Object.keys(query).sort().map((k) => `${k}=${query[k]}`).join('&');
    query.hmac = createHmac('sha256', SANDBOX_APPS.shopify.clientSecret).update(message).digest('hex');
    const signed = await b.post('/api/auth/shopify-install', query);
    expect(signed.status).toBe(200);
    const back = params(await connect(b, async () => signed.json<{ authUrl: string }>().authUrl));
    expect(back).toMatchObject({ token: expect.any(String) });
    const login = await b.post(`/api/auth/login/oauth?auth_token=${back.token}`);
    expect(login.json()).toMatchObject({ success: true, user: { username: 'Parallels Demo Store' } });
  });
});
