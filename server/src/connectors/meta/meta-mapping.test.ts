import { describe, expect, it } from 'vitest';
import { PlatformError } from '../platform-error.js';
import { centsToAmount } from '@parallels/contract/money';
import { mapAdsetInterests, mapCampaign, mapDeliveryRow, metaCents, pickAction, toCount } from './meta-mapping.js';

const ctx = { brandId: 'brand-1', accountId: 'act_1234567890' };

// The example row of platform-apis.md 1.6 (level=campaign, time_increment=1), aliases and all.
const campaignDay = {
  account_id: '1234567890', campaign_id: '120210000000000001', campaign_name: 'Prospecting - US',
  date_start: '2026-01-05', date_stop: '2026-01-05',
  spend: '412.37', impressions: '58210', clicks: '1104', cpc: '0.373524', ctr: '1.896581', reach: '41393', frequency: '1.406276',
  inline_link_clicks: '802', unique_inline_link_clicks: '731',
  outbound_clicks: [{ action_type: 'outbound_click', value: '744' }],
  actions: [
    { action_type: 'link_click', value: '802' },
    { action_type: 'landing_page_view', value: '611' },
    { action_type: 'video_view', value: '9120' },
    { action_type: 'add_to_cart', value: '74' },
    { action_type: 'omni_add_to_cart', value: '74' },
    { action_type: 'initiate_checkout', value: '31' },
    { action_type: 'omni_initiated_checkout', value: '31' },
    { action_type: 'offsite_conversion.fb_pixel_purchase', value: '12' },
    { action_type: 'omni_purchase', value: '12' },
    { action_type: 'purchase', value: '12' },
  ],
  action_values: [
    { action_type: 'offsite_conversion.fb_pixel_purchase', value: '1380.40' },
    { action_type: 'omni_purchase', value: '1380.40' },
    { action_type: 'purchase', value: '1380.40' },
  ],
  purchase_roas: [{ action_type: 'omni_purchase', value: '3.347479' }],
};

describe('Meta numbers on the wire', () => {
  it('given money strings, when converted to cents, then there is no float drift', () => {
    expect(metaCents('412.37')).toBe(41237);
    expect(metaCents('0.1')).toBe(10);
    expect(metaCents('12')).toBe(1200);
    expect(metaCents('1380.4')).toBe(138040);
    expect(metaCents('1.005')).toBe(101);
    expect(metaCents(undefined)).toBe(0);
    expect(metaCents('Not available')).toBe(0);
    expect(centsToAmount(41237 + 10)).toBe('412.47');
    expect(centsToAmount(5)).toBe('0.05');
    expect(centsToAmount(-1250)).toBe('-12.50');
    // 0.1 + 0.2 in floats is 0.30000000000000004; in cents it is exact
    expect(centsToAmount(metaCents('0.1') + metaCents('0.2'))).toBe('0.30');
  });

  it('given string counts, absent metrics or "Not available", when parsed, then they are integers (absent = 0)', () => {
    expect(toCount('58210')).toBe(58210);
    expect(toCount(undefined)).toBe(0);
    expect(toCount('Not available')).toBe(0);
  });

  it('given overlapping purchase aliases, when one is picked, then it is the first by precedence and never a sum', () => {
    const aliases = ['omni_purchase', 'purchase', 'offsite_conversion.fb_pixel_purchase'];
    expect(pickAction(campaignDay.actions, aliases)).toBe('12');
    expect(pickAction([{ action_type: 'purchase', value: '7' }, { action_type: 'offsite_conversion.fb_pixel_purchase', value: '9' }], aliases)).toBe('7');
    expect(pickAction([{ action_type: 'offsite_conversion.fb_pixel_purchase', value: '9' }], aliases)).toBe('9');
    expect(pickAction(undefined, aliases)).toBeUndefined();
  });
});

describe('mapDeliveryRow', () => {
  it('given a campaign day with every alias, when mapped, then each event is counted once and ratios are not stored', () => {
    expect(mapDeliveryRow(campaignDay, 'campaign', ctx)).toEqual({
      brandId: 'brand-1', accountId: 'act_1234567890', level: 'campaign', entityId: '120210000000000001', date: '2026-01-05',
      campaignId: '120210000000000001', campaignName: 'Prospecting - US', adsetId: null, adsetName: null,
      spend: '412.37', impressions: 58210, clicks: 1104, reach: 41393, linkClicks: 802, uniqueLinkClicks: 731, outboundClicks: 744,
      landingPageViews: 611, addToCart: 74, initiateCheckout: 31, purchases: 12, purchaseValue: '1380.40', videoThreeSecondViews: 9120,
    });
  });

  it('given an ad set day with no conversions (lists absent), when mapped, then the conversions are zero and the ad set is named', () => {
    const row = mapDeliveryRow({ campaign_id: 'c1', campaign_name: 'C', adset_id: 's1', adset_name: 'S', date_start: '2026-02-01', date_stop: '2026-02-01', spend: '3.10', impressions: '400' }, 'adset', ctx);
    expect(row).toMatchObject({ level: 'adset', entityId: 's1', adsetId: 's1', adsetName: 'S', spend: '3.10', impressions: 400, clicks: 0, purchases: 0, purchaseValue: '0.00', reach: 0 });
  });

  it('given a row spanning several days, when mapped, then it is refused rather than stored as one day', () => {
    expect(() => mapDeliveryRow({ ...campaignDay, date_stop: '2026-01-31' }, 'campaign', ctx)).toThrow(PlatformError);
  });
});

describe('mapCampaign and mapAdsetInterests', () => {
  it('given an archived campaign, when mapped, then status, effective status and objective are kept', () => {
    expect(mapCampaign({ id: '1202', name: 'Sale | Diwali', status: 'ARCHIVED', effective_status: 'ARCHIVED', objective: 'OUTCOME_SALES' }, ctx)).toEqual({
      brandId: 'brand-1', accountId: 'act_1234567890', campaignId: '1202', name: 'Sale | Diwali', status: 'ARCHIVED', effectiveStatus: 'ARCHIVED', objective: 'OUTCOME_SALES',
    });
  });

  it('given targeting with flexible_spec groups, legacy interests and exclusions (reference 1.5), when mapped, then each targeted interest appears once', () => {
    const adset = {
      id: 's9', campaign_id: 'c9', name: 'Interests',
      targeting: {
        age_min: 25, age_max: 54, interests: [{ id: '6003139266461', name: 'Running' }],
        flexible_spec: [
          { interests: [{ id: '6003107902433', name: 'Yoga' }, { id: '6003384248805', name: 'Fitness and wellness' }], behaviors: [{ id: '6002714895372', name: 'Engaged Shoppers' }] },
          { interests: [{ id: '6003107902433', name: 'Yoga' }] },
        ],
        exclusions: { interests: [{ id: '600999', name: 'Excluded' }] },
      },
    };
    expect(mapAdsetInterests(adset, ctx).map((r) => [r.interestId, r.interestName, r.adsetId, r.campaignId])).toEqual([
      ['6003139266461', 'Running', 's9', 'c9'],
      ['6003107902433', 'Yoga', 's9', 'c9'],
      ['6003384248805', 'Fitness and wellness', 's9', 'c9'],
    ]);
    expect(mapAdsetInterests({ id: 's1', campaign_id: 'c1', targeting: { custom_audiences: [{ id: '1', name: 'Buyers' }] } }, ctx)).toEqual([]);
  });
});
