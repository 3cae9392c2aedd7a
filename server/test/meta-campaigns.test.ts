import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { userBrands } from '../src/db/schema.js';
import { insertBrand } from '../src/modules/brands/brands.sql.js';
import { Browser, createListeningApp, signUpAndLogIn } from './browser.js';
import { DB_KINDS, type TestApp } from './test-app.js';
import { daysOf, subscribeBrand } from './reports-seed.js';
import { seedMetaFacts, type MetaWindowFacts } from './meta-seed.js';

// POST /api/meta/campaign/{brandId} over seeded campaign days, exact numbers, and the campaign labels shared by
// the users of a brand (GET/PUT /api/meta/labels/{brandId}, realtime push to the brand room). Clock: 2026-03-15
// 12:00 UTC (Asia/Kolkata: today 2026-03-15). act_1 synced Mar 1-14.
const NOW = new Date('2026-03-15T12:00:00Z');

interface Day {
  campaignId: string;
  spend: number;
  revenue: number;
  reach: number;
  uniqueLinkClicks: number;
}

function campaignRows(brandId: string, accountId: string, days: string[], day: (date: string, i: number) => Day[]): MetaWindowFacts['adDaily'] {
  return days.flatMap((date, i) =>
    day(date, i).map((c) => ({
      brandId, accountId, level: 'campaign', entityId: c.campaignId, date, campaignId: c.campaignId, campaignName: `old name ${c.campaignId}`,
      spend: c.spend.toFixed(2), purchaseValue: c.revenue.toFixed(2), purchases: 2, impressions: 1000, clicks: 40, reach: c.reach, linkClicks: 30,
      uniqueLinkClicks: c.uniqueLinkClicks, outboundClicks: 20, landingPageViews: 15, addToCart: 6, initiateCheckout: 3, videoThreeSecondViews: 200,
    })),
  );
}

function open(origin: string, cookie: string): Socket {
  return connect(origin, { path: '/socket.io', transports: ['polling', 'websocket'], extraHeaders: { cookie, origin }, reconnection: false, timeout: 5000 });
}
const once = <T>(socket: Socket, event: string) => new Promise<T>((resolve) => socket.once(event, resolve));

