import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ga4Emulator } from '../src/ga4/app.js';
import { addDays } from '../src/common/dates.js';
import { findMerchant, merchantDay } from '../src/common/world.js';
import { startPlatform, type RunningPlatform } from './harness.js';

// Data API runReport as a client sees it: raw fetch against the emulator (clock pinned at 2026-06-15T06:00Z,
// so yesterday is 2026-06-14 in Asia/Kolkata).
const READONLY = 'https://www.googleapis.com/auth/analytics.readonly';
const DEMO_SUB = '100000000000000000001';
const RANGE = { startDate: '2026-05-16', endDate: '2026-06-14' };
const FUNNEL = ['sessions', 'addToCarts', 'checkouts', 'ecommercePurchases', 'purchaseRevenue'];

interface Row { dimensionValues?: Array<{ value: string }>; metricValues?: Array<{ value: string }> }
interface Report {
  dimensionHeaders?: Array<{ name: string }>;
  metricHeaders?: Array<{ name: string; type: string }>;
  rows?: Row[];
  totals?: Row[];
  rowCount?: number;
  metadata: { currencyCode: string; timeZone: string; subjectToThresholding?: boolean };
  kind: string;
}

let p: RunningPlatform;
let token: string;
beforeAll(async () => {
  p = await startPlatform('ga4', ga4Emulator);
  token = p.ctx.tokens.issue({ kind: 'access', subject: DEMO_SUB, clientId: p.ctx.world.apps.google.clientId, scope: READONLY, ttlSeconds: 3599 }).token;
});
afterAll(async () => p.close());

