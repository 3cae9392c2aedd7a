import { BetaAnalyticsDataClient, protos } from '@google-analytics/data';
import { OAuth2Client } from 'google-auth-library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ga4Emulator } from '../../src/ga4/app.js';
import { startPlatform, type RunningPlatform } from '../harness.js';

// Google's GA4 Data API client in its REST fallback (google-gax: numbers for enums, `$alt=json;enum-encoding=int`,
// proto3 JSON decoding of the answer), driving the calls our GA4 sync makes: batchRunReports of daily reports by
// date and by dimension, filtered and ordered, with totals. The client builds root paths (/v1beta/...), so the
// emulator is served at the root here.
const READONLY = 'https://www.googleapis.com/auth/analytics.readonly';
const DEMO_SUB = '100000000000000000001';
const PROPERTY = 'properties/300000001';
const RANGE = { startDate: '2026-06-01', endDate: '2026-06-14' };
type RunReportRequest = protos.google.analytics.data.v1beta.IRunReportRequest;
// google-gax bundles its own copy of google-auth-library; an OAuth2Client from ours is the same class at run time
type GaxAuthClient = NonNullable<ConstructorParameters<typeof BetaAnalyticsDataClient>[0]>['authClient'];

let p: RunningPlatform;
let client: BetaAnalyticsDataClient;
beforeAll(async () => {
  p = await startPlatform('ga4', ga4Emulator, { prefix: '' });
  const token = p.ctx.tokens.issue({ kind: 'access', subject: DEMO_SUB, clientId: p.ctx.world.apps.google.clientId, scope: READONLY, ttlSeconds: 3599 }).token;
  const auth = new OAuth2Client();
  auth.setCredentials({ access_token: token });
  const url = new URL(p.baseUrl);
  client = new BetaAnalyticsDataClient({ fallback: true, authClient: auth as unknown as GaxAuthClient, apiEndpoint: url.hostname, port: Number(url.port), protocol: 'http' });
});
afterAll(async () => {
  await client.close();
  await p.close();
});

describe('@google-analytics/data (REST fallback) against the GA4 emulator', () => {
  it('batchRunReports: daily funnel and channel reports, as our sync asks for them', async () => {
    const requests: RunReportRequest[] = [
        {
          dateRanges: [RANGE], dimensions: [{ name: 'date' }],
          metrics: [{ name: 'sessions' }, { name: 'addToCarts' }, { name: 'ecommercePurchases' }, { name: 'purchaseRevenue' }],
          orderBys: [{ dimension: { dimensionName: 'date', orderType: 'NUMERIC' } }],
          metricAggregations: [protos.google.analytics.data.v1beta.MetricAggregation.TOTAL],
          keepEmptyRows: true,
        },
        {
          dateRanges: [RANGE], dimensions: [{ name: 'date' }, { name: 'sessionDefaultChannelGroup' }], metrics: [{ name: 'sessions' }],
          dimensionFilter: { filter: { fieldName: 'sessionDefaultChannelGroup', stringFilter: { matchType: 'CONTAINS', value: 'paid' } } },
          metricFilter: { filter: { fieldName: 'sessions', numericFilter: { operation: 'GREATER_THAN', value: { int64Value: '0' } } } },
          limit: 10_000,
        },
      ];
    const [batch] = await client.batchRunReports({ property: PROPERTY, requests });
    const [daily, channels] = batch.reports ?? [];
    expect(daily?.metricHeaders?.map((h) => h.type)).toEqual(['TYPE_INTEGER', 'TYPE_INTEGER', 'TYPE_INTEGER', 'TYPE_CURRENCY']);
    expect(daily?.rows?.map((r) => r.dimensionValues?.[0]?.value)).toEqual(Array.from({ length: 14 }, (_, i) => `202606${String(i + 1).padStart(2, '0')}`));
    const sessions = (daily?.rows ?? []).reduce((a, r) => a + Number(r.metricValues?.[0]?.value), 0);
    expect(Number(daily?.totals?.[0]?.metricValues?.[0]?.value)).toBe(sessions);
    expect(daily?.metadata?.currencyCode).toBe('INR');
    expect(Number(daily?.rowCount)).toBe(14);
    const groups = new Set(channels?.rows?.map((r) => r.dimensionValues?.[1]?.value));
    expect(groups.size).toBeGreaterThan(0);
    for (const g of groups) expect(g?.toLowerCase()).toContain('paid');
    for (const r of channels?.rows ?? []) expect(Number(r.metricValues?.[0]?.value)).toBeGreaterThan(0);
  });

  it('runReport and getMetadata decode, and a bad request surfaces with the status and message Google sends', async () => {
    const [report] = await client.runReport({ property: PROPERTY, dateRanges: [RANGE], metrics: [{ name: 'engagementRate' }], returnPropertyQuota: true });
    expect(report.metricHeaders?.[0]).toMatchObject({ name: 'engagementRate', type: 'TYPE_FLOAT' });
    expect(report.propertyQuota?.tokensPerDay?.consumed).toBeGreaterThanOrEqual(0);
    const [metadata] = await client.getMetadata({ name: `${PROPERTY}/metadata` });
    expect(metadata.metrics?.find((m) => m.apiName === 'purchaseRevenue')?.type).toBe('TYPE_CURRENCY');
    await expect(client.runReport({ property: PROPERTY, dateRanges: [RANGE], metrics: [{ name: 'fooBar' }] }))
      .rejects.toMatchObject({ status: 400, message: expect.stringContaining('Field fooBar is not a valid metric') });
  });
});