describe.each(DB_KINDS)('Meta campaigns and shared labels on %s', (kind) => {
  let t: TestApp & { origin: string };
  let ana: Browser;
  let ben: Browser;
  let cy: Browser;
  let brandId: string;
  let otherBrandId: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await createListeningApp(kind, {}, { now: () => NOW });
    ana = new Browser(t.origin);
    ben = new Browser(t.origin);
    cy = new Browser(t.origin);
    const a = await signUpAndLogIn(ana, { username: 'ana', email: 'ana@example.com', password: 'ana-password-1' });
    const b = await signUpAndLogIn(ben, { username: 'ben', email: 'ben@example.com', password: 'ben-password-1' });
    const c = await signUpAndLogIn(cy, { username: 'cy', email: 'cy@example.com', password: 'cy-password-1' });
    const db = t.database.db;
    brandId = await insertBrand(db, { name: 'Shared', currency: 'INR', timezone: 'Asia/Kolkata', userId: a.id, connections: [{ platform: 'meta', accountId: 'act_1', accountName: 'Main account', managerId: null, grantId: null }] });
    await db.insert(userBrands).values({ userId: b.id, brandId });
    otherBrandId = await insertBrand(db, { name: 'Other', currency: 'INR', timezone: 'Asia/Kolkata', userId: c.id, connections: [] });
    for (const id of [brandId, otherBrandId]) await subscribeBrand(db, id); // reports need the Startup Plan
    const w = { from: '2026-03-01', to: '2026-03-14' };
    await seedMetaFacts(db, brandId, 'act_1', w, {
      campaigns: [
        { brandId, accountId: 'act_1', campaignId: 'c1', name: 'Prospecting - IN', status: 'ACTIVE', effectiveStatus: 'ACTIVE' },
        { brandId, accountId: 'act_1', campaignId: 'c2', name: 'Retargeting - BOFU', status: 'PAUSED', effectiveStatus: 'PAUSED' },
      ],
      // c1: reach 800 + 10 x day index (the largest, 930, on Mar 14); c2 only delivers on Mar 1-2
      adDaily: campaignRows(brandId, 'act_1', daysOf(w.from, w.to), (date, i) => [
        { campaignId: 'c1', spend: 20, revenue: 50, reach: 800 + 10 * i, uniqueLinkClicks: 25 },
        ...(i < 2 ? [{ campaignId: 'c2', spend: 5.5, revenue: 30, reach: 300, uniqueLinkClicks: 9 + i }] : []),
      ]),
    });
  }, 60_000);
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t?.close();
  });

  // These connections have no grant: Meta cannot be asked for its range figure, so reach falls back to the estimate.
  it('campaign figures over a range: sums of days, ratios of sums; without Meta’s range figure reach is the largest day (a flagged estimate), never a sum', async () => {
    const res = await ana.post(`/api/meta/campaign/${brandId}`, { startDate: '2026-03-01', endDate: '2026-03-14' });
    expect(res.status).toBe(200);
    const body = res.json<{ accountData: Array<{ account_name: string; account_id: string; campaigns: Array<Record<string, unknown>> }>; blendedSummary: unknown[] }>();
    expect(body.accountData.map((a) => [a.account_id, a.account_name])).toEqual([['act_1', 'Main account']]);
    const [c1, c2] = body.accountData[0]!.campaigns;
    expect(c1).toEqual({
      campaignId: 'c1', campaignName: 'Prospecting - IN', accountName: 'Main account', accountId: 'act_1', status: 'ACTIVE',
      'Link Click': 420, Purchases: 28, Reach: 930, 'Amount spend': 280, 'Outbound CTR': 2, Frequency: 14000 / 930, 'Unique Link Click': 25,
      'Add To Cart (ATC)': 84, 'Checkout Initiate (CI)': 42, 'Landing Page View': 210, 'Three Seconds View': 2800, Impressions: 14000,
      'Outbound Clicks': 280, 'Purchase Value': 700, estimated: true,
    });
    expect(c2).toMatchObject({ campaignId: 'c2', campaignName: 'Retargeting - BOFU', status: 'PAUSED', 'Amount spend': 11, Reach: 300, 'Unique Link Click': 10, Impressions: 2000, estimated: true });
    expect(body.blendedSummary).toEqual([c1, c2]);
  });

  it('over one day reach and unique link clicks are Meta’s own figures for the range, not estimates', async () => {
    const body = (await ana.post(`/api/meta/campaign/${brandId}`, { startDate: '2026-03-05', endDate: '2026-03-05' })).json<{ blendedSummary: Array<Record<string, unknown>> }>();
    expect(body.blendedSummary).toEqual([expect.objectContaining({ campaignId: 'c1', Reach: 840, 'Unique Link Click': 25, Frequency: 1000 / 840, estimated: false })]);
  });

  it('bad input is a 400 naming the field', async () => {
    for (const [payload, field] of [
      [{ startDate: '2026-03-01' }, 'endDate'],
      [{ startDate: '2026-03-10', endDate: '2026-03-01' }, 'startDate'],
    ] as const) {
      const res = await ana.post(`/api/meta/campaign/${brandId}`, payload);
      expect(res.status).toBe(400);
      expect(res.json<{ errors: Array<{ field: string }> }>().errors.map((e) => e.field)).toContain(field);
    }
    for (const [payload, field] of [
      [{ campaignId: 'c1', labels: ['TOFU'] }, 'accountId'],
      [{ accountId: 'act_1', labels: ['TOFU'] }, 'campaignId'],
      [{ accountId: 'act_1', campaignId: 'c1' }, 'labels'],
      [{ accountId: 'act_1', campaignId: 'c1', labels: ['  '] }, 'labels.0'],
      [{ accountId: 'act_1', campaignId: 'c1', labels: ['x'.repeat(41)] }, 'labels.0'],
      [{ accountId: 'act_1', campaignId: 'c1', labels: 'TOFU' }, 'labels'],
    ] as const) {
      const res = await ana.request('PUT', `/api/meta/labels/${brandId}`, payload);
      expect({ payload, status: res.status }).toEqual({ payload, status: 400 });
      expect(res.json<{ errors: Array<{ field: string }> }>().errors.map((e) => e.field)).toContain(field);
    }
  });

  it('labels are the brand’s: one user sets them, the other sees them; custom labels are listed; another brand’s user gets 404', async () => {
    const put = await ana.request('PUT', `/api/meta/labels/${brandId}`, { accountId: 'act_1', campaignId: 'c1', labels: ['TOFU', 'Festive sale', 'TOFU'] });
    expect(put.status).toBe(200);
    const seen = await ben.request('GET', `/api/meta/labels/${brandId}`);
    expect(seen.status).toBe(200);
    expect(seen.json()).toEqual({ success: true, labels: { act_1: { c1: ['TOFU', 'Festive sale'] } }, customLabels: ['Festive sale'] });
    // Ben changes them; Ana sees his change
    await ben.request('PUT', `/api/meta/labels/${brandId}`, { accountId: 'act_1', campaignId: 'c1', labels: ['Festive sale', 'MOFU'] });
    await ben.request('PUT', `/api/meta/labels/${brandId}`, { accountId: 'act_1', campaignId: 'c2', labels: ['BOFU'] });
    expect((await ana.request('GET', `/api/meta/labels/${brandId}`)).json()).toEqual({ success: true, labels: { act_1: { c1: ['Festive sale', 'MOFU'], c2: ['BOFU'] } }, customLabels: ['Festive sale'] });
    // removing every label of a campaign
    await ana.request('PUT', `/api/meta/labels/${brandId}`, { accountId: 'act_1', campaignId: 'c2', labels: [] });
    expect((await ben.request('GET', `/api/meta/labels/${brandId}`)).json<{ labels: unknown }>().labels).toEqual({ act_1: { c1: ['Festive sale', 'MOFU'] } });

    for (const [method, body] of [['GET', undefined], ['PUT', { accountId: 'act_1', campaignId: 'c1', labels: ['BOFU'] }]] as const) {
      const res = await cy.request(method, `/api/meta/labels/${brandId}`, body);
      expect({ method, status: res.status }).toEqual({ method, status: 404 });
      expect(res.json()).toEqual({ success: false, message: 'Brand not found' });
    }
    expect((await cy.request('GET', `/api/meta/labels/${otherBrandId}`)).json()).toEqual({ success: true, labels: {}, customLabels: [] });
    expect((await ana.request('GET', `/api/meta/labels/${brandId}`)).json<{ labels: unknown }>().labels).toEqual({ act_1: { c1: ['Festive sale', 'MOFU'] } });
  });

  it('a label change reaches the other open screens of the brand through its realtime room', async () => {
    const s = open(t.origin, ben.cookieHeader());
    sockets.push(s);
    await once(s, 'connect');
    s.emit('join-brand-room', brandId);
    s.emit('ping');
    await once(s, 'pong');
    const message = once<{ type: string; data: unknown }>(s, 'brand-notification');
    const put = await ana.request('PUT', `/api/meta/labels/${brandId}`, { accountId: 'act_1', campaignId: 'c1', labels: ['TOFU+MOFU'] });
    expect(put.status).toBe(200);
    expect(await message).toEqual({ type: 'campaign-labels-changed', data: { brandId, accountId: 'act_1', campaignId: 'c1', labels: ['TOFU+MOFU'] } });
  });
});
