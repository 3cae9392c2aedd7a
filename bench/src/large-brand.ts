import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { buildApp } from '@parallels/server/app';
import type { Config } from '@parallels/server/config';
import { openDatabase, queryRows, type Database, type DatabaseHandle } from '@parallels/server/db/client';
import { syncWindows } from '@parallels/server/db/facts-schema';
import { createServerDatabase } from '@parallels/server/db/scratch-database';
import { insertBrand } from '@parallels/server/modules/brands/brands.sql';
import { saveSubscription } from '@parallels/server/modules/pricing/pricing.sql';
import { BACKFILL_STREAM } from '@parallels/server/sync/backfill.job';
import { GOOGLE_VIEW_MONTH_GROUP, GOOGLE_VIEW_MONTH_SELECT, packGa4DimensionDays, rollUpGa4DimensionMonths, runGa4DimensionSums } from '@parallels/server/sync/facts-writer.sql';
import { addDays, daysBetween, todayIn } from '@parallels/contract/days';
import { backfillWindows, HISTORY_DAYS } from '@parallels/server/sync/windows';
import { seedMetaReportFacts } from './meta-facts.js';

/**
 * The large benchmark brand (ARCHITECTURE.md, Budgets), shared by bench/reports and bench/load: 6 Meta and 4
 * Google Ads accounts, 1,000 campaigns, every campaign delivering every day for two years (730 days ending
 * yesterday), and a GA4 property. Facts are bulk-inserted with INSERT ... SELECT; ad_account_daily is then rolled
 * up with the window writer's own statements and every connection gets the checkpoints a two-year backfill
 * commits, so the reports see a fully synced brand. A user signs up and logs in through the app, like the web app.
 *
 * BENCH_DATABASE_URL=postgres://...  run on PostgreSQL (a scratch database is created and dropped); default PGlite
 */

export const NOW = new Date('2026-11-22T12:00:00Z');
export const TIMEZONE = 'America/New_York';
export const ORIGIN = 'http://localhost:3000';
export const META_ACCOUNTS = 6;
export const GOOGLE_ACCOUNTS = 4;
export const META_CAMPAIGNS = 600;
export const GOOGLE_CAMPAIGNS = 400;
export const GA4_PROPERTY = '345678901';

/** GA4 conversion dimensions of the benchmark property: name, values a day, distinct values over two years, value prefix. */
export const GA4_DIMENSION_SHAPE: Array<[string, number, number, string]> = [
  ['pagePath', 600, 1500, '/products/item-'],
  ['city', 400, 1000, 'City '],
  ['landingPage', 150, 400, '/landing/'],
  ['pageTitle', 100, 300, 'Product page '],
  ['region', 40, 40, 'Region '],
  ['country', 30, 30, 'Country '],
  ['campaign', 30, 60, 'campaign_'],
  ['interest', 25, 25, 'Interest '],
  ['source', 20, 20, 'source-'],
  ['browser', 8, 8, 'Browser '],
  ['channel', 8, 8, 'Channel '],
  ['operatingSystem', 6, 6, 'OS '],
  ['age', 6, 6, 'Age '],
  ['device', 3, 3, 'device-'],
  ['gender', 3, 3, 'gender-'],
];

/**
 * Google Ads view facts at scale (issue 18 item 4: at least 2,000,000 google_view_daily rows over two years, most
 * of them search terms): 2,000 head search terms with impressions every day, and 100,000 long-tail terms each
 * seen on 5 consecutive days somewhere in the two years (a query's short burst), spread over the 4 accounts;
 * plus 100 keywords, 100 products, 7 age ranges and 3 genders per account every day: 2,573,200 rows in all.
 */
export const GOOGLE_HEAD_TERMS = 2_000;
export const GOOGLE_TAIL_TERMS = 100_000;
const GOOGLE_TAIL_DAYS = 5;
const GOOGLE_KEYWORDS = 100;
const GOOGLE_PRODUCTS = 100;

const metaAccountId = (k: number) => `act_${100000001 + k}`;
const googleCustomerId = (k: number) => String(1000000001 + k);

// ---------------------------------------------------------------------------------------------------------------
// The database: PGlite in a fresh temp dir, or a scratch database on the PostgreSQL server named by the URL.

export interface Opened {
  database: DatabaseHandle;
  label: string;
  /** BENCH_REUSE_DATABASE named a database seeded by an earlier run (kept with BENCH_KEEP_DATABASE=1): no seeding */
  reused: boolean;
  /** what the server (server/src/main.ts) opens the same database with: DATABASE_URL, or DATA_DIR for PGlite */
  serverEnv: { DATABASE_URL: string } | { DATA_DIR: string };
  cleanup(): Promise<void>;
}

