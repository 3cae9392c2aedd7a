import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { mountEmulators } from '../src/index.js';
import { EmulatorClock } from '../src/common/clock.js';
import { eachDay } from '../src/common/dates.js';
import { createWorld, findMerchant, merchantDay, SANDBOX_APPS, type Merchant, type World } from '../src/common/world.js';
import { BIG_BRAND_EVERY, MAX_SCALE_MERCHANTS, parseScaleMerchants, withScaleMerchants } from '../src/common/scale-merchants.js';

// Many merchants (issue 23 item 3; EMULATOR_MERCHANTS / mount option `merchants`): generated merchants beside the
// usual ones, each served by every platform emulator like the usual ones, from merchantDay. Mounted the way the app
// and `npm run emulators` mount them, and called with inject.

const SEED = 'test-seed';
const NOW = '2026-06-15T06:00:00Z';
const PUBLIC = 'http://emulators.test';
const FROM = '2026-06-01';
const TO = '2026-06-03';
const DAYS = eachDay(FROM, TO);
const LOCALES = ['INR Asia/Kolkata', 'USD America/New_York', 'USD America/Los_Angeles', 'GBP Europe/London', 'EUR Europe/Berlin', 'AUD Australia/Sydney'];

type Json = Record<string, unknown>;

interface Mounted {
  app: FastifyInstance;
  world: World;
  call: (method: 'GET' | 'POST', path: string, body?: unknown, headers?: Record<string, string>) => Promise<{ status: number; text: string; json: Json }>;
  mint: (platform: 'shopify' | 'meta' | 'google', body: Json) => Promise<string>;
}

async function mount(options: { merchants?: number; seed?: string; shopifyOrders?: Record<string, number> } = {}): Promise<Mounted> {
  const app = Fastify({ logger: false });
  const { world } = await mountEmulators(app, { publicUrl: `${PUBLIC}/sandbox`, prefix: '/sandbox', admin: true, clock: new EmulatorClock(NOW), seed: options.seed ?? SEED, merchants: options.merchants, shopifyOrders: options.shopifyOrders });
  const call: Mounted['call'] = async (method, path, body, headers = {}) => {
    const res = await app.inject({ method, url: path.startsWith(PUBLIC) ? path.slice(PUBLIC.length) : `/sandbox${path}`, headers, payload: body as never });
    let json: Json = {};
    try {
      json = JSON.parse(res.body) as Json;
    } catch {
      // JSONL and HTML answers are read from `text`
    }
    return { status: res.statusCode, text: res.body, json };
  };
  const mint: Mounted['mint'] = async (platform, body) => {
    const res = await call('POST', `/${platform}/__admin/tokens`, body);
    expect(res.status, res.text).toBe(200);
    return String(res.json.access_token);
  };
  return { app, world, call, mint };
}

/** every account id of every platform, numbers without their act_ / accounts/ / properties/ prefixes */
function accountIds(world: World): string[] {
  const bare = (id: string) => id.replace(/^(act_|accounts\/|properties\/)/, '');
  return [
    ...world.shopify.shops.map((s) => s.domain),
    ...world.meta.identities.map((i) => i.id),
    ...world.meta.adAccounts.map((a) => bare(a.id)),
    ...world.google.identities.map((i) => i.sub),
    ...world.google.customers.map((c) => c.id),
    ...world.google.ga4Accounts.flatMap((a) => [bare(a.id), ...a.properties.map((p) => bare(p.id))]),
  ];
}

const generated = (world: World): Merchant[] => world.merchants.filter((m) => m.id.startsWith('scale-'));
const cents = (amount: unknown): number => Math.round(Number(amount) * 100);
const sumDays = (m: Merchant, pick: (d: ReturnType<typeof merchantDay>) => number): number => DAYS.reduce((s, d) => s + pick(merchantDay(SEED, m, d)), 0);

