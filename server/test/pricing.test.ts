import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_APPS } from '@parallels/emulators/common/world';
import type { Brand } from '@parallels/contract/brands';
import type { SubscriptionDetails } from '@parallels/contract/pricing';
import { requirePlanWithReports } from '../src/modules/pricing/plan-guard.js';
import { findSessionUser } from '../src/modules/auth/auth.sql.js';
import { hashSessionId } from '../src/modules/auth/session-token.js';
import { Browser, createListeningApp, signUpAndLogIn, submitConsent } from './browser.js';
import { DB_KINDS, type TestApp } from './test-app.js';

const params = (location: string | null) => Object.fromEntries(new URL(location ?? '/', 'http://x').searchParams);

describe.each(DB_KINDS)('plans and Shopify billing on %s', (kind) => {
  let t: TestApp & { origin: string };
  let asha: Browser;
  let brand: Brand;
  let startupCharge: string;

  /** Dialog -> the store's plan page -> choose -> Approve or Decline -> back at /pricing_callback. */
  async function choosePlan(b: Browser, brandId: string, plan: 'Startup Plan' | 'Growth Plan', decision: 'Approve' | 'Decline') {
    const { url } = (await b.get(`/api/pricing/plan-page/${brandId}`)).json<{ url: string }>();
    expect(url).toBe(`${t.origin}/sandbox/shopify/store/parallels-demo/charges/parallels/pricing_plans`);
    expect((await b.get(url)).body).toContain(`Choose ${plan}`);
    const chosen = await b.request('POST', url, undefined, { plan });
    expect(chosen.status).toBe(302);
    const decided = await submitConsent(b, chosen.location!, decision);
    const back = new URL(decided.location!);
    expect(back.pathname).toBe('/pricing_callback');
    return params(decided.location);
  }

  const details = async (brandId = brand._id) => (await asha.get(`/api/pricing/details/${brandId}`)).json<SubscriptionDetails>();
  const webhook = (shop: string, payload: unknown) => {
    const body = JSON.stringify(payload);
    return fetch(`${t.origin}/api/webhooks/shopify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shopify-topic': 'app_subscriptions/update', 'x-shopify-shop-domain': shop, 'x-shopify-hmac-sha256': createHmac('sha256', SANDBOX_APPS.shopify.clientSecret).update(body).digest('base64') },
      body,
    });
  };

  beforeAll(async () => {
    t = await createListeningApp(kind);
    asha = new Browser(t.origin);
    await signUpAndLogIn(asha, { username: 'Asha', email: 'asha@example.com', password: 'asha-password' });
    const start = await asha.post('/api/auth/shopify', { shop: 'parallels-demo', flowType: 'brandSetup', source: '/brand-setup' });
    const consent = await submitConsent(asha, start.json<{ authUrl: string }>().authUrl, 'Allow');
    const back = await asha.get(consent.location!);
    const grant = params(back.location).access_token!;
    brand = (await asha.post('/api/brands/add', { name: 'Demo_Store', shopifyAccount: { shopName: 'parallels-demo', shopifyAccessToken: grant } })).json<{ brand: Brand }>().brand;
  });
  afterAll(async () => t?.close());

  it('starts on the Free plan, which allows one brand: a second one is refused with 402 offering the upgrade', async () => {
    expect(await details()).toEqual({ planName: 'Free Plan', status: 'free', trialDaysRemaining: 0, trialEndsOn: null, daysUntilBilling: null, billingOn: null });
    const second = await asha.post('/api/brands/add', { name: 'Second' });
    expect(second.status).toBe(402);
    expect(second.json()).toMatchObject({ success: false, code: 'PLAN_LIMIT', requiredPlan: 'GROWTH', message: 'Your Free Plan includes one brand. Upgrade to the Growth Plan to add more brands.' });
  });

  it('approving the Startup plan in Shopify activates it after a server-side check, with the 14-day trial', async () => {
    const back = await choosePlan(asha, brand._id, 'Startup Plan', 'Approve');
    expect(back).toMatchObject({ shop: 'parallels-demo.myshopify.com', charge_id: expect.stringMatching(/^\d+$/) });
    startupCharge = back.charge_id!;
    const res = await asha.get(`/api/pricing/callback?shop=${back.shop}&charge_id=${back.charge_id}`);
    expect(res.json()).toEqual({ success: true, planName: 'Startup Plan', brandIds: [brand._id] });
    const d = await details();
    expect(d).toMatchObject({ planName: 'Startup Plan', status: 'active', trialDaysRemaining: 14, daysUntilBilling: 14 });
    expect(d.billingOn).toBe(d.trialEndsOn);
  });

  it('a declined plan changes nothing, and forged callbacks are refused', async () => {
    const declined = await choosePlan(asha, brand._id, 'Growth Plan', 'Decline');
    const res = await asha.get(`/api/pricing/callback?shop=${declined.shop}&charge_id=${declined.charge_id}`);
    expect(res.status).toBe(402);
    expect(res.json()).toMatchObject({ message: 'The subscription was declined in Shopify.' });
    expect((await details()).planName).toBe('Startup Plan');

    expect((await asha.get('/api/pricing/callback?shop=parallels-demo.myshopify.com')).json()).toMatchObject({ message: 'Missing required parameters' });
    expect((await asha.get('/api/pricing/callback?shop=parallels-demo.myshopify.com&charge_id=123456')).json()).toMatchObject({ message: 'This subscription was not found on your store.' });
    // a charge approved on another store is not this store's
    const other = new Browser(t.origin);
    const otherPage = `${t.origin}/sandbox/shopify/store/northwind-outfitters/charges/parallels/pricing_plans`;
    const chosen = await other.request('POST', otherPage, undefined, { plan: 'Growth Plan' });
    const foreign = params((await submitConsent(other, chosen.location!, 'Approve')).location);
    expect(foreign.shop).toBe('northwind-outfitters.myshopify.com');
    expect((await asha.get(`/api/pricing/callback?shop=parallels-demo.myshopify.com&charge_id=${foreign.charge_id}`)).status).toBe(400);
    expect((await asha.get(`/api/pricing/callback?shop=northwind-outfitters.myshopify.com&charge_id=${foreign.charge_id}`)).status).toBe(404);
    expect((await new Browser(t.origin).get(`/api/pricing/callback?shop=x&charge_id=1`)).status).toBe(401);
    expect((await details()).planName).toBe('Startup Plan');
  });

  it('reports need Startup or better: 402 on Free', async () => {
    const sent: Array<{ code: number; body: unknown }> = [];
    const reply = { code: (code: number) => ({ send: async (body: unknown) => void sent.push({ code, body }) }) };
    // the guard reads the subscription the session's query loaded with the brand (auth.sql findSessionUser)
    const found = await findSessionUser(t.database.db, hashSessionId(asha.cookie(t.config.session.cookieName)!), brand._id);
    expect(found?.brand?.subscription).toEqual({ plan: 'STARTUP', status: 'active' });
    const guard = requirePlanWithReports();
    await guard({ brand: found!.brand } as never, reply as never);
    await guard({ brand: { id: brand._id, subscription: { plan: 'GROWTH', status: 'active' } } } as never, reply as never);
    expect(sent).toEqual([]);
    await guard({ brand: { id: brand._id, subscription: { plan: 'GROWTH', status: 'frozen' } } } as never, reply as never);
    await guard({ brand: { id: '00000000-0000-0000-0000-000000000000', subscription: null } } as never, reply as never);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual({ code: 402, body: { success: false, message: 'Reports and exports come with the Startup Plan. Upgrade to see them.', code: 'PLAN_LIMIT', requiredPlan: 'STARTUP' } });
  });

  it('Growth allows several brands; the app_subscriptions/update webhook cancelling it downgrades to Free', async () => {
    expect((await asha.post('/api/brands/add', { name: 'Second' })).json()).toMatchObject({ message: 'Your Startup Plan includes one brand. Upgrade to the Growth Plan to add more brands.' });
    const growth = await choosePlan(asha, brand._id, 'Growth Plan', 'Approve');
    expect((await asha.get(`/api/pricing/callback?shop=${growth.shop}&charge_id=${growth.charge_id}`)).json()).toMatchObject({ planName: 'Growth Plan' });
    expect((await asha.post('/api/brands/add', { name: 'Second' })).status).toBe(201);

    // a webhook for the replaced Startup charge changes nothing; an unsigned one is refused
    expect((await webhook('parallels-demo.myshopify.com', { app_subscription: { admin_graphql_api_id: `gid://shopify/AppSubscription/${startupCharge}`, status: 'CANCELLED' } })).status).toBe(200);
    expect((await details()).planName).toBe('Growth Plan');
    const unsigned = await fetch(`${t.origin}/api/webhooks/shopify`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-shopify-topic': 'app_subscriptions/update', 'x-shopify-shop-domain': 'parallels-demo.myshopify.com' }, body: '{}' });
    expect(unsigned.status).toBe(401);

    expect((await webhook('parallels-demo.myshopify.com', { app_subscription: { admin_graphql_api_id: `gid://shopify/AppSubscription/${growth.charge_id}`, name: 'Growth Plan', status: 'CANCELLED' } })).status).toBe(200);
    expect(await details()).toMatchObject({ planName: 'Free Plan', status: 'cancelled', trialDaysRemaining: 0 });
    expect((await asha.post('/api/brands/add', { name: 'Third' })).status).toBe(402);
    for (const status of ['FROZEN', 'EXPIRED']) {
      await webhook('parallels-demo.myshopify.com', { app_subscription: { admin_graphql_api_id: `gid://shopify/AppSubscription/${growth.charge_id}`, status } });
      expect(await details()).toMatchObject({ planName: 'Free Plan', status: status.toLowerCase() });
    }
  });
});
