import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { NORTHWIND, startShopify, type ShopifyTest } from './shopify-helpers.js';

const CREATE = `mutation AppSubscriptionCreate($name: String!, $lineItems: [AppSubscriptionLineItemInput!]!, $returnUrl: URL!, $test: Boolean, $trialDays: Int) {
  appSubscriptionCreate(name: $name, returnUrl: $returnUrl, lineItems: $lineItems, test: $test, trialDays: $trialDays) {
    appSubscription { id status }
    confirmationUrl
    userErrors { field message }
  }
}`;
const ACTIVE = `{ currentAppInstallation { activeSubscriptions { id name status test trialDays currentPeriodEnd createdAt
  lineItems { plan { pricingDetails { __typename ... on AppRecurringPricing { price { amount currencyCode } interval } } } } } } }`;
const RETURN_URL = `https://app.parallels.test/billing/return?shop=${NORTHWIND}`;

interface Created { appSubscription: { id: string; status: string } | null; confirmationUrl: string | null; userErrors: Array<{ field: string[]; message: string }> }

let t: ShopifyTest;
let tok: string;
beforeAll(async () => {
  t = await startShopify();
  tok = await t.token();
});
afterAll(async () => {
  await t.p.close();
});

async function create(name: string, amount = 49): Promise<Created> {
  const r = await t.gql(tok, CREATE, {
    name, returnUrl: RETURN_URL, test: true, trialDays: 7,
    lineItems: [{ plan: { appRecurringPricingDetails: { price: { amount, currencyCode: 'USD' }, interval: 'EVERY_30_DAYS' } } }],
  });
  expect(r.status).toBe(200);
  return (r.json.data as { appSubscriptionCreate: Created }).appSubscriptionCreate;
}

async function decide(confirmationUrl: string, decision: 'approve' | 'decline'): Promise<Response> {
  const pageRes = await fetch(confirmationUrl);
  expect(pageRes.status).toBe(200);
  const html = await pageRes.text();
  expect(html).toContain('>Approve</button>');
  expect(html).toContain('>Decline</button>');
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&') ?? '';
  const signature = /name="signature" value="([^"]+)"/.exec(html)?.[1] ?? '';
  return fetch(action, { method: 'POST', body: new URLSearchParams({ signature, decision }), redirect: 'manual' });
}

describe('shopify billing', () => {
  it('creates a pending subscription, the merchant approves, the app sees it ACTIVE', async () => {
    const created = await create('Pro');
    expect(created.userErrors).toEqual([]);
    expect(created.appSubscription?.status).toBe('PENDING');
    const id = created.appSubscription?.id ?? '';
    expect(id).toMatch(/^gid:\/\/shopify\/AppSubscription\/\d+$/);
    expect(created.confirmationUrl).toMatch(new RegExp(`^${t.p.baseUrl}/${NORTHWIND}/admin/charges/\\d+/\\d+/RecurringApplicationCharge/confirm_recurring_application_charge\\?signature=`));

    const none = await t.gql(tok, ACTIVE);
    expect(none.json.data).toEqual({ currentAppInstallation: { activeSubscriptions: [] } });

    const r = await decide(created.confirmationUrl ?? '', 'approve');
    expect(r.status).toBe(302);
    const back = new URL(r.headers.get('location') ?? '');
    expect(back.searchParams.get('shop')).toBe(NORTHWIND);
    expect(back.searchParams.get('charge_id')).toBe(id.split('/').pop());

    const active = await t.gql(tok, ACTIVE);
    expect(active.json.data).toEqual({
      currentAppInstallation: {
        activeSubscriptions: [{
          id, name: 'Pro', status: 'ACTIVE', test: true, trialDays: 7, currentPeriodEnd: '2026-07-22T06:00:00Z', createdAt: '2026-06-15T06:00:00Z',
          lineItems: [{ plan: { pricingDetails: { __typename: 'AppRecurringPricing', price: { amount: '49.0', currencyCode: 'USD' }, interval: 'EVERY_30_DAYS' } } }],
        }],
      },
    });
    const node = await t.gql(tok, 'query($id: ID!) { node(id: $id) { ... on AppSubscription { id status test } } }', { id });
    expect(node.json.data).toEqual({ node: { id, status: 'ACTIVE', test: true } });
  });

  it('redirects with charge_id after a decline too, and the subscription is DECLINED', async () => {
    const created = await create('Enterprise', 199);
    const r = await decide(created.confirmationUrl ?? '', 'decline');
    expect(r.status).toBe(302);
    expect(new URL(r.headers.get('location') ?? '').searchParams.get('charge_id')).toBe(created.appSubscription?.id.split('/').pop());
    const node = await t.gql(tok, 'query($id: ID!) { node(id: $id) { ... on AppSubscription { status } } }', { id: created.appSubscription?.id });
    expect(node.json.data).toEqual({ node: { status: 'DECLINED' } });
    const active = await t.gql(tok, '{ currentAppInstallation { activeSubscriptions { name } } }');
    expect(active.json.data).toEqual({ currentAppInstallation: { activeSubscriptions: [{ name: 'Pro' }] } });
  });

  it('replaces the active plan on approval and cancels with appSubscriptionCancel', async () => {
    const created = await create('Growth', 99);
    await decide(created.confirmationUrl ?? '', 'approve');
    const active = await t.gql(tok, '{ currentAppInstallation { activeSubscriptions { id name } } }');
    expect(active.json.data).toEqual({ currentAppInstallation: { activeSubscriptions: [{ id: created.appSubscription?.id, name: 'Growth' }] } });
    const cancel = await t.gql(tok, 'mutation($id: ID!) { appSubscriptionCancel(id: $id) { appSubscription { status } userErrors { field message } } }', { id: created.appSubscription?.id });
    expect(cancel.json.data).toEqual({ appSubscriptionCancel: { appSubscription: { status: 'CANCELLED' }, userErrors: [] } });
    expect((await t.gql(tok, ACTIVE)).json.data).toEqual({ currentAppInstallation: { activeSubscriptions: [] } });
  });

  it('reports validation problems as userErrors and rejects forged confirmation links', async () => {
    const r = await t.gql(tok, CREATE, { name: ' ', returnUrl: 'not a url', lineItems: [] });
    expect(r.json.data).toEqual({
      appSubscriptionCreate: {
        appSubscription: null, confirmationUrl: null,
        userErrors: [
          { field: ['name'], message: "Name can't be blank" },
          { field: ['returnUrl'], message: 'Return url is invalid' },
          { field: ['lineItems'], message: 'Line items must have at least one item' },
        ],
      },
    });
    const created = await create('Basic', 19);
    const forged = (created.confirmationUrl ?? '').replace(/signature=[^&]+/, 'signature=forged');
    expect((await fetch(forged)).status).toBe(404);
  });
});