describe('the world with generated merchants', () => {
  it('leaves the default world as it is when the setting is absent or 0', async () => {
    const base = createWorld(SEED);
    expect(withScaleMerchants(base, 0)).toBe(base);
    for (const merchants of [undefined, 0]) {
      const m = await mount({ merchants });
      expect(m.world).toEqual(base);
      await m.app.close();
    }
    // with merchants, the usual ones and their accounts come first, unchanged
    const scaled = withScaleMerchants(base, 3);
    expect(scaled.merchants.slice(0, 2)).toEqual(base.merchants);
    expect(scaled.shopify.shops.slice(0, 2)).toEqual(base.shopify.shops);
    expect(scaled.meta.identities.slice(0, 2)).toEqual(base.meta.identities);
    expect(scaled.meta.adAccounts.slice(0, 3)).toEqual(base.meta.adAccounts);
    expect(scaled.google.identities.slice(0, 3)).toEqual(base.google.identities);
    expect(scaled.google.customers.slice(0, 4)).toEqual(base.google.customers);
    expect(scaled.google.ga4Accounts.slice(0, 2)).toEqual(base.google.ga4Accounts);
    expect(scaled.zoho).toEqual(base.zoho);
    expect(createWorld(SEED)).toEqual(base); // nothing shared was changed
  });

  it('generates scale-001 ... with one shop, Facebook user, Google user, GA4 property each, and a big brand every 25th', () => {
    const world = withScaleMerchants(createWorld(SEED), 50);
    const merchants = generated(world);
    expect(merchants.map((m) => m.id)).toEqual(Array.from({ length: 50 }, (_, i) => `scale-${String(i + 1).padStart(3, '0')}`));
    for (const m of merchants) {
      const big = Number(m.id.slice(6)) % BIG_BRAND_EVERY === 0;
      expect(LOCALES).toContain(`${m.currency} ${m.timezone}`);
      expect(m.name).toBe(`Scale Store ${m.id.slice(6)}`);
      if (big) expect(m.baseDailyOrders).toBeGreaterThanOrEqual(75);
      else expect(m.baseDailyOrders).toBeGreaterThanOrEqual(2);
      expect(m.baseDailyOrders).toBeLessThanOrEqual(big ? 300 : 120);
      expect(m.metaRevenueShare).toBeGreaterThan(0.2);
      expect(m.metaRevenueShare).toBeLessThan(0.45);
      expect(m.conversionRate).toBeGreaterThan(0.01);
      expect(m.conversionRate).toBeLessThan(0.03);

      const email = `owner@${m.id}.example`;
      expect(world.shopify.shops.filter((s) => s.merchantId === m.id)).toEqual([{ domain: `${m.id}.myshopify.com`, name: m.name, merchantId: m.id, email, ownerName: `${m.name} Owner` }]);
      const acts = world.meta.adAccounts.filter((a) => a.merchantId === m.id);
      expect(acts).toHaveLength(big ? 3 : 1);
      expect(acts.every((a) => /^act_[1-9]\d{14}$/.test(a.id) && a.id === `act_${a.accountId}` && a.currency === m.currency && a.timezoneName === m.timezone)).toBe(true);
      expect(acts.reduce((s, a) => s + a.weight, 0)).toBeCloseTo(1, 12);
      expect(acts.map((a) => a.focus)).toEqual(big ? ['prospecting', 'retargeting', 'mixed'] : ['mixed']);
      const metaUser = world.meta.identities.filter((i) => i.email === email);
      expect(metaUser).toHaveLength(1);
      expect(metaUser[0]?.adAccountIds).toEqual(acts.map((a) => a.id));

      const clients = world.google.customers.filter((c) => c.merchantId === m.id);
      const google = world.google.identities.filter((i) => i.email === email);
      expect(google).toHaveLength(1);
      expect(google[0]?.sub).toMatch(/^1\d{20}$/);
      expect(clients.every((c) => /^[1-9]\d{9}$/.test(c.id) && !c.manager && !c.hidden && c.currencyCode === m.currency && c.timeZone === m.timezone)).toBe(true);
      if (big) {
        const manager = world.google.customers.find((c) => c.id === clients[0]?.managerId);
        expect(manager).toMatchObject({ manager: true, managerId: null, merchantId: null, descriptiveName: `${m.name} (MCC)` });
        expect(clients.map((c) => [c.managerId, c.weight])).toEqual([[manager?.id, 0.6], [manager?.id, 0.4]]);
        expect(google[0]?.accessibleCustomerIds).toEqual([manager?.id]);
      } else {
        expect(clients).toEqual([expect.objectContaining({ managerId: null, descriptiveName: `${m.name} - Google Ads` })]);
        expect(google[0]?.accessibleCustomerIds).toEqual([clients[0]?.id]);
      }
      const ga4 = world.google.ga4Accounts.filter((a) => a.properties.some((p) => p.merchantId === m.id));
      expect(ga4).toHaveLength(1);
      expect(google[0]?.ga4AccountIds).toEqual([ga4[0]?.id]);
      expect(ga4[0]?.id).toMatch(/^accounts\/[1-9]\d{8}$/);
      expect(ga4[0]?.properties).toEqual([{ id: expect.stringMatching(/^properties\/[1-9]\d{8}$/), displayName: `${m.name} - GA4`, merchantId: m.id, currencyCode: m.currency, timeZone: m.timezone }]);
    }
    // a world of one thousand pads to four digits
    expect(generated(withScaleMerchants(createWorld(SEED), 1000)).map((m) => m.id).slice(0, 2)).toEqual(['scale-0001', 'scale-0002']);
  });

  it('draws ids unique across every account of every platform, the same for a seed and others for another seed', () => {
    const world = withScaleMerchants(createWorld(SEED), 200);
    const ids = accountIds(world);
    // shops, Facebook users, ad accounts (a big brand has 3), Google users, Ads accounts (a big brand: an MCC and 2), GA4 accounts and properties
    const bigBrands = 200 / BIG_BRAND_EVERY;
    expect(ids.length).toBe((2 + 200) + (2 + 200) + (3 + 200 + 2 * bigBrands) + (3 + 200) + (4 + 200 + 2 * bigBrands) + 2 * (2 + 200));
    expect(new Set(ids).size).toBe(ids.length);
    const mix = new Set(generated(world).map((m) => `${m.currency} ${m.timezone}`));
    expect(mix).toEqual(new Set(LOCALES));
    const small = generated(world).filter((m) => m.baseDailyOrders <= 40).length;
    expect(small).toBeGreaterThan(170); // mostly small stores, a handful larger
    expect(small).toBeLessThan(200);

    expect(withScaleMerchants(createWorld(SEED), 200)).toEqual(world);
    // a merchant's accounts do not depend on how many come after it
    const fewer = withScaleMerchants(createWorld(SEED), 25);
    expect(fewer.merchants).toEqual(world.merchants.slice(0, 27));
    expect(accountIds(fewer).every((id) => ids.includes(id))).toBe(true);

    const other = withScaleMerchants(createWorld('another-seed'), 200);
    const base = new Set(accountIds(createWorld(SEED)));
    const mine = new Set(ids.filter((id) => !base.has(id) && !id.endsWith('.myshopify.com')));
    const theirs = accountIds(other).filter((id) => !base.has(id) && !id.endsWith('.myshopify.com'));
    expect(theirs.filter((id) => mine.has(id))).toEqual([]);
    expect(generated(other).map((m) => m.baseDailyOrders)).not.toEqual(generated(world).map((m) => m.baseDailyOrders));
  });

  it('refuses what is not a number of merchants', () => {
    expect(parseScaleMerchants(undefined)).toBe(0);
    expect(parseScaleMerchants('')).toBe(0);
    expect(parseScaleMerchants('0')).toBe(0);
    expect(parseScaleMerchants(' 200 ')).toBe(200);
    expect(parseScaleMerchants(String(MAX_SCALE_MERCHANTS))).toBe(MAX_SCALE_MERCHANTS);
    for (const bad of ['-1', '2.5', '1e3', 'abc', '200 brands', String(MAX_SCALE_MERCHANTS + 1)]) {
      expect(() => parseScaleMerchants(bad), bad).toThrow(`EMULATOR_MERCHANTS: not a number of merchants (a whole number from 0 to ${MAX_SCALE_MERCHANTS}): ${bad}`);
    }
    expect(() => withScaleMerchants(createWorld(SEED), -1)).toThrow('not a number of merchants');
    expect(() => withScaleMerchants(createWorld(SEED), 1.5)).toThrow('not a number of merchants');
    expect(() => withScaleMerchants(withScaleMerchants(createWorld(SEED), 2), 2)).toThrow('the world already has generated merchants');
  });

  it('builds 200 merchants in well under a second, and a large store can be one of them', async () => {
    const started = performance.now();
    withScaleMerchants(createWorld(SEED), 200);
    expect(performance.now() - started).toBeLessThan(250);
    // EMULATOR_SHOPIFY_ORDERS applies after the merchants are generated: two years of scale-002 add up to 100,000 orders
    const m = await mount({ merchants: 3, shopifyOrders: { 'scale-002.myshopify.com': 100_000 } });
    const count = await m.call('GET', '/shopify/__admin/orders/count?shop=scale-002.myshopify.com&from=2024-06-15&to=2026-06-14');
    expect(Math.abs(Number(count.json.orders) - 100_000)).toBeLessThan(100);
    expect(findMerchant(m.world, 'scale-001')).toEqual(findMerchant(withScaleMerchants(createWorld(SEED), 3), 'scale-001'));
    await m.app.close();
  });
});

