import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ga4Emulator } from '../src/ga4/app.js';
import { startPlatform, type RunningPlatform } from './harness.js';

// Enums in both proto3 JSON encodings, as Google's Node client sends them: numbers in the body and
// `$alt=json;enum-encoding=int` (URL-encoded as google-gax writes it) asking for numbers back.
const READONLY = 'https://www.googleapis.com/auth/analytics.readonly';
const DEMO_SUB = '100000000000000000001';
const RANGE = { startDate: '2026-05-16', endDate: '2026-06-14' };
const INT_ENUMS = '?$alt=json%3Benum-encoding=int';

let p: RunningPlatform;
let token: string;
beforeAll(async () => {
  p = await startPlatform('ga4', ga4Emulator);
  token = p.ctx.tokens.issue({ kind: 'access', subject: DEMO_SUB, clientId: p.ctx.world.apps.google.clientId, scope: READONLY, ttlSeconds: 3599 }).token;
});
afterAll(async () => p.close());

type Json = Record<string, unknown>;
async function call(path: string, body?: unknown): Promise<{ status: number; json: Json }> {
  const res = await fetch(`${p.baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Json };
}

// The request of issue 14, once with numbers and once with the names the numbers stand for.
const asNumbers = {
  dateRanges: [RANGE],
  dimensions: [{ name: 'sessionSource' }],
  metrics: [{ name: 'sessions' }],
  dimensionFilter: { filter: { fieldName: 'sessionSource', stringFilter: { matchType: 4, value: 'o' } } },
  metricFilter: { filter: { fieldName: 'sessions', numericFilter: { operation: 4, value: { int64Value: '10' } } } },
  metricAggregations: [1],
  orderBys: [{ dimension: { dimensionName: 'sessionSource', orderType: 1 } }],
};
const asNames = {
  ...asNumbers,
  dimensionFilter: { filter: { fieldName: 'sessionSource', stringFilter: { matchType: 'CONTAINS', value: 'o' } } },
  metricFilter: { filter: { fieldName: 'sessions', numericFilter: { operation: 'GREATER_THAN', value: { int64Value: '10' } } } },
  metricAggregations: ['TOTAL'],
  orderBys: [{ dimension: { dimensionName: 'sessionSource', orderType: 'ALPHANUMERIC' } }],
};

describe('GA4 enums as numbers (enum-encoding=int)', () => {
  it('runReport takes numeric matchType, operation, metricAggregations and orderType and means the same as the names', async () => {
    const ints = await call(`/v1beta/properties/300000001:runReport${INT_ENUMS}`, asNumbers);
    expect(ints.status, JSON.stringify(ints.json)).toBe(200);
    const names = await call('/v1beta/properties/300000001:runReport', asNames);
    expect(names.status).toBe(200);
    expect(ints.json.rows).toEqual(names.json.rows);
    expect(ints.json.totals).toEqual(names.json.totals);
    const rows = ints.json.rows as Array<{ dimensionValues: Array<{ value: string }>; metricValues: Array<{ value: string }> }>;
    expect(rows.length).toBeGreaterThan(1);
    const sources = rows.map((r) => r.dimensionValues[0]?.value ?? '');
    for (const s of sources) expect(s.toLowerCase()).toContain('o');
    expect([...sources].sort()).toEqual(sources);
    for (const r of rows) expect(Number(r.metricValues[0]?.value)).toBeGreaterThan(10);
    expect(ints.json.totals).toBeDefined();
  });

  it('answers enums as numbers when asked, and as names otherwise', async () => {
    const body = { dateRanges: [RANGE], metrics: [{ name: 'sessions' }, { name: 'purchaseRevenue' }, { name: 'engagementRate' }, { name: 'averageSessionDuration' }] };
    const ints = await call(`/v1beta/properties/300000001:runReport${INT_ENUMS}`, body);
    expect(ints.json.metricHeaders).toEqual([{ name: 'sessions', type: 1 }, { name: 'purchaseRevenue', type: 9 }, { name: 'engagementRate', type: 2 }, { name: 'averageSessionDuration', type: 4 }]);
    const names = await call('/v1beta/properties/300000001:runReport', body);
    expect(names.json.metricHeaders).toEqual([{ name: 'sessions', type: 'TYPE_INTEGER' }, { name: 'purchaseRevenue', type: 'TYPE_CURRENCY' }, { name: 'engagementRate', type: 'TYPE_FLOAT' }, { name: 'averageSessionDuration', type: 'TYPE_SECONDS' }]);
    // the unescaped form and the plain `alt` name are the same system parameter
    const plain = await call('/v1beta/properties/300000001:runReport?alt=json;enum-encoding=int', body);
    expect(plain.json.metricHeaders).toEqual(ints.json.metricHeaders);
  });

  it('batchRunReports, getMetadata and the Admin API answer in the encoding asked for', async () => {
    const batch = await call(`/v1beta/properties/300000001:batchRunReports${INT_ENUMS}`, { requests: [asNumbers] });
    expect(batch.status).toBe(200);
    expect((batch.json.reports as Json[])[0]?.metricHeaders).toEqual([{ name: 'sessions', type: 1 }]);
    const meta = await call(`/v1beta/properties/300000001/metadata${INT_ENUMS}`);
    const revenue = (meta.json.metrics as Json[]).find((m) => m.apiName === 'purchaseRevenue');
    expect(revenue?.type).toBe(9);
    const property = await call(`/v1beta/properties/300000001${INT_ENUMS}`);
    expect(property.json).toMatchObject({ propertyType: 1, industryCategory: 26, serviceLevel: 1 });
    const named = await call('/v1beta/properties/300000001');
    expect(named.json).toMatchObject({ propertyType: 'PROPERTY_TYPE_ORDINARY', industryCategory: 'SHOPPING', serviceLevel: 'GOOGLE_ANALYTICS_STANDARD' });
    const summaries = await call(`/v1beta/accountSummaries${INT_ENUMS}`);
    const first = (summaries.json.accountSummaries as Array<{ propertySummaries: Json[] }>)[0];
    expect(first?.propertySummaries[0]?.propertyType).toBe(1);
  });

  it('takes numbers written as strings, and refuses numbers the enum does not define, naming the field', async () => {
    const quoted = await call('/v1beta/properties/300000001:runReport', { ...asNumbers, metricAggregations: ['1'] });
    expect(quoted.status).toBe(200);
    const bad = await call(`/v1beta/properties/300000001:runReport${INT_ENUMS}`, { ...asNumbers, dimensionFilter: { filter: { fieldName: 'sessionSource', stringFilter: { matchType: 99, value: 'o' } } } });
    expect(bad.status).toBe(400);
    expect((bad.json.error as Json).message).toBe("Invalid value at 'string_filter.match_type' (type.googleapis.com/google.analytics.data.v1beta.Filter.StringFilter.MatchType), 99");
    const unspecified = await call('/v1beta/properties/300000001:runReport', { ...asNumbers, metricAggregations: [0] });
    expect(unspecified.status).toBe(400);
    expect((unspecified.json.error as Json).message).toContain("'metric_aggregations'");
    const orderType = await call('/v1beta/properties/300000001:runReport', { ...asNumbers, orderBys: [{ dimension: { dimensionName: 'sessionSource', orderType: 'SIDEWAYS' } }] });
    expect(orderType.status).toBe(400);
    expect((orderType.json.error as Json).message).toContain("'order_bys.dimension.order_type'");
  });

  it('MATCH_TYPE_UNSPECIFIED (0) is the same as no matchType: EXACT', async () => {
    const zero = await call('/v1beta/properties/300000001:runReport', { dateRanges: [RANGE], metrics: [{ name: 'sessions' }], dimensionFilter: { filter: { fieldName: 'deviceCategory', stringFilter: { matchType: 0, value: 'desktop' } } } });
    const absent = await call('/v1beta/properties/300000001:runReport', { dateRanges: [RANGE], metrics: [{ name: 'sessions' }], dimensionFilter: { filter: { fieldName: 'deviceCategory', stringFilter: { value: 'desktop' } } } });
    expect(zero.status).toBe(200);
    expect(zero.json.rows).toEqual(absent.json.rows);
    expect(zero.json.rows).toBeDefined();
  });
});
