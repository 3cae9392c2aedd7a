import { describe, expect, it } from 'vitest';
import { BREAKDOWN_RUNS, collapseBreakdownRows } from './meta-breakdowns.js';

const ctx = { brandId: 'b', accountId: 'act_1' };
const run = (stored: string) => BREAKDOWN_RUNS.find((r) => r.outputs.some((o) => o.breakdown === stored))!;
const ageByGender = { breakdowns: ['age', 'gender'], outputs: [{ breakdown: 'age', keys: ['age'] }, { breakdown: 'gender', keys: ['gender'] }] };
const purchase = (n: string, v: string) => ({
  actions: [{ action_type: 'omni_purchase', value: n }, { action_type: 'purchase', value: n }],
  action_values: [{ action_type: 'omni_purchase', value: v }, { action_type: 'purchase', value: v }],
});

describe('collapseBreakdownRows', () => {
  it('given an age x gender run, when collapsed, then age and gender rows each sum the cells exactly', () => {
    const rows = [
      { age: '25-34', gender: 'female', date_start: '2026-03-01', date_stop: '2026-03-01', spend: '10.10', impressions: '100', clicks: '5', inline_link_clicks: '3', ...purchase('1', '0.10') },
      { age: '25-34', gender: 'male', date_start: '2026-03-01', date_stop: '2026-03-01', spend: '0.20', impressions: '50', clicks: '1', ...purchase('2', '0.20') },
      { age: '35-44', gender: 'male', date_start: '2026-03-01', date_stop: '2026-03-01', spend: '1.00', impressions: '10' },
    ];
    const out = collapseBreakdownRows(rows, ageByGender, ctx);
    expect(out.map((r) => [r.breakdown, r.value, r.spend, r.impressions, r.clicks, r.purchases, r.purchaseValue])).toEqual([
      ['age', '25-34', '10.30', 150, 6, 3, '0.30'],
      ['age', '35-44', '1.00', 10, 0, 0, '0.00'],
      ['gender', 'female', '10.10', 100, 5, 1, '0.10'],
      ['gender', 'male', '1.20', 60, 1, 2, '0.20'],
    ]);
    expect(out[0]).toMatchObject({ brandId: 'b', accountId: 'act_1', date: '2026-03-01', linkClicks: 3 });
    // reach is not summed out of cells (not additive): the rows do not carry it
    expect(out.every((r) => !('reach' in r))).toBe(true);
  });

  it('given the placement run, when collapsed, then placements are platform/position (positions repeat across platforms)', () => {
    const day = { date_start: '2026-03-02', date_stop: '2026-03-02' };
    const rows = [
      { ...day, publisher_platform: 'facebook', platform_position: 'feed', spend: '2.00', impressions: '20' },
      { ...day, publisher_platform: 'facebook', platform_position: 'marketplace', spend: '1.00', impressions: '10' },
      { ...day, publisher_platform: 'instagram', platform_position: 'feed', spend: '4.00', impressions: '40' },
    ];
    const out = collapseBreakdownRows(rows, run('platform_position'), ctx);
    expect(out.map((r) => [r.breakdown, r.value, r.spend])).toEqual([
      ['platform_position', 'facebook/feed', '2.00'],
      ['platform_position', 'facebook/marketplace', '1.00'],
      ['platform_position', 'instagram/feed', '4.00'],
    ]);
  });

  it('given the run plan, when listed, then every report tab has its own run (Meta rounds per breakdown asked for) and Meta groups are never mixed', () => {
    const stored = BREAKDOWN_RUNS.flatMap((r) => r.outputs.map((o) => o.breakdown)).sort();
    expect(stored).toEqual(['age', 'country', 'gender', 'impression_device', 'platform_position', 'publisher_platform', 'user_segment_key']);
    const group: Record<string, string> = { age: 'demo', gender: 'demo', country: 'geo', publisher_platform: 'delivery', platform_position: 'delivery', impression_device: 'delivery', user_segment_key: 'segment' };
    for (const r of BREAKDOWN_RUNS) expect(new Set(r.breakdowns.map((b) => group[b])).size).toBe(1);
    // one stored breakdown per run: nothing is summed out of a cross product
    expect(BREAKDOWN_RUNS.map((r) => r.outputs.length)).toEqual([1, 1, 1, 1, 1, 1, 1]);
    expect(run('age').breakdowns).toEqual(['age']);
    expect(run('gender').breakdowns).toEqual(['gender']);
    expect(run('publisher_platform').breakdowns).toEqual(['publisher_platform']);
  });
});