export async function openBenchDatabase(name: 'reports' | 'load'): Promise<Opened> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  // BENCH_REUSE_DATABASE: a scratch database (PostgreSQL) or data directory (PGlite) an earlier run kept
  const reuse = process.env.BENCH_REUSE_DATABASE;
  const keptNote = (what: string) => async () => console.log(`bench: kept ${what} (measure it again with BENCH_REUSE_DATABASE=${what})`);
  if (reuse && adminUrl) {
    const url = new URL(adminUrl);
    url.pathname = `/${reuse}`;
    const database = await openDatabase({ url: url.toString() });
    return { database, label: `PostgreSQL (reused scratch database ${reuse} on ${url.host})`, reused: true, serverEnv: { DATABASE_URL: url.toString() }, cleanup: keptNote(reuse) };
  }
  if (reuse) {
    const database = await openDatabase({ dataDir: join(reuse, 'pglite') });
    return { database, label: `PGlite (reused ${join(reuse, 'pglite')})`, reused: true, serverEnv: { DATA_DIR: reuse }, cleanup: keptNote(reuse) };
  }
  // BENCH_KEEP_DATABASE=1 leaves the seeded scratch database or data directory behind (to EXPLAIN its statements,
  // or to measure again without seeding; drop it by hand)
  const keep = process.env.BENCH_KEEP_DATABASE === '1';
  if (adminUrl) {
    const server = await createServerDatabase(adminUrl, `parallels_bench_${name}`);
    try {
      const database = await openDatabase({ url: server.url });
      const cleanup = keep ? keptNote(server.name) : server.drop;
      return { database, label: `PostgreSQL (scratch database ${server.name} on ${new URL(adminUrl).host})`, reused: false, serverEnv: { DATABASE_URL: server.url }, cleanup };
    } catch (e) {
      await server.drop();
      throw e;
    }
  }
  // laid out as the server keeps it: PGlite in DATA_DIR/pglite
  const dir = mkdtempSync(join(tmpdir(), `parallels-bench-${name}-`));
  const database = await openDatabase({ dataDir: join(dir, 'pglite') });
  const cleanup = keep ? keptNote(dir) : async () => rmSync(dir, { recursive: true, force: true });
  return { database, label: `PGlite (${join(dir, 'pglite')})`, reused: false, serverEnv: { DATA_DIR: dir }, cleanup };
}

// ---------------------------------------------------------------------------------------------------------------
// Seeding