async function run(body: unknown, base = p.baseUrl, bearer = token, property = '300000001'): Promise<{ status: number; text: string; json: Report }> {
  const res = await fetch(`${base}/v1beta/properties/${property}:runReport`, {
    method: 'POST', headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, json: JSON.parse(text) as Report };
}

async function ok(body: unknown): Promise<Report> {
  const r = await run(body);
  expect(r.status, r.text).toBe(200);
  return r.json;
}

const metricsOf = (names: string[]) => names.map((name) => ({ name }));
const num = (row: Row | undefined, i: number) => Number(row?.metricValues?.[i]?.value);
const dim = (row: Row, i = 0) => row.dimensionValues?.[i]?.value ?? '';
const sumCol = (rep: Report, i: number) => (rep.rows ?? []).reduce((a, r) => a + num(r, i), 0);
const cents = (v: number) => Math.round(v * 100);

let totals: Report;
beforeAll(async () => {
  totals = await ok({ dateRanges: [RANGE], metrics: metricsOf([...FUNNEL, 'screenPageViews']) });
});

describe('runReport shape', () => {
  it('answers in the Data API wire format: string values, typed headers, metadata, kind', async () => {
    expect(totals.dimensionHeaders).toBeUndefined();
    expect(totals.metricHeaders?.map((h) => h.type)).toEqual(['TYPE_INTEGER', 'TYPE_INTEGER', 'TYPE_INTEGER', 'TYPE_INTEGER', 'TYPE_CURRENCY', 'TYPE_INTEGER']);
    expect(totals.rowCount).toBe(1);
    expect(totals.metadata).toEqual({ currencyCode: 'INR', timeZone: 'Asia/Kolkata' });
    expect(totals.kind).toBe('analyticsData#runReport');
    for (const v of totals.rows?.[0]?.metricValues ?? []) expect(typeof v.value).toBe('string');
    expect(num(totals.rows?.[0], 0)).toBeGreaterThan(100_000);
  });

  it('omits rows and rowCount when there is no data (before history, after yesterday)', async () => {
    for (const range of [{ startDate: '2019-01-01', endDate: '2019-01-31' }, { startDate: 'today', endDate: 'today' }]) {
      const rep = await ok({ dateRanges: [range], dimensions: [{ name: 'date' }], metrics: metricsOf(['sessions']) });
      expect(rep.rows).toBeUndefined();
      expect(rep.rowCount).toBeUndefined();
      expect(rep.metricHeaders).toEqual([{ name: 'sessions', type: 'TYPE_INTEGER' }]);
      expect(rep.metadata.currencyCode).toBe('INR');
    }
  });
});

describe('dimensions split the totals', () => {
  const sessionDims = ['userAgeBracket', 'userGender', 'brandingInterest', 'deviceCategory', 'operatingSystem', 'browser', 'sessionSource',
    'sessionDefaultChannelGroup', 'sessionCampaignName', 'country', 'city', 'region', 'landingPage', 'date', 'yearMonth'];
  it.each(sessionDims)('%s rows sum exactly to the totals of every funnel metric', async (name) => {
    const rep = await ok({ dateRanges: [RANGE], dimensions: [{ name }], metrics: metricsOf(FUNNEL) });
    expect(rep.rowCount).toBe(rep.rows?.length);
    expect(rep.rowCount).toBeGreaterThan(1);
    for (let i = 0; i < 4; i++) expect(sumCol(rep, i)).toBe(num(totals.rows?.[0], i));
    expect((rep.rows ?? []).reduce((a, r) => a + cents(num(r, 4)), 0)).toBe(cents(num(totals.rows?.[0], 4)));
    if (['userAgeBracket', 'userGender', 'brandingInterest'].includes(name)) expect(rep.metadata.subjectToThresholding).toBe(true);
  });

  it('uses GA4 values for the demographic, device and traffic dimensions', async () => {
    const values = async (name: string) => (await ok({ dateRanges: [RANGE], dimensions: [{ name }], metrics: metricsOf(['sessions']) })).rows?.map((r) => dim(r)) ?? [];
    expect(new Set(await values('userAgeBracket'))).toEqual(new Set(['18-24', '25-34', '35-44', '45-54', '55-64', '65+', 'unknown']));
    expect(new Set(await values('userGender'))).toEqual(new Set(['female', 'male', 'unknown']));
    expect(await values('brandingInterest')).toContain('Lifestyles & Hobbies/Fashionistas');
    expect((await values('deviceCategory')).slice(0, 2)).toEqual(['mobile', 'desktop']);
    expect(await values('operatingSystem')).toEqual(expect.arrayContaining(['Android', 'iOS', 'Windows', 'Macintosh']));
    expect(await values('browser')).toEqual(expect.arrayContaining(['Chrome', 'Safari', 'Samsung Internet', 'Edge']));
    expect(await values('sessionSource')).toEqual(expect.arrayContaining(['google', '(direct)', 'facebook', 'instagram', 'l.instagram.com', 'm.facebook.com']));
    expect(await values('sessionDefaultChannelGroup')).toEqual(expect.arrayContaining(['Organic Search', 'Paid Search', 'Paid Social', 'Organic Social', 'Direct', 'Email', 'Referral', 'Cross-network', 'Unassigned']));
    expect(await values('sessionCampaignName')).toEqual(expect.arrayContaining(['(organic)', '(direct)', '(referral)', 'Brand | Exact', 'Shopping | All products', 'RTG | BOFU | Cart abandoners 7d']));
    expect((await values('country'))[0]).toBe('India');
    expect(await values('city')).toEqual(expect.arrayContaining(['Mumbai', 'Delhi', 'Bengaluru', 'Hyderabad', 'Chennai', 'Pune']));
    expect(await values('region')).toEqual(expect.arrayContaining(['Maharashtra', 'Karnataka', 'Telangana', 'Tamil Nadu']));
    expect(await values('landingPage')).toEqual(expect.arrayContaining(['/', '/collections/sarees', '/products/banarasi-silk-saree-red']));
    expect((await values('yearMonth')).sort()).toEqual(['202605', '202606']);
    expect((await values('date')).length).toBe(30);
  });

  it.each(['pagePath', 'pageTitle'])('%s counts a session on every page it visits; views and events split exactly', async (name) => {
    const rep = await ok({ dateRanges: [RANGE], dimensions: [{ name }], metrics: metricsOf([...FUNNEL, 'screenPageViews']) });
    expect(sumCol(rep, 0)).toBeGreaterThan(num(totals.rows?.[0], 0));
    for (const i of [1, 2, 3, 5]) expect(sumCol(rep, i)).toBe(num(totals.rows?.[0], i));
    const values = rep.rows?.map((r) => dim(r)) ?? [];
    if (name === 'pagePath') expect(values).toEqual(expect.arrayContaining(['/', '/collections/sarees', '/products/banarasi-silk-saree-red', '/cart', '/checkout/thank-you']));
    else expect(values).toContain('Banarasi Silk Saree - Red – Parallels Demo Store');
  });

  it('shares drift over time: iOS gains share of sessions year on year', async () => {
    const share = async (startDate: string, endDate: string) => {
      const rep = await ok({ dateRanges: [{ startDate, endDate }], dimensions: [{ name: 'operatingSystem' }], metrics: metricsOf(['sessions']) });
      return num(rep.rows?.find((r) => dim(r) === 'iOS'), 0) / sumCol(rep, 0);
    };
    const early = await share('2023-07-01', '2023-08-31');
    const late = await share('2026-04-01', '2026-05-31');
    expect(late - early).toBeGreaterThan(0.03);
  });

  it('pairs each page path with its title', async () => {
    const rep = await ok({ dateRanges: [RANGE], dimensions: [{ name: 'pagePath' }, { name: 'pageTitle' }], metrics: metricsOf(['screenPageViews']) });
    const paths = rep.rows?.map((r) => dim(r, 0)) ?? [];
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('item dimensions carry item-scoped metrics only', async () => {
    const items = await ok({ dateRanges: [RANGE], dimensions: [{ name: 'itemName' }], metrics: metricsOf(['itemsPurchased', 'itemRevenue']) });
    const all = await ok({ dateRanges: [RANGE], metrics: metricsOf(['itemsPurchased', 'itemRevenue']) });
    expect(sumCol(items, 0)).toBe(num(all.rows?.[0], 0));
    expect(items.rows?.map((r) => dim(r))).toContain('Banarasi Silk Saree - Red');
  });
});

describe('ranges, rates and users', () => {
  it('a range without the date dimension is the sum of its days; totalUsers is not', async () => {
    const names = ['sessions', 'addToCarts', 'checkouts', 'ecommercePurchases', 'purchaseRevenue', 'totalUsers', 'newUsers'];
    const range = await ok({ dateRanges: [RANGE], metrics: metricsOf(names) });
    const daily = await ok({ dateRanges: [RANGE], dimensions: [{ name: 'date' }], metrics: metricsOf(names) });
    for (const i of [0, 1, 2, 3, 6]) expect(sumCol(daily, i)).toBe(num(range.rows?.[0], i));
    expect((daily.rows ?? []).reduce((a, r) => a + cents(num(r, 4)), 0)).toBe(cents(num(range.rows?.[0], 4)));
    const users = num(range.rows?.[0], 5);
    expect(users).toBeLessThan(sumCol(daily, 5));
    expect(users).toBeGreaterThanOrEqual(Math.max(...(daily.rows ?? []).map((r) => num(r, 5))));
  });

  it('rates are fraction strings recomputed from sums, never averaged', async () => {
    const names = ['sessions', 'sessionKeyEventRate', 'engagementRate', 'bounceRate'];
    const range = await ok({ dateRanges: [RANGE], metrics: metricsOf(names) });
    const daily = await ok({ dateRanges: [RANGE], dimensions: [{ name: 'date' }], metrics: metricsOf(names) });
    const rate = range.rows?.[0]?.metricValues?.[1]?.value ?? '';
    expect(rate).toMatch(/^0\.\d+$/);
    expect(Number(rate)).toBeGreaterThan(0.01);
    expect(Number(rate)).toBeLessThan(0.05);
    const sessions = sumCol(daily, 0);
    for (const i of [1, 2]) {
      const weighted = (daily.rows ?? []).reduce((a, r) => a + num(r, 0) * num(r, i), 0) / sessions;
      const mean = sumCol(daily, i) / (daily.rows?.length ?? 1);
      expect(num(range.rows?.[0], i)).toBeCloseTo(weighted, 12);
      expect(Math.abs(num(range.rows?.[0], i) - mean)).toBeGreaterThan(1e-6);
    }
    expect(num(range.rows?.[0], 3)).toBeCloseTo(1 - num(range.rows?.[0], 2), 12);
  });

  it('the deprecated sessionConversionRate name still answers, under the requested name', async () => {
    const rep = await ok({ dateRanges: [RANGE], metrics: metricsOf(['sessionKeyEventRate', 'sessionConversionRate']) });
    expect(rep.metricHeaders?.[1]).toEqual({ name: 'sessionConversionRate', type: 'TYPE_FLOAT' });
    expect(num(rep.rows?.[0], 1)).toBe(num(rep.rows?.[0], 0));
  });

  it('multiple dateRanges add a dateRange dimension with each range name', async () => {
    const ranges = [RANGE, { startDate: '2026-06-08', endDate: '2026-06-14', name: 'last_week' }];
    const rep = await ok({ dateRanges: ranges, dimensions: [{ name: 'deviceCategory' }], metrics: metricsOf(['sessions']), metricAggregations: ['TOTAL'] });
    expect(rep.dimensionHeaders).toEqual([{ name: 'deviceCategory' }, { name: 'dateRange' }]);
    expect(new Set(rep.rows?.map((r) => dim(r, 1)))).toEqual(new Set(['date_range_0', 'last_week']));
    const week = await ok({ dateRanges: [ranges[1]], metrics: metricsOf(['sessions']) });
    const weekRows = (rep.rows ?? []).filter((r) => dim(r, 1) === 'last_week');
    expect(weekRows.reduce((a, r) => a + num(r, 0), 0)).toBe(num(week.rows?.[0], 0));
    expect(rep.totals?.map((r) => r.dimensionValues?.map((v) => v.value))).toEqual([['RESERVED_TOTAL', 'date_range_0'], ['RESERVED_TOTAL', 'last_week']]);
    expect(num(rep.totals?.[1], 0)).toBe(num(week.rows?.[0], 0));
  });

  it('relative dates resolve in the property time zone', async () => {
    const rel = await ok({ dateRanges: [{ startDate: '6daysAgo', endDate: 'yesterday' }], dimensions: [{ name: 'date' }], metrics: metricsOf(['sessions']), orderBys: [{ dimension: { dimensionName: 'date' } }] });
    expect(rel.rows?.map((r) => dim(r))).toEqual(['20260609', '20260610', '20260611', '20260612', '20260613', '20260614']);
  });
});

describe('paging, ordering and filters', () => {
  it('pages with limit/offset to the end; rowCount is the full count', async () => {
    const body = { dateRanges: [RANGE], dimensions: [{ name: 'date' }, { name: 'sessionDefaultChannelGroup' }], metrics: metricsOf(['sessions']), orderBys: [{ dimension: { dimensionName: 'date' } }, { metric: { metricName: 'sessions' }, desc: true }] };
    const full = await ok(body);
    const seen: Row[] = [];
    for (let offset = 0; ; offset += 70) {
      const page = await ok({ ...body, limit: 70, offset });
      expect(page.rowCount).toBe(full.rowCount);
      if (!page.rows) break;
      seen.push(...page.rows);
    }
    expect(seen).toEqual(full.rows);
    expect(seen.length).toBe(full.rowCount);
  });

  it('orders by a metric descending by default and by orderBys when given', async () => {
    const rep = await ok({ dateRanges: [RANGE], dimensions: [{ name: 'city' }], metrics: metricsOf(['sessions']) });
    const s = rep.rows?.map((r) => num(r, 0)) ?? [];
    expect([...s].sort((a, b) => b - a)).toEqual(s);
    const asc = await ok({ dateRanges: [RANGE], dimensions: [{ name: 'city' }], metrics: metricsOf(['sessions']), orderBys: [{ dimension: { dimensionName: 'city' } }] });
    const names = asc.rows?.map((r) => dim(r)) ?? [];
    expect([...names].sort()).toEqual(names);
  });

  it('dimensionFilter: stringFilter, inListFilter, andGroup and a dimension not in the request', async () => {
    const channels = await ok({ dateRanges: [RANGE], dimensions: [{ name: 'sessionDefaultChannelGroup' }], metrics: metricsOf(['sessions']) });
    const paidSocial = channels.rows?.find((r) => dim(r) === 'Paid Social');
    const filtered = await ok({ dateRanges: [RANGE], dimensions: [{ name: 'date' }], metrics: metricsOf(['sessions']), dimensionFilter: { filter: { fieldName: 'sessionDefaultChannelGroup', stringFilter: { value: 'paid social' } } } });
    expect(sumCol(filtered, 0)).toBe(num(paidSocial, 0));
    const both = await ok({
      dateRanges: [RANGE], dimensions: [{ name: 'deviceCategory' }, { name: 'sessionSource' }], metrics: metricsOf(['sessions']),
      dimensionFilter: { andGroup: { expressions: [
        { filter: { fieldName: 'deviceCategory', inListFilter: { values: ['desktop', 'tablet'] } } },
        { filter: { fieldName: 'sessionSource', stringFilter: { matchType: 'BEGINS_WITH', value: 'goo' } } },
      ] } },
    });
    expect(new Set(both.rows?.map((r) => dim(r, 0)))).toEqual(new Set(['desktop', 'tablet']));
    expect(new Set(both.rows?.map((r) => dim(r, 1)))).toEqual(new Set(['google']));
  });
});

describe('errors, metadata and batch', () => {
  it('rejects unknown names and incompatible combinations with GA4 wording', async () => {
    const dimErr = await run({ dateRanges: [RANGE], dimensions: [{ name: 'fooBar' }], metrics: metricsOf(['sessions']) });
    expect(dimErr.status).toBe(400);
    expect(JSON.parse(dimErr.text)).toEqual({ error: { code: 400, message: 'Field fooBar is not a valid dimension. For a list of valid dimensions and metrics, see https://developers.google.com/analytics/devguides/reporting/data/v1/api-schema', status: 'INVALID_ARGUMENT' } });
    const metErr = await run({ dateRanges: [RANGE], metrics: metricsOf(['pageViews']) });
    expect(metErr.status).toBe(400);
    expect(metErr.text).toContain('Field pageViews is not a valid metric.');
    const incompatible = await run({ dateRanges: [RANGE], dimensions: [{ name: 'itemName' }], metrics: metricsOf(['sessions', 'itemsPurchased']) });
    expect(incompatible.status).toBe(400);
    expect(incompatible.text).toContain("Please remove sessions to make the request compatible for example. The request's dimensions & metrics are incompatible.");
    const unknownField = await run({ dateRanges: [RANGE], metrics: metricsOf(['sessions']), dimension: [] });
    expect(unknownField.text).toContain('Unknown name \\"dimension\\": Cannot find field.');
  });

  it('getMetadata lists the supported API names, with renamed ones', async () => {
    const res = await fetch(`${p.baseUrl}/v1beta/properties/300000001/metadata`, { headers: { authorization: `Bearer ${token}` } });
    const body = await res.json() as { name: string; dimensions: Array<{ apiName: string }>; metrics: Array<{ apiName: string; type: string; deprecatedApiNames?: string[] }> };
    expect(body.name).toBe('properties/300000001/metadata');
    expect(body.dimensions.map((x) => x.apiName)).toEqual(expect.arrayContaining(['date', 'yearMonth', 'userAgeBracket', 'brandingInterest', 'pagePath', 'landingPage']));
    expect(body.metrics.find((x) => x.apiName === 'keyEvents')?.deprecatedApiNames).toEqual(['conversions']);
  });

  it('batchRunReports answers each report', async () => {
    const res = await fetch(`${p.baseUrl}/v1beta/properties/300000001:batchRunReports`, {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ requests: [{ dateRanges: [RANGE], metrics: metricsOf(['sessions']) }, { dateRanges: [RANGE], dimensions: [{ name: 'country' }], metrics: metricsOf(['sessions']) }] }),
    });
    const body = await res.json() as { kind: string; reports: Report[] };
    expect(body.kind).toBe('analyticsData#batchRunReports');
    expect(body.reports.map((r) => r.kind)).toEqual(['analyticsData#runReport', 'analyticsData#runReport']);
    expect(sumCol(body.reports[1]!, 0)).toBe(num(body.reports[0]!.rows?.[0], 0));
  });

  it('converts revenue when currencyCode is given', async () => {
    const usd = await ok({ dateRanges: [RANGE], metrics: metricsOf(['purchaseRevenue']), currencyCode: 'USD' });
    expect(usd.metadata.currencyCode).toBe('USD');
    expect(num(usd.rows?.[0], 0)).toBeCloseTo(num(totals.rows?.[0], 4) / 83.2, 0);
  });
});

describe('data agrees with the store and is deterministic', () => {
  it('daily ecommercePurchases stay within a few % below Shopify orders', async () => {
    const days = await ok({ dateRanges: [{ startDate: '2026-03-01', endDate: '2026-06-14' }], dimensions: [{ name: 'date' }], metrics: metricsOf(['ecommercePurchases', 'transactions']) });
    const merchant = findMerchant(p.ctx.world, 'demo');
    expect(days.rows?.length).toBe(106);
    for (const r of days.rows ?? []) {
      const d = dim(r);
      const orders = merchantDay(p.ctx.world.seed, merchant, `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}`).orders;
      expect(num(r, 1)).toBeLessThanOrEqual(orders);
      expect(num(r, 1) / orders).toBeGreaterThan(0.88);
      expect(num(r, 0) / orders).toBeLessThan(1.0);
    }
  });

  it('two instances with the same seed answer byte-identical bodies; another seed differs', async () => {
    const body = { dateRanges: [RANGE], dimensions: [{ name: 'date' }, { name: 'city' }], metrics: metricsOf(['sessions', 'totalUsers', 'purchaseRevenue', 'sessionKeyEventRate']) };
    const same = await startPlatform('ga4', ga4Emulator);
    const other = await startPlatform('ga4', ga4Emulator, { seed: 'another-seed' });
    try {
      const mint = (q: RunningPlatform) => q.ctx.tokens.issue({ kind: 'access', subject: DEMO_SUB, clientId: 'c', scope: READONLY, ttlSeconds: 3599 }).token;
      const a = await run(body);
      const b = await run(body, same.baseUrl, mint(same));
      const c = await run(body, other.baseUrl, mint(other));
      expect(b.text).toBe(a.text);
      expect(c.status).toBe(200);
      expect(c.text).not.toBe(a.text);
    } finally {
      await same.close();
      await other.close();
    }
  });

  it('history ends yesterday in the property time zone and moves with the clock', async () => {
    await fetch(`${p.baseUrl}/__admin/clock`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ now: '2026-06-16T06:00:00Z' }) });
    try {
      // a day later the morning's token has expired: mint a fresh one
      const fresh = p.ctx.tokens.issue({ kind: 'access', subject: DEMO_SUB, clientId: 'c', scope: READONLY, ttlSeconds: 3599 }).token;
      const r = await run({ dateRanges: [{ startDate: '2026-06-14', endDate: addDays('2026-06-14', 5) }], dimensions: [{ name: 'date' }], metrics: metricsOf(['sessions']) }, p.baseUrl, fresh);
      expect(r.status).toBe(200);
      const rep = r.json;
      expect(rep.rows?.map((r) => dim(r)).sort()).toEqual(['20260614', '20260615']);
    } finally {
      await fetch(`${p.baseUrl}/__admin/clock`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ now: '2026-06-15T06:00:00Z' }) });
    }
  });
});
