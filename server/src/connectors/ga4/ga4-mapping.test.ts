import { describe, expect, it } from 'vitest';
import {
  GA4_PAGE_SCOPED_DIMENSIONS, GA4_REPORT_DIMENSIONS, GA4_REPORT_DIMENSION_NAMES, ga4Date, parseGa4Rows, toCount, toGa4DailyRow,
  toGa4DimensionDailyRow, toMoney, type Ga4RunReportResponse,
} from './ga4-mapping.js';

const metricHeaders = [
  { name: 'sessions', type: 'TYPE_INTEGER' }, { name: 'addToCarts', type: 'TYPE_INTEGER' }, { name: 'checkouts', type: 'TYPE_INTEGER' },
  { name: 'ecommercePurchases', type: 'TYPE_INTEGER' }, { name: 'purchaseRevenue', type: 'TYPE_CURRENCY' },
];

// Shapes as the Data API sends them (platform-apis.md 4.3): all values strings, proto3 omissions.
const channelReport: Ga4RunReportResponse = {
  dimensionHeaders: [{ name: 'date' }, { name: 'sessionDefaultChannelGroup' }],
  metricHeaders,
  rows: [
    { dimensionValues: [{ value: '20260105' }, { value: 'Paid Search' }], metricValues: [{ value: '812' }, { value: '61' }, { value: '35' }, { value: '27' }, { value: '2450.7512' }] },
    { dimensionValues: [{ value: '20260106' }, { value: '(not set)' }], metricValues: [{ value: '3' }, { value: '0' }, { value: '0' }, { value: '0' }, { value: '0' }] },
  ],
  rowCount: 2,
  metadata: { currencyCode: 'INR', timeZone: 'Asia/Kolkata' },
};

describe('GA4 mapping', () => {
  it('given a date x channel report, when parsed, then dates are ISO days, counts numbers and revenue cents', () => {
    expect(parseGa4Rows(channelReport, 'sessionDefaultChannelGroup')).toEqual([
      { date: '2026-01-05', value: 'Paid Search', sessions: 812, addToCarts: 61, checkouts: 35, purchases: 27, purchaseRevenue: '2450.75' },
      { date: '2026-01-06', value: '(not set)', sessions: 3, addToCarts: 0, checkouts: 0, purchases: 0, purchaseRevenue: '0.00' },
    ]);
  });

  it('given metric columns in another order, when parsed, then values are read by header name', () => {
    const report: Ga4RunReportResponse = {
      dimensionHeaders: [{ name: 'date' }],
      metricHeaders: [...metricHeaders].reverse(),
      rows: [{ dimensionValues: [{ value: '20260301' }], metricValues: [{ value: '196040.7' }, { value: '9' }, { value: '14' }, { value: '30' }, { value: '400' }] }],
    };
    expect(parseGa4Rows(report)).toEqual([{ date: '2026-03-01', sessions: 400, addToCarts: 30, checkouts: 14, purchases: 9, purchaseRevenue: '196040.70' }]);
  });

  it('given a report with no data (rows and rowCount omitted), when parsed, then there are no rows', () => {
    expect(parseGa4Rows({ dimensionHeaders: [{ name: 'date' }], metricHeaders, metadata: { currencyCode: 'INR' } })).toEqual([]);
  });

  it('given proto3-omitted empty values, when parsed, then the dimension value is "" and the metric 0', () => {
    const report: Ga4RunReportResponse = {
      dimensionHeaders: [{ name: 'date' }, { name: 'pageTitle' }],
      metricHeaders,
      rows: [{ dimensionValues: [{ value: '20260301' }, {}], metricValues: [{ value: '5' }, {}, {}, {}, {}] }],
    };
    expect(parseGa4Rows(report, 'pageTitle')[0]).toMatchObject({ value: '', sessions: 5, addToCarts: 0, purchaseRevenue: '0.00' });
  });

  it('given a response missing a requested column, when parsed, then it fails loudly', () => {
    expect(() => parseGa4Rows({ ...channelReport, metricHeaders: metricHeaders.slice(1) }, 'sessionDefaultChannelGroup')).toThrow(/sessions/);
    expect(() => parseGa4Rows(channelReport, 'country')).toThrow(/country/);
  });

  it('given GA4 dates and numbers, when converted, then units follow the wire format', () => {
    expect(ga4Date('20241231')).toBe('2024-12-31');
    expect(() => ga4Date('2024-12-31')).toThrow();
    expect(toCount('1240')).toBe(1240);
    expect(toCount(undefined)).toBe(0);
    expect(() => toCount('n/a')).toThrow();
    expect(toMoney('12')).toBe('12.00');
    expect(toMoney('0.005')).toBe('0.01');
    expect(toMoney('0.004999')).toBe('0.00');
    expect(toMoney('-1.005')).toBe('-1.01');
    expect(toMoney('-0.001')).toBe('0.00');
    expect(toMoney('123456789012.999')).toBe('123456789013.00');
    expect(toMoney('1.5E-7')).toBe('0.00');
    expect(toMoney('2.5e3')).toBe('2500.00');
  });

  it('given parsed rows, when mapped to facts, then brand and property lead the natural key', () => {
    const [row] = parseGa4Rows(channelReport, 'sessionDefaultChannelGroup');
    const keys = { brandId: 'b1', propertyId: '300000001' };
    expect(toGa4DimensionDailyRow(keys, 'channel', row!)).toEqual({
      brandId: 'b1', propertyId: '300000001', dimension: 'channel', value: 'Paid Search', date: '2026-01-05',
      sessions: 812, addToCarts: 61, checkouts: 35, purchases: 27, purchaseRevenue: '2450.75',
    });
    expect(toGa4DailyRow(keys, row!)).not.toHaveProperty('value');
  });

  it('names the 15 conversion-report dimensions once each, with page scope only on page path and title', () => {
    expect(GA4_REPORT_DIMENSION_NAMES).toEqual(['age', 'gender', 'interest', 'device', 'operatingSystem', 'browser', 'source', 'channel', 'campaign', 'country', 'city', 'region', 'landingPage', 'pagePath', 'pageTitle']);
    expect(new Set(Object.values(GA4_REPORT_DIMENSIONS)).size).toBe(15);
    expect([...GA4_PAGE_SCOPED_DIMENSIONS]).toEqual(['pagePath', 'pageTitle']);
  });
});