const count = async (db: Database, table: string): Promise<number> => (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;

/** Seconds per seeding step, printed with the row counts. */
type Steps = Array<[string, number]>;
async function step(steps: Steps, name: string, fn: () => Promise<unknown>): Promise<void> {
  const t0 = performance.now();
  await fn();
  steps.push([name, (performance.now() - t0) / 1000]);
}

async function seedFacts(db: Database, steps: Steps, brandId: string, first: string, last: string): Promise<void> {
  const days = HISTORY_DAYS - 1;
  // A deterministic pseudo-random h in [0, 10007) per campaign-day drives every figure.
  await step(steps, 'meta_campaigns', () =>
    db.execute(sql`
      insert into meta_campaigns (brand_id, account_id, campaign_id, name, status, effective_status, objective)
      select ${brandId}::uuid, 'act_' || (100000001 + n % ${META_ACCOUNTS}), 'm' || n, 'Meta campaign ' || n, 'ACTIVE', 'ACTIVE', 'OUTCOME_SALES'
      from generate_series(0, ${META_CAMPAIGNS - 1}) n`),
  );
  await step(steps, 'meta_ad_daily', () =>
    db.execute(sql`
      insert into meta_ad_daily (brand_id, account_id, level, entity_id, date, campaign_id, campaign_name, spend, impressions, clicks, reach,
        link_clicks, unique_link_clicks, outbound_clicks, landing_page_views, add_to_cart, initiate_checkout, purchases, purchase_value, video_three_second_views)
      select ${brandId}::uuid, 'act_' || (100000001 + n % ${META_ACCOUNTS}), 'campaign', 'm' || n, ${first}::date + i, 'm' || n, 'Meta campaign ' || n,
        round(h / 100.0, 2), 500 + h * 3, 5 + h % 97, 400 + h * 2,
        3 + h % 71, 2 + h % 61, 1 + h % 43, 1 + h % 37, h % 13, h % 9, h % 5, round((h % 5) * (19.99 + n % 50), 2), h % 211
      from generate_series(0, ${META_CAMPAIGNS - 1}) n cross join generate_series(0, ${days}) i
        cross join lateral (select (n * 7919 + i * 104729) % 10007 as h) s`),
  );
  await step(steps, 'google_campaign_daily', () =>
    db.execute(sql`
      insert into google_campaign_daily (brand_id, customer_id, campaign_id, date, campaign_name, status, channel_type, cost_micros, impressions, clicks, conversions, conversions_value)
      select ${brandId}::uuid, (1000000001 + n % ${GOOGLE_ACCOUNTS})::text, 'g' || n, ${first}::date + i, 'Google campaign ' || n, 'ENABLED',
        case when n % 2 = 0 then 'SEARCH' else 'PERFORMANCE_MAX' end,
        1000000 + h * 12345, 300 + h * 2, 2 + h % 53, (h % 11) / 4.0, round((h % 11) * 12.5, 2)
      from generate_series(0, ${GOOGLE_CAMPAIGNS - 1}) n cross join generate_series(0, ${days}) i
        cross join lateral (select (n * 7919 + i * 104729) % 10007 as h) s`),
  );
  await step(steps, 'ga4_daily', () =>
    db.execute(sql`
      insert into ga4_daily (brand_id, property_id, date, sessions, add_to_carts, checkouts, purchases, purchase_revenue)
      select ${brandId}::uuid, ${GA4_PROPERTY}, ${first}::date + i, 2000 + h % 3000, 200 + h % 300, 80 + h % 120, 20 + h % 40, round((20 + h % 40) * 54.5, 2)
      from generate_series(0, ${days}) i cross join lateral (select (i * 104729) % 10007 as h) s`),
  );
  // GA4 by the 15 conversion dimensions (ga4_dimension_daily), about 1,430 rows a day, 1.04 million over two
  // years: page path (600 values a day out of 1,500) and city (400 of 1,000) the largest, as on a real store; a
  // value need not appear every day (the long tail comes and goes).
  await step(steps, 'ga4_dimension_daily', () =>
    db.execute(sql`
      insert into ga4_dimension_daily (brand_id, property_id, dimension, value, date, sessions, add_to_carts, checkouts, purchases, purchase_revenue)
      select ${brandId}::uuid, ${GA4_PROPERTY}, d.dimension, d.prefix || ((v * 13 + i * 7) % d.distinct_values), ${first}::date + i,
        1 + h % 400, h % 40, h % 16, h % 6, round((h % 6) * 54.5, 2)
      from (values ${sql.join(
        GA4_DIMENSION_SHAPE.map(([dimension, perDay, distinct, prefix]) => sql`(${dimension}, ${perDay}::int, ${distinct}::int, ${prefix})`),
        sql`, `,
      )}) d(dimension, per_day, distinct_values, prefix)
        cross join generate_series(0, ${days}) i
        cross join lateral generate_series(0, d.per_day - 1) v
        cross join lateral (select (v * 7919 + i * 104729 + d.per_day * 31) % 10007 as h) s`),
  );
  // ga4_dimension_monthly (and its packed ga4_dimension_month_values) with the window writer's own statements, over the two years as one window
  await step(steps, 'ga4_dimension_monthly', () => db.transaction((tx) => rollUpGa4DimensionMonths(tx, brandId, GA4_PROPERTY, { from: first, to: last })));
  // ga4_dimension_day_values (the packed days the reports read for a range's edge months), the writer's statement
  await step(steps, 'ga4_dimension_day_values', () => db.transaction((tx) => packGa4DimensionDays(tx, brandId, GA4_PROPERTY, { from: first, to: last })));
  // the running sums (ga4_dimension_month_to_date and ga4_dimension_year_to_date) a page of a report reads, the writer's statements
  await step(steps, 'ga4 running sums', () => db.transaction((tx) => runGa4DimensionSums(tx, brandId, GA4_PROPERTY, { from: first, to: last })));
  await seedGoogleViews(db, steps, brandId, first, last);
  // ad_account_daily exactly as sync/facts-writer.sql.ts rollUpAdAccountDays writes it. The writer runs these per
  // account and window; the backfill windows partition the days, so one statement per platform over every
  // account and the whole two years yields the same rows (the same statements seed it in migration 0003).
  await step(steps, 'ad_account_daily meta', () =>
    db.execute(sql`
      insert into ad_account_daily (brand_id, platform, account_id, date, spend, revenue, purchases, clicks, impressions)
      select brand_id, 'meta', account_id, date, sum(spend), sum(purchase_value), sum(purchases), sum(clicks), sum(impressions)
      from meta_ad_daily
      where brand_id = ${brandId} and level = 'campaign' and date between ${first} and ${last}
      group by brand_id, account_id, date`),
  );
  await step(steps, 'ad_account_daily google', () =>
    db.execute(sql`
      insert into ad_account_daily (brand_id, platform, account_id, date, spend, revenue, purchases, clicks, impressions)
      select brand_id, 'google_ads', customer_id, date, sum(cost_micros) / 1000000.0, sum(conversions_value), sum(conversions), sum(clicks), sum(impressions)
      from google_campaign_daily
      where brand_id = ${brandId} and date between ${first} and ${last}
      group by brand_id, customer_id, date`),
  );
}

/** google_view_daily at scale (see GOOGLE_HEAD_TERMS), then google_view_monthly with the window writer's own statement. */
async function seedGoogleViews(db: Database, steps: Steps, brandId: string, first: string, last: string): Promise<void> {
  const days = HISTORY_DAYS - 1;
  const columns = sql`insert into google_view_daily (brand_id, customer_id, view, key, date, label, campaign_id, campaign_name, ad_group_id, ad_group_name, attributes,
    cost_micros, impressions, clicks, conversions, conversions_value)`;
  // every figure from a deterministic pseudo-random h in [0, 10007) per key and day
  const figures = sql`10000 + h * 37, 10 + h % 90, h % 7, (h % 13) / 10.0, round((h % 13) * 4.5, 2)`;
  const campaign = sql`'g' || (n % ${GOOGLE_CAMPAIGNS / 2} * 2), 'Google campaign ' || (n % ${GOOGLE_CAMPAIGNS / 2} * 2), 'ag' || (n % 800), 'Ad group ' || (n % 800)`;
  await step(steps, 'google_view_daily head terms', () =>
    db.execute(sql`${columns}
      select ${brandId}::uuid, (1000000001 + n % ${GOOGLE_ACCOUNTS})::text, 'search_term', 'head term ' || n || '|EXACT|ag' || (n % 800), ${first}::date + i, 'head term ' || n, ${campaign},
        jsonb_build_object('matchType', 'EXACT', 'status', case when n % 5 = 0 then 'NONE' else 'ADDED' end), ${figures}
      from generate_series(0, ${GOOGLE_HEAD_TERMS - 1}) n cross join generate_series(0, ${days}) i
        cross join lateral (select (n * 7919 + i * 104729) % 10007 as h) s`),
  );
  await step(steps, 'google_view_daily tail terms', () =>
    db.execute(sql`${columns}
      select ${brandId}::uuid, (1000000001 + n % ${GOOGLE_ACCOUNTS})::text, 'search_term', 'tail term ' || n || '|BROAD|ag' || (n % 800), ${first}::date + (n * 7919) % ${days + 1 - GOOGLE_TAIL_DAYS} + i,
        'tail term ' || n, ${campaign}, jsonb_build_object('matchType', 'BROAD', 'status', case when n % 3 = 0 then 'EXCLUDED' else 'ADDED' end), ${figures}
      from generate_series(0, ${GOOGLE_TAIL_TERMS - 1}) n cross join generate_series(0, ${GOOGLE_TAIL_DAYS - 1}) i
        cross join lateral (select (n * 7919 + i * 104729) % 10007 as h) s`),
  );
  await step(steps, 'google_view_daily keywords, products, age, gender', () =>
    db.execute(sql`${columns}
      select ${brandId}::uuid, (1000000001 + a)::text, v.view, v.key, ${first}::date + i, v.label, ${campaign}, v.attributes, ${figures}
      from generate_series(0, ${GOOGLE_ACCOUNTS - 1}) a
        cross join lateral (
          select 'keyword' as view, 'ag' || k || '~' || (100 + k) as key, 'keyword ' || k as label, jsonb_build_object('matchType', 'PHRASE', 'status', 'ENABLED') as attributes, k from generate_series(0, ${GOOGLE_KEYWORDS - 1}) k
          union all select 'product', 'shopify_us_' || k, 'Product ' || k, jsonb_build_object('brand', 'Brand ' || (k % 7), 'productType', 'Type ' || (k % 5), 'category', 'Apparel > Shirts'), k from generate_series(0, ${GOOGLE_PRODUCTS - 1}) k
          union all select 'age', x, x, '{}'::jsonb, k from unnest(array['AGE_RANGE_18_24', 'AGE_RANGE_25_34', 'AGE_RANGE_35_44', 'AGE_RANGE_45_54', 'AGE_RANGE_55_64', 'AGE_RANGE_65_UP', 'AGE_RANGE_UNDETERMINED']) with ordinality u(x, k)
          union all select 'gender', x, x, '{}'::jsonb, k from unnest(array['MALE', 'FEMALE', 'UNDETERMINED']) with ordinality u(x, k)
        ) v
        cross join lateral (select a * 1000 + v.k as n) m
        cross join generate_series(0, ${days}) i
        cross join lateral (select (m.n * 7919 + i * 104729) % 10007 as h) s`),
  );
  // google_view_monthly exactly as sync/facts-writer.sql.ts rollUpGoogleViewMonths writes it (whole months of the
  // backfill's windows; one statement over every account yields the same rows)
  await step(steps, 'google_view_monthly', () =>
    db.execute(sql`insert into google_view_monthly (brand_id, customer_id, view, key, month, label, campaign_name, ad_group_name, attributes, last_date, cost_micros, impressions, clicks, conversions, conversions_value)
      ${GOOGLE_VIEW_MONTH_SELECT} where brand_id = ${brandId} and date between ${first} and ${last} ${GOOGLE_VIEW_MONTH_GROUP}`),
  );
}

/** The checkpoints a finished two-year backfill leaves: every window of backfillWindows() for each connection. */
async function seedCheckpoints(db: Database, brandId: string, yesterday: string, now: Date): Promise<void> {
  const conns = await queryRows<{ id: string; platform: string; account_id: string }>(db, sql`select id, platform, account_id from connections where brand_id = ${brandId}`);
  const perDay = (platform: string): number => (platform === 'meta' ? META_CAMPAIGNS / META_ACCOUNTS : platform === 'google_ads' ? GOOGLE_CAMPAIGNS / GOOGLE_ACCOUNTS : 1);
  const rows = conns.flatMap((c) =>
    backfillWindows(yesterday).map((w) => ({
      brandId,
      connectionId: c.id,
      stream: BACKFILL_STREAM,
      windowFrom: w.from,
      windowTo: w.to,
      rows: perDay(c.platform) * (daysBetween(w.from, w.to) + 1),
      calls: 1,
      completedAt: now,
    })),
  );
  await db.insert(syncWindows).values(rows);
  await db.execute(sql`update connections set sync_state = 'fresh', backfill_progress = 1, last_synced_at = ${now.toISOString()}::timestamptz where brand_id = ${brandId}`);
}

/** The rollup must agree with the facts it came from, or the bench would measure the wrong data. */
async function checkRollup(db: Database, brandId: string): Promise<void> {
  const [r] = await queryRows<{ ok: boolean }>(
    db,
    sql`select (select sum(spend) from meta_ad_daily where brand_id = ${brandId} and level = 'campaign') = (select sum(spend) from ad_account_daily where brand_id = ${brandId} and platform = 'meta')
          and (select sum(cost_micros) / 1000000.0 from google_campaign_daily where brand_id = ${brandId}) = (select sum(spend) from ad_account_daily where brand_id = ${brandId} and platform = 'google_ads')
          and (select count(*) from ad_account_daily where brand_id = ${brandId}) = ${(META_ACCOUNTS + GOOGLE_ACCOUNTS) * HISTORY_DAYS}
          and (select sum(cost_micros) from google_view_daily where brand_id = ${brandId}) = (select sum(cost_micros) from google_view_monthly where brand_id = ${brandId})
          and (select sum(clicks) from google_view_daily where brand_id = ${brandId}) = (select sum(clicks) from google_view_monthly where brand_id = ${brandId}) as ok`,
  );
  if (!r?.ok) throw new Error('ad_account_daily or google_view_monthly does not agree with the facts they come from');
}


export function cookieFrom(res: { headers: Record<string, unknown> }, name: string): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw.map(String) : raw ? [String(raw)] : [];
  const found = list.find((c) => c.startsWith(`${name}=`));
  if (!found) throw new Error(`no ${name} cookie in the login response`);
  return found.split(';')[0]!;
}

