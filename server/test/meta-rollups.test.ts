import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { insertBrand } from '../src/modules/brands/brands.sql.js';
import { createTestApp, DB_KINDS, sessionCookie, type TestApp } from './test-app.js';
import { daysOf, subscribeBrand } from './reports-seed.js';
import { seedMetaFacts } from './meta-seed.js';
import type { metaAdDaily } from '../src/db/facts-schema.js';
import { metaCampaignResponseSchema } from '@parallels/contract/meta-campaigns';
import { metaInterestResponseSchema } from '@parallels/contract/meta-interest';
import { queryRows } from '../src/db/client.js';
import { campaignSums } from '../src/modules/meta-campaigns/meta-campaigns.sql.js';
import { interestSums } from '../src/modules/meta-interest/meta-interest.sql.js';
import { writeWindowFacts } from '../src/sync/facts-writer.sql.js';

// meta_ad_monthly, meta_interest_daily and meta_interest_monthly (migration 0016): the window writer keeps it equal to meta_ad_daily summed per entity and month,
// after a backfill in windows that split a month and after a refresh that rewrites days (one campaign gone from
// them), and campaign analysis answers the same figures whether a range is read from whole months, edge days or
// both. The months to date (migration 0026): any range, with partial months at both ends or inside one month,
// sums exactly what the daily rows of the range sum. Clock: 2026-03-15 12:00 UTC (Asia/Kolkata: today 2026-03-15).
const NOW = new Date('2026-03-15T12:00:00Z');
const ORIGIN = 'http://localhost:3000';

type Row = typeof metaAdDaily.$inferInsert;

/** Day i's delivery of campaign c (and its one ad set): figures that differ day by day, with cents. */
function rowsOf(brandId: string, days: string[], version: number, campaigns: string[]): Row[] {
  return days.flatMap((date) => {
    const d = Number(date.slice(5, 7)) * 31 + Number(date.slice(8, 10));
    return campaigns.flatMap((c, k) => {
      const base = { brandId, accountId: 'act_1', date, campaignId: c, campaignName: `Campaign ${c}` };
      const h = (d * 7 + k * 13 + version * 5) % 17;
      const figures = {
        spend: (3 + h * 1.37).toFixed(2), purchaseValue: (h * 2.11).toFixed(2), purchases: h % 4, impressions: 500 + h * 10, clicks: 10 + h, reach: 300 + h * 7 + d,
        linkClicks: 5 + h, uniqueLinkClicks: 4 + (h % 5), outboundClicks: 3 + (h % 6), landingPageViews: h % 5, addToCart: h % 3, initiateCheckout: h % 2, videoThreeSecondViews: 40 + h,
      };
      return [
        { ...base, level: 'campaign', entityId: c, ...figures },
        { ...base, level: 'adset', entityId: `${c}-s`, adsetId: `${c}-s`, adsetName: `Ad set ${c}`, ...figures },
      ];
    });
  });
}