describe('every platform serves the generated merchants (merchants: 3)', () => {
  let m: Mounted;
  beforeAll(async () => {
    m = await mount({ merchants: 3 });
  });
  afterAll(async () => {
    await m.app.close();
  });

  it('Shopify: a bulk export of a generated shop holds the merchant\'s orders of those days, in its currency, with its products', async () => {
    for (const merchant of generated(m.world)) {
      const shop = `${merchant.id}.myshopify.com`;
      const token = await m.mint('shopify', { shop });
      const gql = (query: string, variables?: Json) => m.call('POST', `/shopify/${shop}/admin/api/2025-10/graphql.json`, { query, variables }, { 'x-shopify-access-token': token });
      const name = await gql('{ shop { name email currencyCode ianaTimezone myshopifyDomain } }');
      expect(name.json.data).toEqual({ shop: { name: merchant.name, email: `owner@${merchant.id}.example`, currencyCode: merchant.currency, ianaTimezone: merchant.timezone, myshopifyDomain: shop } });
      const q = `{ orders(query: "created_at:>='${FROM}' AND created_at:<'2026-06-04'") { edges { node { id totalPriceSet { shopMoney { amount currencyCode } } lineItems { edges { node { vendor } } } } } } }`;
      const run = await gql('mutation($q: String!) { bulkOperationRunQuery(query: $q) { bulkOperation { id } userErrors { message } } }', { q });
      expect((run.json.data as { bulkOperationRunQuery: Json }).bulkOperationRunQuery.userErrors).toEqual([]);
      let op: { status: string; url: string | null; rootObjectCount: string } = { status: 'CREATED', url: null, rootObjectCount: '0' };
      for (let i = 0; i < 10 && op.status !== 'COMPLETED'; i++) {
        op = ((await gql('{ currentBulkOperation { status url rootObjectCount } }')).json.data as { currentBulkOperation: typeof op }).currentBulkOperation;
      }
      expect(op.status).toBe('COMPLETED');
      const file = await m.call('GET', op.url ?? '');
      expect(file.status).toBe(200);
      const lines = file.text.trimEnd().split('\n').map((l) => JSON.parse(l) as Json);
      const orders = lines.filter((l) => !('__parentId' in l));
      const items = lines.filter((l) => '__parentId' in l);
      expect(orders.length).toBe(sumDays(merchant, (d) => d.orders));
      expect(String(orders.length)).toBe(op.rootObjectCount);
      expect(orders.length).toBeGreaterThan(0);
      const money = orders.map((o) => (o.totalPriceSet as { shopMoney: { amount: string; currencyCode: string } }).shopMoney);
      expect(money.reduce((s, x) => s + cents(x.amount), 0)).toBe(sumDays(merchant, (d) => Math.round(d.grossSales * 100)));
      expect(new Set(money.map((x) => x.currencyCode))).toEqual(new Set([merchant.currency]));
      expect(items.length).toBeGreaterThanOrEqual(orders.length);
      expect(new Set(items.map((i) => i.vendor))).toEqual(new Set([merchant.name]));
      // the admin count agrees without generating anything
      const count = await m.call('GET', `/shopify/__admin/orders/count?shop=${shop}&from=${FROM}&to=${TO}`);
      expect(count.json.orders).toBe(orders.length);
    }
  });

  it('Meta: the merchant\'s Facebook user sees its ad account, whose daily spend is the merchant\'s Meta spend', async () => {
    for (const merchant of generated(m.world)) {
      const user = m.world.meta.identities.find((i) => i.email === `owner@${merchant.id}.example`)!;
      const token = await m.mint('meta', { userId: user.id });
      const get = (path: string) => m.call('GET', `/meta/v25.0/${path}${path.includes('?') ? '&' : '?'}access_token=${token}`);
      const accounts = await get('me/adaccounts?fields=id,name,currency,timezone_name');
      expect(accounts.json.data).toEqual([{ id: user.adAccountIds[0], name: merchant.name, currency: merchant.currency, timezone_name: merchant.timezone }]);
      const range = encodeURIComponent(JSON.stringify({ since: FROM, until: TO }));
      const res = await get(`${user.adAccountIds[0]}/insights?fields=account_currency,spend,impressions,clicks,actions,action_values&time_range=${range}&time_increment=1`);
      expect(res.status, res.text).toBe(200);
      const rows = res.json.data as Json[];
      expect(rows.map((r) => r.date_start)).toEqual(DAYS);
      for (const row of rows) {
        const md = merchantDay(SEED, merchant, String(row.date_start));
        expect(row.account_currency).toBe(merchant.currency);
        expect(cents(row.spend)).toBe(Math.round(md.metaSpend * 100));
        expect(Number(row.impressions)).toBeGreaterThan(Number(row.clicks));
        expect(Number(row.clicks)).toBeGreaterThan(0);
      }
      // attributed revenue over the days: near the merchant's (the last 28 days are still being restated)
      const revenue = rows.reduce((s, r) => s + cents((r.action_values as Array<{ action_type: string; value: string }> | undefined)?.find((a) => a.action_type === 'omni_purchase')?.value ?? 0), 0);
      const attributed = sumDays(merchant, (d) => Math.round(d.metaAttributedRevenue * 100));
      expect(revenue).toBeGreaterThan(attributed * 0.7);
      expect(revenue).toBeLessThanOrEqual(attributed);
    }
  });

  it('Google Ads and GA4: the merchant\'s Google user reaches its account and property, with its figures in its currency', async () => {
    for (const merchant of generated(m.world)) {
      const identity = m.world.google.identities.find((i) => i.email === `owner@${merchant.id}.example`)!;
      const token = await m.mint('google', { sub: identity.sub });
      const ads = { authorization: `Bearer ${token}`, 'developer-token': SANDBOX_APPS.googleAdsDeveloperToken };
      const listed = await m.call('GET', '/google-ads/v23/customers:listAccessibleCustomers', undefined, ads);
      const customer = m.world.google.customers.find((c) => c.merchantId === merchant.id)!;
      expect(listed.json).toEqual({ resourceNames: [`customers/${customer.id}`] });
      const stream = await m.call('POST', `/google-ads/v23/customers/${customer.id}/googleAds:searchStream`, {
        query: `SELECT customer.currency_code, campaign.id, campaign.name, segments.date, metrics.cost_micros, metrics.clicks, metrics.impressions FROM campaign WHERE segments.date BETWEEN '${FROM}' AND '${TO}'`,
      }, ads);
      expect(stream.status, stream.text.slice(0, 300)).toBe(200);
      const rows = (JSON.parse(stream.text) as Json[]).flatMap((b) => b.results as Array<{ customer: Json; campaign: Json; segments: Json; metrics: Json }>);
      expect(rows.length).toBeGreaterThan(DAYS.length * 3);
      expect(new Set(rows.map((r) => r.customer.currencyCode))).toEqual(new Set([merchant.currency]));
      // campaign ids of the account's own: no other account has them
      expect(rows.every((r) => String(r.campaign.id).startsWith(customer.id))).toBe(true);
      expect(rows.some((r) => String(r.campaign.name).startsWith('Brand'))).toBe(true);
      for (const day of DAYS) {
        const micros = rows.filter((r) => r.segments.date === day).reduce((s, r) => s + BigInt(String(r.metrics.costMicros)), 0n);
        expect(micros).toBe(BigInt(Math.round(merchantDay(SEED, merchant, day).googleSpend * 100)) * 10_000n);
      }
      expect(rows.reduce((s, r) => s + Number(r.metrics.impressions), 0)).toBeGreaterThan(rows.reduce((s, r) => s + Number(r.metrics.clicks), 0));

      const property = m.world.google.ga4Accounts.flatMap((a) => a.properties).find((p) => p.merchantId === merchant.id)!;
      const report = await m.call('POST', `/ga4/v1beta/${property.id}:runReport`, {
        dateRanges: [{ startDate: FROM, endDate: TO }], metrics: [{ name: 'sessions' }, { name: 'ecommercePurchases' }, { name: 'purchaseRevenue' }],
      }, { authorization: `Bearer ${token}` });
      expect(report.status, report.text).toBe(200);
      expect(report.json.metadata).toMatchObject({ currencyCode: merchant.currency, timeZone: merchant.timezone });
      const [sessions = 0, purchases = 0, revenue = 0] = ((report.json.rows as Array<{ metricValues: Array<{ value: string }> }>)[0]?.metricValues ?? []).map((v) => Number(v.value));
      const orders = sumDays(merchant, (d) => d.orders);
      expect(purchases).toBeLessThanOrEqual(orders);
      expect(purchases).toBeGreaterThanOrEqual(Math.floor(orders * 0.8));
      expect(sessions).toBeGreaterThan(sumDays(merchant, (d) => d.sessions) * 0.7);
      expect(sessions).toBeLessThan(sumDays(merchant, (d) => d.sessions) * 1.3);
      // the store's sales of the purchases GA4 saw, within a percent or two
      expect(revenue / sumDays(merchant, (d) => d.grossSales)).toBeGreaterThan(0.75);
      expect(revenue / sumDays(merchant, (d) => d.grossSales)).toBeLessThan(1.05);
      // its item brand is the merchant's own
      const brands = await m.call('POST', `/ga4/v1beta/${property.id}:runReport`, { dateRanges: [{ startDate: FROM, endDate: TO }], dimensions: [{ name: 'itemBrand' }], metrics: [{ name: 'itemsPurchased' }] }, { authorization: `Bearer ${token}` });
      expect((brands.json.rows as Array<{ dimensionValues: Array<{ value: string }> }>).map((r) => r.dimensionValues[0]?.value)).toEqual([merchant.name]);
    }
  });
});