export interface LargeBrand {
  brandId: string;
  /** the session cookie (name=value) of the brand's user */
  cookie: string;
  /** the brand's today and yesterday, and the first of its 730 days */
  today: string;
  yesterday: string;
  first: string;
  seedSeconds: number;
  /** rows per table */
  counts: Record<string, number>;
  /** seconds per seeding step */
  steps: Steps;
}

type App = Awaited<ReturnType<typeof buildApp>>;

/** Signs a user up and in through the app, then seeds the brand for it: two years ending the day before `now`. */
export async function seedLargeBrand(app: App, db: Database, config: Config, now: Date = NOW, reused = false): Promise<LargeBrand> {
  const credentials = { email: 'bench@example.com', password: 'bench-password-1' };
  // the Host a browser on PUBLIC_URL sends: a production-mode app (bench/load's seeding) refuses any other (421)
  const headers = { origin: ORIGIN, host: new URL(ORIGIN).host };
  if (!reused) {
    const signup = await app.inject({ method: 'POST', url: '/api/auth/signup', headers, payload: { username: 'bench', ...credentials } });
    if (signup.statusCode !== 201) throw new Error(`signup: HTTP ${signup.statusCode} ${signup.body}`);
  }
  const login = await app.inject({ method: 'POST', url: '/api/auth/login/normal', headers, payload: credentials });
  if (login.statusCode !== 200) throw new Error(`login: HTTP ${login.statusCode} ${login.body}`);
  const cookie = cookieFrom(login, config.session.cookieName);
  const userId = (login.json() as { user: { id: string } }).user.id;

  const today = todayIn(TIMEZONE, now);
  const yesterday = addDays(today, -1);
  const first = addDays(yesterday, -(HISTORY_DAYS - 1));
  const conn = (platform: 'meta' | 'google_ads' | 'ga4', accountId: string, accountName: string) => ({
    platform,
    accountId,
    accountName,
    managerId: platform === 'google_ads' ? '9000000001' : null,
    grantId: null,
  });
  const steps: Steps = [];
  if (reused) {
    // an earlier run seeded this database for the same `now`: only a new session is needed
    const [brand] = await queryRows<{ id: string }>(db, sql`select id from brands where name = 'Benchmark_Brand'`);
    if (!brand) throw new Error('BENCH_REUSE_DATABASE: no Benchmark_Brand in that database');
    return { brandId: brand.id, cookie, today, yesterday, first, seedSeconds: 0, counts: await countRows(db), steps };
  }
  const seedStarted = performance.now();
  const brandId = await insertBrand(db, {
    name: 'Benchmark_Brand',
    currency: 'USD',
    timezone: TIMEZONE,
    userId,
    connections: [
      ...Array.from({ length: META_ACCOUNTS }, (_, k) => conn('meta', metaAccountId(k), `Meta account ${k + 1}`)),
      ...Array.from({ length: GOOGLE_ACCOUNTS }, (_, k) => conn('google_ads', googleCustomerId(k), `Google Ads account ${k + 1}`)),
      conn('ga4', GA4_PROPERTY, 'Web property'),
    ],
  });
  // reports need a paid plan (402 on Free): the benchmark brand is on Growth, as an approved charge makes it
  await saveSubscription(db, { brandId, shop: 'benchmark-brand.myshopify.com', plan: 'GROWTH', status: 'active', chargeId: 'bench', trialEndsOn: null, billingOn: null });
  await seedFacts(db, steps, brandId, first, yesterday);
  await step(steps, 'meta breakdowns, ad sets, interests', () => seedMetaReportFacts(db, brandId, first, HISTORY_DAYS, META_ACCOUNTS, META_CAMPAIGNS));
  await step(steps, 'sync_windows', () => seedCheckpoints(db, brandId, yesterday, now));
  // what autovacuum would have done on a server by the time anyone reads two years of history
  await step(steps, 'analyze', () => db.execute(sql`analyze`));
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  await checkRollup(db, brandId);
  return { brandId, cookie, today, yesterday, first, seedSeconds, counts: await countRows(db), steps };
}

async function countRows(db: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const t of ['meta_campaigns', 'meta_ad_daily', 'meta_ad_monthly', 'meta_campaign_month_to_date', 'meta_interest_daily', 'meta_interest_monthly', 'meta_interest_month_to_date', 'meta_breakdown_daily', 'meta_adset_interests', 'google_campaign_daily', 'google_view_daily', 'google_view_monthly', 'ad_account_daily', 'ga4_daily', 'ga4_dimension_daily', 'ga4_dimension_monthly', 'ga4_dimension_month_values', 'ga4_dimension_day_values', 'ga4_dimension_month_to_date', 'ga4_dimension_year_to_date', 'sync_windows']) counts[t] = await count(db, t);
  return counts;
}
