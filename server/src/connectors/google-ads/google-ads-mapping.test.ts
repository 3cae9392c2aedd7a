import { describe, expect, it } from 'vitest';
import {
  decimal, int64, mapCampaignRows, mapDemographicRows, mapKeywordRows, mapProductViewRows, mapSearchTermRows, mapShoppingProducts, type AdsRow,
} from './google-ads-mapping.js';

// Payloads are GoogleAdsRow JSON as searchStream sends them (platform-apis.md 3.3): int64 as strings,
// doubles as numbers, zero fields omitted, lowerCamelCase keys.
const ctx = { brandId: 'b1', customerId: '2345678901' };

const campaignRow: AdsRow = {
  campaign: { id: '20931540017', name: 'Brand | Exact', status: 'ENABLED', advertisingChannelType: 'SEARCH' },
  metrics: { clicks: '272', conversions: 14.12, conversionsValue: 22720.74, costMicros: '1776360000', impressions: '1329' },
  segments: { date: '2026-06-10' },
};

describe('Google Ads numbers on the wire', () => {
  it('given int64 strings, when parsed, then they are exact numbers and missing is 0', () => {
    expect(int64('1776360000')).toBe(1_776_360_000);
    expect(int64(undefined)).toBe(0);
    expect(() => int64('9007199254740993')).toThrow(/safe integer/);
  });

  it('given summed doubles, when written as decimals, then the binary noise is gone and nothing is rounded to a scale', () => {
    expect(decimal(0.1 + 0.2)).toBe('0.3');
    expect(decimal(22720.74)).toBe('22720.74');
    expect(decimal(1.005)).toBe('1.005');
    expect(decimal(undefined)).toBe('0');
  });
});

describe('campaign rows', () => {
  it('given a campaign-day row, when mapped, then cost stays in micros and conversions are decimal strings', () => {
    expect(mapCampaignRows(ctx, [campaignRow])).toEqual([{
      brandId: 'b1', customerId: '2345678901', campaignId: '20931540017', date: '2026-06-10', campaignName: 'Brand | Exact', status: 'ENABLED',
      channelType: 'SEARCH', costMicros: 1_776_360_000, impressions: 1329, clicks: 272, conversions: '14.12', conversionsValue: '22720.74',
    }]);
  });

  it('given a row whose metrics are all zero and omitted, when mapped, then its metrics are 0 (not missing)', () => {
    const [row] = mapCampaignRows(ctx, [{ campaign: { id: '1', name: 'Paused', status: 'PAUSED' }, segments: { date: '2026-06-10' } }]);
    expect(row).toMatchObject({ costMicros: 0, impressions: 0, clicks: 0, conversions: '0', conversionsValue: '0.00', channelType: null });
  });

  it('given no rows for a day, when mapped, then there is no fact row for it', () => {
    expect(mapCampaignRows(ctx, [])).toEqual([]);
  });

  it('given a row without segments.date, when mapped, then it fails loudly instead of inventing a day', () => {
    expect(() => mapCampaignRows(ctx, [{ campaign: { id: '1' } }])).toThrow(/segments.date/);
  });
});

describe('search terms and keywords', () => {
  const term = (id: string, matchType: string | undefined, cost: string): AdsRow => ({
    adGroup: { id, name: 'Brand - Core' },
    campaign: { id: '20931540017', name: 'Brand | Exact' },
    searchTermView: { searchTerm: 'parallels', status: 'ADDED' },
    metrics: { clicks: '80', conversions: 4.09, conversionsValue: 6615.35, costMicros: cost, impressions: '431' },
    segments: { date: '2026-06-10', ...(matchType ? { searchTermMatchType: matchType } : {}) },
  });

  it('given one term in two ad groups and two match types, when mapped, then each keeps its own key with names and attributes', () => {
    const rows = mapSearchTermRows(ctx, [term('151011315547', 'EXACT', '537240000'), term('151011315547', 'NEAR_EXACT', '1000000'), term('150000000001', 'EXACT', '2000000')]);
    expect(rows.map((r) => r.key)).toEqual(['parallels|EXACT|151011315547', 'parallels|NEAR_EXACT|151011315547', 'parallels|EXACT|150000000001']);
    expect(rows[0]).toMatchObject({
      view: 'search_term', label: 'parallels', campaignId: '20931540017', campaignName: 'Brand | Exact', adGroupId: '151011315547', adGroupName: 'Brand - Core',
      attributes: { matchType: 'EXACT', status: 'ADDED' }, costMicros: 537_240_000, conversionsValue: '6615.35',
    });
  });

  it('given a Shopping search term (no match type), when mapped, then the attribute is left out rather than invented', () => {
    const [row] = mapSearchTermRows(ctx, [term('1', undefined, '10')]);
    expect(row).toMatchObject({ key: 'parallels||1', attributes: { status: 'ADDED' } });
  });

  it('given a keyword row, when mapped, then it is keyed adGroup~criterion like its resource name', () => {
    const [row] = mapKeywordRows(ctx, [{
      adGroup: { id: '151011315547', name: 'Brand - Core' },
      adGroupCriterion: { criterionId: '302645948888', keyword: { text: 'parallels', matchType: 'EXACT' }, status: 'ENABLED' },
      campaign: { id: '20931540017', name: 'Brand | Exact' },
      metrics: { clicks: '87', conversions: 2.49, conversionsValue: 3994.32, costMicros: '526030000', impressions: '424' },
      segments: { date: '2026-06-10' },
    }]);
    expect(row).toMatchObject({ view: 'keyword', key: '151011315547~302645948888', label: 'parallels', attributes: { matchType: 'EXACT', status: 'ENABLED' }, clicks: 87, conversions: '2.49' });
  });
});