describe.each(DB_KINDS)('Meta delivery and interest rollups on %s', (kind) => {
  let t: TestApp;
  let cookie: string;
  let brandId: string;
  /** what the daily table holds, by date: the expected sums come from here */
  const held = new Map<string, Row[]>();
  const post = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `/api/meta/campaign/${brandId}`, headers: { cookie, origin: ORIGIN }, payload });

  /** the targeting the writer holds: ad set -> interests */
  const targeting = new Map<string, string[]>();
  const write = async (window: { from: string; to: string }, version: number, campaigns: string[], interests: Record<string, string[]> = {}) => {
    for (const [adset, ids] of Object.entries(interests)) targeting.set(adset, [...new Set([...(targeting.get(adset) ?? []), ...ids])]);
    const adsetInterests = Object.entries(interests).flatMap(([adsetId, ids]) =>
      ids.map((interestId) => ({ brandId, accountId: 'act_1', adsetId, interestId, interestName: `Interest ${interestId}`, campaignId: adsetId.slice(0, 2) })),
    );
    const rows = rowsOf(brandId, daysOf(window.from, window.to), version, campaigns);
    for (const day of daysOf(window.from, window.to)) held.set(day, rows.filter((r) => r.date === day));
    const names = ['c1', 'c2', 'c3'].map((c) => ({ brandId, accountId: 'act_1', campaignId: c, name: `Campaign ${c}`, status: 'ACTIVE', effectiveStatus: 'ACTIVE' }));
    await seedMetaFacts(t.database.db, brandId, 'act_1', window, { campaigns: names, adDaily: rows, adsetInterests });
  };

  /** rows of meta_ad_monthly not equal to meta_ad_daily summed per entity and month, both ways */
  const diff = async () => {
    const monthly = sql`select account_id, level, entity_id, month, campaign_id, campaign_name, days, spend, impressions, clicks, link_clicks, outbound_clicks, landing_page_views,
        add_to_cart, initiate_checkout, purchases, purchase_value, video_three_second_views, max_reach, max_unique_link_clicks from meta_ad_monthly where brand_id = ${brandId}`;
    const daily = sql`select account_id, level, entity_id, date_trunc('month', date)::date, max(campaign_id), max(campaign_name), count(*)::int, sum(spend), sum(impressions), sum(clicks),
        sum(link_clicks), sum(outbound_clicks), sum(landing_page_views), sum(add_to_cart), sum(initiate_checkout), sum(purchases), sum(purchase_value), sum(video_three_second_views),
        max(reach), max(unique_link_clicks) from meta_ad_daily where brand_id = ${brandId} group by 1, 2, 3, 4`;
    const r = (await t.database.db.execute(sql`(${monthly} except ${daily}) union all (${daily} except ${monthly})`)) as unknown as { rows: unknown[] };
    return r.rows;
  };

  /** campaign c's figures over a range, summed here from the rows the daily table holds */
  const expected = (c: string, from: string, to: string) => {
    const rows = daysOf(from, to).flatMap((d) => held.get(d) ?? []).filter((r) => r.level === 'campaign' && r.campaignId === c);
    const sum = (f: (r: Row) => number) => rows.reduce((s, r) => s + f(r), 0);
    const cents = (f: (r: Row) => string | undefined) => Math.round(sum((r) => Math.round(Number(f(r)) * 100))) / 100;
    return {
      campaignId: c, 'Amount spend': cents((r) => r.spend), 'Purchase Value': cents((r) => r.purchaseValue), Impressions: sum((r) => r.impressions ?? 0),
      'Link Click': sum((r) => r.linkClicks ?? 0), Purchases: sum((r) => r.purchases ?? 0), 'Outbound Clicks': sum((r) => r.outboundClicks ?? 0),
      'Landing Page View': sum((r) => r.landingPageViews ?? 0), 'Add To Cart (ATC)': sum((r) => r.addToCart ?? 0), 'Checkout Initiate (CI)': sum((r) => r.initiateCheckout ?? 0),
      'Three Seconds View': sum((r) => r.videoThreeSecondViews ?? 0),
      // no range figure from Meta here (no grant): the largest single day, flagged an estimate
      Reach: Math.max(...rows.map((r) => r.reach ?? 0)), 'Unique Link Click': Math.max(...rows.map((r) => r.uniqueLinkClicks ?? 0)),
    };
  };

  /** rows of meta_interest_daily and meta_interest_monthly not equal to the ad set days split by today's targeting */
  const interestDiff = async () => {
    const split = sql`select d.account_id, t.interest_id, d.date, sum(d.spend / t.n) as spend, sum(d.purchase_value / t.n) as revenue
        from meta_ad_daily d join (select account_id, adset_id, interest_id, count(*) over (partition by account_id, adset_id) as n from meta_adset_interests where brand_id = ${brandId}) t
          on t.account_id = d.account_id and t.adset_id = d.entity_id
        where d.brand_id = ${brandId} and d.level = 'adset' group by 1, 2, 3`;
    const daily = sql`select account_id, interest_id, date, spend, revenue from meta_interest_daily where brand_id = ${brandId}`;
    const monthly = sql`select account_id, interest_id, month, spend, revenue from meta_interest_monthly where brand_id = ${brandId}`;
    const months = sql`select account_id, interest_id, date_trunc('month', date)::date, sum(spend), sum(revenue) from meta_interest_daily where brand_id = ${brandId} group by 1, 2, 3`;
    const r = (await t.database.db.execute(
      sql`(${split} except ${daily}) union all (${daily} except ${split}) union all (${monthly} except ${months}) union all (${months} except ${monthly})`,
    )) as unknown as { rows: unknown[] };
    const n = (await t.database.db.execute(sql`select count(*)::int as n from meta_interest_monthly where brand_id = ${brandId}`)) as unknown as { rows: Array<{ n: number }> };
    return { differences: r.rows, months: n.rows[0]!.n };
  };

  /** interest i's attributed spend and revenue over a range, from the rows held and the targeting */
  const expectedInterest = (i: string, from: string, to: string) => {
    const rows = daysOf(from, to).flatMap((d) => held.get(d) ?? []).filter((r) => r.level === 'adset' && (targeting.get(r.entityId) ?? []).includes(i));
    const share = (r: Row, v: string | undefined) => Number(v) / targeting.get(r.entityId)!.length;
    return { Spend: rows.reduce((s, r) => s + share(r, r.spend), 0), Revenue: rows.reduce((s, r) => s + share(r, r.purchaseValue), 0) };
  };

  const checkInterests = async (interests: string[]) => {
    for (const [from, to] of RANGES) {
      const res = await t.app.inject({ method: 'POST', url: `/api/meta/interest/${brandId}`, headers: { cookie, origin: ORIGIN }, payload: { startDate: from, endDate: to } });
      expect(res.statusCode, res.body).toBe(200);
      expect(metaInterestResponseSchema.parse(res.json())).toEqual(res.json());
      const got = (res.json() as { data: { blendedSummary: Array<{ InterestId: string; Spend: number; Revenue: number }> } }).data.blendedSummary;
      expect(got.map((g) => g.InterestId).sort()).toEqual(interests);
      for (const g of got) {
        const want = expectedInterest(g.InterestId, from, to);
        expect(g.Spend).toBeCloseTo(want.Spend, 6);
        expect(g.Revenue).toBeCloseTo(want.Revenue, 6);
      }
    }
  };

  // ranges over January 1 to March 14 with every kind of piece: from a month's first day, to its last, both partial
  // months of a range without a whole one, inside one month (one day too), and partial months at both ends
  const DAYS = ['2026-01-01', '2026-01-02', '2026-01-20', '2026-01-31', '2026-02-01', '2026-02-05', '2026-02-06', '2026-02-15', '2026-02-20', '2026-02-21', '2026-02-28', '2026-03-01', '2026-03-10', '2026-03-14'];
  const EXACT_RANGES = DAYS.flatMap((from) => DAYS.filter((to) => to >= from).map((to) => ({ from, to })));

  /** campaignSums and interestSums (months, months to date, days) against the range's daily rows summed directly: exactly equal */
  const checkExact = async () => {
    const mismatches: unknown[] = [];
    for (const range of EXACT_RANGES) {
      const daily = await queryRows<Record<string, unknown>>(
        t.database.db,
        sql`select d.account_id, d.campaign_id, count(*)::int as days, sum(d.spend)::float8 as spend, sum(d.purchase_value)::float8 as revenue, sum(d.impressions)::float8 as impressions,
            sum(d.link_clicks)::float8 as link_clicks, sum(d.outbound_clicks)::float8 as outbound_clicks, sum(d.landing_page_views)::float8 as landing_page_views,
            sum(d.add_to_cart)::float8 as add_to_cart, sum(d.initiate_checkout)::float8 as initiate_checkout, sum(d.purchases)::float8 as purchases,
            sum(d.video_three_second_views)::float8 as video_three_second_views, max(d.reach)::float8 as max_reach, max(d.unique_link_clicks)::float8 as max_unique_link_clicks
          from meta_ad_daily d where d.brand_id = ${brandId} and d.level = 'campaign' and d.date between ${range.from} and ${range.to}
          group by d.account_id, d.campaign_id order by d.campaign_id`,
      );
      const got = (await campaignSums(t.database.db, brandId, ['act_1'], range)).map(({ name: _n, status: _s, ...c }) => c).sort((a, b) => a.campaign_id.localeCompare(b.campaign_id));
      if (JSON.stringify(got) !== JSON.stringify(daily)) mismatches.push({ range, campaigns: got, daily });
      const dailyInterests = await queryRows<Record<string, unknown>>(
        t.database.db,
        sql`select d.account_id, d.interest_id, sum(d.spend)::float8 as spend, sum(d.revenue)::float8 as revenue
          from meta_interest_daily d where d.brand_id = ${brandId} and d.date between ${range.from} and ${range.to}
          group by d.account_id, d.interest_id order by d.interest_id`,
      );
      const gotInterests = (await interestSums(t.database.db, brandId, ['act_1'], range)).map(({ interest_name: _n, ...i }) => i).sort((a, b) => a.interest_id.localeCompare(b.interest_id));
      if (JSON.stringify(gotInterests) !== JSON.stringify(dailyInterests)) mismatches.push({ range, interests: gotInterests, daily: dailyInterests });
    }
    return mismatches;
  };

  const answer = async (from: string, to: string) => {
    const res = await post({ startDate: from, endDate: to });
    expect(res.statusCode, res.body).toBe(200);
    // sent as plain JSON (lib/plain-json.ts): exactly what the declared schema lets through, nothing it would strip
    expect(metaCampaignResponseSchema.parse(res.json())).toEqual(res.json());
    return (res.json() as { blendedSummary: Array<Record<string, unknown>> }).blendedSummary;
  };

  beforeAll(async () => {
    held.clear();
    targeting.clear();
    t = await createTestApp(kind, {}, { now: () => NOW });
    await t.app.inject({ method: 'POST', url: '/api/auth/signup', headers: { origin: ORIGIN }, payload: { username: 'mo', email: 'mo@example.com', password: 'mo-password-1' } });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login/normal', headers: { origin: ORIGIN }, payload: { email: 'mo@example.com', password: 'mo-password-1' } });
    cookie = sessionCookie(login);
    brandId = await insertBrand(t.database.db, {
      name: 'Monthly', currency: 'INR', timezone: 'Asia/Kolkata', userId: login.json().user.id as string,
      connections: [{ platform: 'meta', accountId: 'act_1', accountName: 'Main account', managerId: null, grantId: null }],
    });
    await subscribeBrand(t.database.db, brandId);
    // the backfill in two windows that split February
    await write({ from: '2026-01-01', to: '2026-02-10' }, 0, ['c1', 'c2', 'c3'], { 'c1-s': ['i1', 'i2'], 'c2-s': ['i2'] });
    await write({ from: '2026-02-11', to: '2026-03-14' }, 0, ['c1', 'c2', 'c3'], { 'c1-s': ['i1', 'i2'], 'c2-s': ['i2'] });
  }, 60_000);
  afterAll(async () => t?.close());

  const RANGES = [
    ['2026-01-01', '2026-02-28'], // whole months only
    ['2026-01-20', '2026-03-14'], // an edge, a whole month, an edge
    ['2026-02-03', '2026-02-26'], // days only
    ['2026-01-01', '2026-03-14'], // whole months and the running month's days
  ] as const;

  const check = async (campaigns: string[]) => {
    for (const [from, to] of RANGES) {
      const got = await answer(from, to);
      expect(got.map((c) => c.campaignId).sort()).toEqual(campaigns);
      for (const c of campaigns) expect(got.find((g) => g.campaignId === c)).toMatchObject({ ...expected(c, from, to), estimated: true });
    }
  };

  it('after a backfill the rollup is the daily rows summed per entity and month; campaign figures are the same from months, days or both', async () => {
    expect(await diff()).toEqual([]);
    const n = (await t.database.db.execute(sql`select count(*)::int as n from meta_ad_monthly where brand_id = ${brandId}`)) as unknown as { rows: Array<{ n: number }> };
    expect(n.rows[0]!.n).toBe(3 * 2 * 3); // 3 campaigns, each with an ad set, in January, February and March
    await check(['c1', 'c2', 'c3']);
  });

  it('any range, partial months at both ends or inside one month, sums exactly what its daily rows sum (months to date)', async () => {
    expect(EXACT_RANGES.length).toBe(105);
    expect(await checkExact()).toEqual([]);
    // the check can fail: a month-to-date row off by a cent shows in the ranges that read it
    await t.database.db.execute(sql`update meta_campaign_month_to_date set spend = spend + 0.01 where brand_id = ${brandId} and campaign_id = 'c1' and date = '2026-02-14'`);
    expect((await checkExact()).length).toBeGreaterThan(0);
    await t.database.db.execute(sql`update meta_campaign_month_to_date set spend = spend - 0.01 where brand_id = ${brandId} and campaign_id = 'c1' and date = '2026-02-14'`);
    expect(await checkExact()).toEqual([]);
  });

  it("migration 0026's statements fill the months to date from the rows held exactly as the window writer wrote them", async () => {
    const snapshot = async () =>
      queryRows<Record<string, unknown>>(
        t.database.db,
        sql`select 'campaign' as kind, account_id, campaign_id as id, date::text, row_to_json(t)::text as values from meta_campaign_month_to_date t where brand_id = ${brandId}
          union all select 'interest', account_id, interest_id, date::text, row_to_json(i)::text from meta_interest_month_to_date i where brand_id = ${brandId}
          order by 1, 2, 3, 4`,
      );
    // and an account whose campaign and ad set deliver on a few days only: a month's first delivery after its first
    // day (its largest reach that day), gaps, a month with one day (written straight through the window writer)
    const sporadic = ['2026-01-07', '2026-01-08', '2026-01-20', '2026-02-14', '2026-03-02', '2026-03-03', '2026-03-11'];
    const rows = rowsOf(brandId, sporadic, 2, ['c9']).map((r, k) => ({ ...r, accountId: 'act_9', reach: k === 0 || k === 4 ? 99_999 : r.reach }));
    const facts = { platform: 'meta' as const, campaigns: [], adDaily: rows, breakdowns: [], calls: 1, adsetInterests: [{ brandId, accountId: 'act_9', adsetId: 'c9-s', interestId: 'i9', interestName: 'Interest i9', campaignId: 'c9' }] };
    await t.database.db.transaction((tx) => writeWindowFacts(tx, brandId, 'act_9', { from: '2026-01-01', to: '2026-03-14' }, facts));
    const written = await snapshot();
    expect(written.filter((r) => r.account_id === 'act_9').length).toBe(2 * (31 + 28 + 31)); // every day of each month delivered in, for the campaign and the interest
    expect(written.length).toBeGreaterThan(3 * 70); // three campaigns over January to March (every day of each month), and the interests
    const migration = await readFile(new URL('../drizzle/0026_meta_month_to_date.sql', import.meta.url), 'utf8');
    const fills = migration.split('--> statement-breakpoint').map((s) => s.trim()).filter((s) => /^(--[^\n]*\n)*INSERT/.test(s));
    expect(fills).toHaveLength(2);
    await t.database.db.execute(sql`delete from meta_campaign_month_to_date where brand_id = ${brandId}`);
    await t.database.db.execute(sql`delete from meta_interest_month_to_date where brand_id = ${brandId}`);
    for (const statement of fills) await t.database.db.execute(sql.raw(statement));
    expect(await snapshot()).toEqual(written);
    for (const table of ['meta_ad_daily', 'meta_ad_monthly', 'meta_campaign_month_to_date', 'meta_adset_interests', 'meta_interest_daily', 'meta_interest_monthly', 'meta_interest_month_to_date']) {
      await t.database.db.execute(sql`delete from ${sql.identifier(table)} where brand_id = ${brandId} and account_id = 'act_9'`);
    }
  });

  it('interest shares per day and month are the ad set days split by the targeting; interest figures are the same from months, days or both', async () => {
    expect(await interestDiff()).toEqual({ differences: [], months: 2 * 3 });
    await checkInterests(['i1', 'i2']);
  });

  it('a refresh that rewrites days (new figures, one campaign gone from them) replaces its months', async () => {
    await write({ from: '2026-02-05', to: '2026-02-20' }, 1, ['c1', 'c3']);
    expect(await diff()).toEqual([]);
    const feb = (await t.database.db.execute(sql`select days from meta_ad_monthly where brand_id = ${brandId} and level = 'campaign' and entity_id = 'c2' and month = '2026-02-01'`)) as unknown as {
      rows: Array<{ days: number }>;
    };
    expect(feb.rows).toEqual([{ days: 28 - 16 }]);
    await check(['c1', 'c2', 'c3']);
    expect(await interestDiff()).toEqual({ differences: [], months: 2 * 3 });
    await checkInterests(['i1', 'i2']);
    // c2 has no days from 5 to 20 February: a range inside them has no c2 (not a row of zeros)
    expect((await campaignSums(t.database.db, brandId, ['act_1'], { from: '2026-02-06', to: '2026-02-15' })).map((c) => c.campaign_id).sort()).toEqual(['c1', 'c3']);
    expect(await checkExact()).toEqual([]);
  });

  it('a window whose targeting gains an interest re-attributes every day of the account (attribution follows the current targeting)', async () => {
    // c3's ad set now targets i1 and c1's gains i3: their days before this window are theirs too
    await write({ from: '2026-03-10', to: '2026-03-14' }, 2, ['c1', 'c2', 'c3'], { 'c1-s': ['i3'], 'c3-s': ['i1'] });
    expect(await interestDiff()).toEqual({ differences: [], months: 3 * 3 });
    await checkInterests(['i1', 'i2', 'i3']);
    expect(await checkExact()).toEqual([]);
  });
});