describe('a big brand with many accounts (merchants: 25)', () => {
  let m: Mounted;
  let brand: Merchant;
  beforeAll(async () => {
    m = await mount({ merchants: 25 });
    brand = findMerchant(m.world, 'scale-025');
  });
  afterAll(async () => {
    await m.app.close();
  });

  it('a generated store borrows the closest store\'s campaigns, products and site under its own name', async () => {
    // one of each: the demo store's (an Indian store: the big brand here) and Northwind's (elsewhere)
    const indian = generated(m.world).find((x) => x.currency === 'INR')!;
    const elsewhere = generated(m.world).find((x) => x.currency !== 'INR')!;
    const others = /parallel|paralel|parrallel|northwind/i;
    for (const merchant of [indian, elsewhere]) {
      const email = `owner@${merchant.id}.example`;
      const identity = m.world.google.identities.find((i) => i.email === email)!;
      const token = await m.mint('google', { sub: identity.sub });
      const client = m.world.google.customers.find((c) => c.merchantId === merchant.id)!;
      const ads = { authorization: `Bearer ${token}`, 'developer-token': SANDBOX_APPS.googleAdsDeveloperToken, ...(client.managerId ? { 'login-customer-id': client.managerId } : {}) };
      const search = async (query: string) => {
        const res = await m.call('POST', `/google-ads/v23/customers/${client.id}/googleAds:searchStream`, { query }, ads);
        expect(res.status, res.text.slice(0, 300)).toBe(200);
        return (JSON.parse(res.text) as Json[]).flatMap((b) => b.results as Json[]);
      };
      const keywords = (await search(`SELECT ad_group_criterion.keyword.text FROM keyword_view WHERE segments.date BETWEEN '${FROM}' AND '${TO}'`))
        .map((r) => String(((r.adGroupCriterion as Json).keyword as Json).text));
      expect(keywords.some((k) => k.startsWith(merchant.name.toLowerCase())), merchant.id).toBe(true);
      expect(keywords.filter((k) => others.test(k))).toEqual([]);
      const products = (await search('SELECT shopping_product.title, shopping_product.brand, shopping_product.merchant_center_id FROM shopping_product')).map((r) => r.shoppingProduct as Json);
      expect(products.length).toBeGreaterThan(50);
      expect(products.some((p) => p.brand === merchant.name)).toBe(true);
      expect(products.filter((p) => others.test(`${String(p.title)} ${String(p.brand)}`))).toEqual([]);

      const shop = `${merchant.id}.myshopify.com`;
      const shopToken = await m.mint('shopify', { shop });
      const orders = await m.call('POST', `/shopify/${shop}/admin/api/2025-10/graphql.json`, { query: '{ orders(first: 20, reverse: true) { nodes { lineItems(first: 5) { nodes { title vendor } } } } }' }, { 'x-shopify-access-token': shopToken });
      const items = ((orders.json.data as { orders: { nodes: Array<{ lineItems: { nodes: Json[] } }> } }).orders.nodes).flatMap((o) => o.lineItems.nodes);
      expect(items.length).toBeGreaterThan(0);
      expect(items.filter((i) => i.vendor !== merchant.name || others.test(String(i.title)))).toEqual([]);

      const property = m.world.google.ga4Accounts.flatMap((a) => a.properties).find((p) => p.merchantId === merchant.id)!;
      const pages = await m.call('POST', `/ga4/v1beta/${property.id}:runReport`, { dateRanges: [{ startDate: FROM, endDate: TO }], dimensions: [{ name: 'pageTitle' }], metrics: [{ name: 'screenPageViews' }] }, { authorization: `Bearer ${token}` });
      const titles = (pages.json.rows as Array<{ dimensionValues: Array<{ value: string }> }>).map((r) => r.dimensionValues[0]?.value ?? '');
      expect(titles.some((t) => t.includes(merchant.name))).toBe(true);
      expect(titles.filter((t) => others.test(t))).toEqual([]);
    }
  });

  it('an order placed now in a generated shop gets an id above its history\'s, as in every shop', async () => {
    const shop = 'scale-024.myshopify.com';
    const token = await m.mint('shopify', { shop });
    const placed = await m.call('POST', '/shopify/__admin/orders', { shop });
    expect(placed.status, placed.text).toBe(200);
    const newest = await m.call('POST', `/shopify/${shop}/admin/api/2025-10/graphql.json`, { query: '{ orders(first: 2, sortKey: CREATED_AT, reverse: true) { nodes { legacyResourceId } } }' }, { 'x-shopify-access-token': token });
    const [live, before] = (newest.json.data as { orders: { nodes: Array<{ legacyResourceId: string }> } }).orders.nodes.map((o) => BigInt(o.legacyResourceId));
    expect(live).toBe(BigInt(String((placed.json.order as Json).id)));
    expect(live! > before!).toBe(true);
  });

  it('its MCC lists its two client accounts, which together spend the merchant\'s Google spend', async () => {
    const identity = m.world.google.identities.find((i) => i.email === 'owner@scale-025.example')!;
    const token = await m.mint('google', { sub: identity.sub });
    const ads = { authorization: `Bearer ${token}`, 'developer-token': SANDBOX_APPS.googleAdsDeveloperToken };
    const clients = m.world.google.customers.filter((c) => c.merchantId === brand.id);
    const manager = clients[0]!.managerId!;
    expect((await m.call('GET', '/google-ads/v23/customers:listAccessibleCustomers', undefined, ads)).json).toEqual({ resourceNames: [`customers/${manager}`] });
    const tree = await m.call('POST', `/google-ads/v23/customers/${manager}/googleAds:search`, {
      query: 'SELECT customer_client.id, customer_client.descriptive_name, customer_client.level, customer_client.manager, customer_client.currency_code FROM customer_client WHERE customer_client.level = 1',
    }, { ...ads, 'login-customer-id': manager });
    expect(tree.status, tree.text).toBe(200);
    expect((tree.json.results as Array<{ customerClient: Json }>).map((r) => r.customerClient)).toEqual(clients.map((c) => ({
      resourceName: `customers/${manager}/customerClients/${c.id}`, id: c.id, descriptiveName: c.descriptiveName, level: '1', manager: false, currencyCode: brand.currency,
    })));
    // a client is reached through its manager only
    const direct = await m.call('POST', `/google-ads/v23/customers/${clients[0]!.id}/googleAds:searchStream`, { query: 'SELECT customer.id FROM customer' }, ads);
    expect(direct.status).toBe(403);
    const perDay = new Map<string, bigint>();
    for (const c of clients) {
      const res = await m.call('POST', `/google-ads/v23/customers/${c.id}/googleAds:searchStream`, {
        query: `SELECT segments.date, metrics.cost_micros FROM customer WHERE segments.date BETWEEN '${FROM}' AND '${TO}'`,
      }, { ...ads, 'login-customer-id': manager });
      expect(res.status, res.text.slice(0, 300)).toBe(200);
      for (const r of (JSON.parse(res.text) as Json[]).flatMap((b) => b.results as Array<{ segments: Json; metrics: Json }>)) {
        perDay.set(String(r.segments.date), (perDay.get(String(r.segments.date)) ?? 0n) + BigInt(String(r.metrics.costMicros)));
      }
    }
    for (const day of DAYS) {
      const expected = Math.round(merchantDay(SEED, brand, day).googleSpend * 100);
      expect(Math.abs(Number((perDay.get(day) ?? 0n) / 10_000n) - expected)).toBeLessThanOrEqual(1);
    }
  });

  it('its Facebook user has three ad accounts that together spend the merchant\'s Meta spend, and small brands keep their own', async () => {
    const user = m.world.meta.identities.find((i) => i.email === 'owner@scale-025.example')!;
    const token = await m.mint('meta', { userId: user.id });
    const accounts = await m.call('GET', `/meta/v25.0/me/adaccounts?fields=id,name&access_token=${token}`);
    expect((accounts.json.data as Json[]).map((a) => a.name)).toEqual(['Scale Store 025 - Prospecting', 'Scale Store 025 - Retargeting', 'Scale Store 025 - Always-on']);
    const range = encodeURIComponent(JSON.stringify({ since: FROM, until: TO }));
    const perDay = new Map<string, number>();
    for (const act of user.adAccountIds) {
      const res = await m.call('GET', `/meta/v25.0/${act}/insights?fields=spend&time_range=${range}&time_increment=1&access_token=${token}`);
      expect(res.status, res.text).toBe(200);
      for (const r of res.json.data as Json[]) perDay.set(String(r.date_start), (perDay.get(String(r.date_start)) ?? 0) + cents(r.spend));
    }
    for (const day of DAYS) expect(Math.abs((perDay.get(day) ?? 0) - Math.round(merchantDay(SEED, brand, day).metaSpend * 100))).toBeLessThanOrEqual(2);
    // another brand's account is not this user's
    const small = m.world.meta.adAccounts.find((a) => a.merchantId === 'scale-024')!;
    const refused = await m.call('GET', `/meta/v25.0/${small.id}/insights?fields=spend&access_token=${token}`);
    expect([refused.status, refused.json.error]).toEqual([400, expect.objectContaining({ code: 100, error_subcode: 33 })]);
  });
});