describe('age and gender', () => {
  const age = (type: string, day: string, cost: string, conv: number): AdsRow => ({
    adGroupCriterion: { ageRange: { type } }, metrics: { clicks: '36', conversions: conv, conversionsValue: 0.1, costMicros: cost, impressions: '186' }, segments: { date: day },
  });

  it('given one age range in several ad groups, when mapped, then they are summed per day with no campaign or ad group', () => {
    const rows = mapDemographicRows(ctx, 'age', [age('AGE_RANGE_18_24', '2026-06-10', '264520000', 0.97), age('AGE_RANGE_18_24', '2026-06-10', '1000000', 0.01), age('AGE_RANGE_18_24', '2026-06-11', '5', 1)]);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      view: 'age', key: 'AGE_RANGE_18_24', label: 'AGE_RANGE_18_24', date: '2026-06-10', campaignId: null, adGroupId: null,
      costMicros: 265_520_000, clicks: 72, impressions: 372, conversions: '0.98', conversionsValue: '0.20',
    });
  });

  it('given a gender row, when mapped, then the gender enum is key and label', () => {
    const [row] = mapDemographicRows(ctx, 'gender', [{ adGroupCriterion: { gender: { type: 'FEMALE' } }, metrics: { costMicros: '1070630000' }, segments: { date: '2026-06-10' } }]);
    expect(row).toMatchObject({ view: 'gender', key: 'FEMALE', label: 'FEMALE', costMicros: 1_070_630_000, clicks: 0 });
  });
});

describe('products', () => {
  it('given a shopping_performance_view row, when mapped, then the item id is the key and types and categories become paths', () => {
    const [row] = mapProductViewRows(ctx, [{
      metrics: { clicks: '24', conversions: 0.28, conversionsValue: 509.3, costMicros: '177120000', impressions: '2510' },
      segments: {
        date: '2026-06-10', productBrand: 'Noor & Co.', productCategoryLevel1: 'Apparel & Accessories', productCategoryLevel2: 'Clothing',
        productCategoryLevel3: 'Traditional & Ceremonial Clothing', productCategoryLevel4: 'Saris & Lehengas', productItemId: 'shopify_in_8412345600000_41000000000000',
        productTitle: 'Mustard Yellow Linen Saree with Woven Motifs', productTypeL1: 'women', productTypeL2: 'sarees', productTypeL3: 'linen sarees',
      },
    }]);
    expect(row).toMatchObject({
      view: 'product', key: 'shopify_in_8412345600000_41000000000000', label: 'Mustard Yellow Linen Saree with Woven Motifs', campaignId: null,
      attributes: {
        title: 'Mustard Yellow Linen Saree with Woven Motifs', brand: 'Noor & Co.', productType: 'women > sarees > linen sarees',
        category: 'Apparel & Accessories > Clothing > Traditional & Ceremonial Clothing > Saris & Lehengas',
      },
      costMicros: 177_120_000, conversionsValue: '509.30',
    });
  });

  it('given a shopping_product with issues, when mapped, then the item id is lower-cased to join the view and issues keep description and severity', () => {
    const [p] = mapShoppingProducts(ctx, [{
      shoppingProduct: {
        itemId: 'shopify_IN_8412345631676_41000000418916', title: 'Maroon Kanjivaram Silk Saree with Sequin Work', brand: 'Noor & Co.',
        categoryLevel1: 'Apparel & Accessories', categoryLevel2: 'Clothing', productTypeLevel1: 'Women', productTypeLevel2: 'Sarees', status: 'NOT_ELIGIBLE',
        issues: [
          { errorCode: 'price_mismatch', adsSeverity: 'ERROR', description: 'Mismatched value (page crawl) [price]' },
          { errorCode: 'missing_gtin', adsSeverity: 'WARNING', description: 'Missing value [gtin]' },
        ],
      },
    }]);
    expect(p).toEqual({
      brandId: 'b1', customerId: '2345678901', itemId: 'shopify_in_8412345631676_41000000418916', title: 'Maroon Kanjivaram Silk Saree with Sequin Work',
      brand: 'Noor & Co.', productType: 'Women > Sarees', category: 'Apparel & Accessories > Clothing', status: 'NOT_ELIGIBLE',
      issues: [{ description: 'Mismatched value (page crawl) [price]', severity: 'ERROR' }, { description: 'Missing value [gtin]', severity: 'WARNING' }],
    });
  });

  it('given an eligible product with no issues or types, when mapped, then issues are empty and paths are null', () => {
    const [p] = mapShoppingProducts(ctx, [{ shoppingProduct: { itemId: 'A1', status: 'ELIGIBLE' } }]);
    expect(p).toMatchObject({ itemId: 'a1', title: 'a1', brand: null, productType: null, category: null, issues: [] });
  });
});
