import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '@parallels/server/app';
import { loadConfig } from '@parallels/server/config';
import { openDatabase, queryRows, type Database, type DatabaseHandle } from '@parallels/server/db/client';
import { syncWindows } from '@parallels/server/db/facts-schema';
import { createServerDatabase } from '@parallels/server/db/scratch-database';
import { findSessionUser } from '@parallels/server/modules/auth/auth.sql';
import { hashSessionId } from '@parallels/server/modules/auth/session-token';
import { insertBrand } from '@parallels/server/modules/brands/brands.sql';
import { brandToday } from '@parallels/server/modules/reports/report-days';
import { loadSourceConnections } from '@parallels/server/modules/reports/reports.sql';
import { sumAdAccounts, sumAdAccountsByAccount, sumGa4Funnel } from '@parallels/server/modules/summary/summary.sql';
import { BACKFILL_STREAM } from '@parallels/server/sync/backfill.job';
import { addDays, backfillWindows, HISTORY_DAYS } from '@parallels/server/sync/windows';

/**
 * bench/reports: report latency on a large benchmark brand (ARCHITECTURE.md, Budgets: "any report on the
 * large benchmark brand, two-year range: p95 under 100 ms, and within 1.5x of the raw SQL time").
 *
 * The brand: 6 Meta and 4 Google Ads accounts, 1,000 campaigns, every campaign delivering every day for two
 * years (730 days ending yesterday), and a GA4 property. Facts are bulk-inserted with INSERT ... SELECT;
 * ad_account_daily is then rolled up with the window writer's own statements and every connection gets the
 * checkpoints a two-year backfill commits, so the reports see a fully synced brand.
 *
 * Each report endpoint is called through app.inject (the whole Fastify stack: CSRF origin check, session,
 * brand-access hook, body validation, response serialization) and, alternately, the SQL the request runs is
 * called directly with the same arguments: the "raw SQL" time the budget compares against. That is the
 * session query (which also checks access to the brand and loads its currency and timezone) plus the
 * report's own queries; the report's queries alone are printed beside it.
 *
 * BENCH_DATABASE_URL=postgres://...  run on PostgreSQL (a scratch database is created and dropped); default PGlite
 * BENCH_REPORT_REQUESTS=200           measured requests per case (after BENCH_REPORT_WARMUP=20 warm-up requests)
 */

const NOW = new Date('2026-11-22T12:00:00Z');
const TIMEZONE = 'America/New_York';
const ORIGIN = 'http://localhost:3000';
const META_ACCOUNTS = 6;
const GOOGLE_ACCOUNTS = 4;
const META_CAMPAIGNS = 600;
const GOOGLE_CAMPAIGNS = 400;
const GA4_PROPERTY = '345678901';
const P95_BUDGET_MS = 100;
const RATIO_BUDGET = 1.5;

const positiveInt = (name: string, fallback: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer, got '${raw}'`);
  return n;
};
const REQUESTS = positiveInt('BENCH_REPORT_REQUESTS', 200);
const WARMUP = positiveInt('BENCH_REPORT_WARMUP', 20);

const metaAccountId = (k: number) => `act_${100000001 + k}`;
const googleCustomerId = (k: number) => String(1000000001 + k);

// ---------------------------------------------------------------------------------------------------------------
// The database: PGlite in a fresh temp dir, or a scratch database on the PostgreSQL server named by the URL.

interface Opened {
  database: DatabaseHandle;
  label: string;
  cleanup(): Promise<void>;
}

async function openBenchDatabase(): Promise<Opened> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (adminUrl) {
    const server = await createServerDatabase(adminUrl, 'parallels_bench');
    try {
      const database = await openDatabase({ url: server.url });
      return { database, label: `PostgreSQL (scratch database ${server.name} on ${new URL(adminUrl).host})`, cleanup: server.drop };
    } catch (e) {
      await server.drop();
      throw e;
    }
  }
  const dir = mkdtempSync(join(tmpdir(), 'parallels-bench-reports-'));
  const database = await openDatabase({ dataDir: dir });
  return { database, label: `PGlite (in-process, ${dir})`, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
}

// ---------------------------------------------------------------------------------------------------------------
// Seeding

const count = async (db: Database, table: string): Promise<number> => (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;

/** Seconds per seeding step, printed with the row counts. */
const seedSteps: Array<[string, number]> = [];
async function step(name: string, fn: () => Promise<unknown>): Promise<void> {
  const t0 = performance.now();
  await fn();
  seedSteps.push([name, (performance.now() - t0) / 1000]);
}

async function seedFacts(db: Database, brandId: string, first: string, last: string): Promise<void> {
  const days = HISTORY_DAYS - 1;
  // A deterministic pseudo-random h in [0, 10007) per campaign-day drives every figure.
  await step('meta_campaigns', () =>
    db.execute(sql`
      insert into meta_campaigns (brand_id, account_id, campaign_id, name, status, effective_status, objective)
      select ${brandId}::uuid, 'act_' || (100000001 + n % ${META_ACCOUNTS}), 'm' || n, 'Meta campaign ' || n, 'ACTIVE', 'ACTIVE', 'OUTCOME_SALES'
      from generate_series(0, ${META_CAMPAIGNS - 1}) n`),
  );
  await step('meta_ad_daily', () =>
    db.execute(sql`
      insert into meta_ad_daily (brand_id, account_id, level, entity_id, date, campaign_id, campaign_name, spend, impressions, clicks, reach,
        link_clicks, unique_link_clicks, outbound_clicks, landing_page_views, add_to_cart, initiate_checkout, purchases, purchase_value, video_three_second_views)
      select ${brandId}::uuid, 'act_' || (100000001 + n % ${META_ACCOUNTS}), 'campaign', 'm' || n, ${first}::date + i, 'm' || n, 'Meta campaign ' || n,
        round(h / 100.0, 2), 500 + h * 3, 5 + h % 97, 400 + h * 2,
        3 + h % 71, 2 + h % 61, 1 + h % 43, 1 + h % 37, h % 13, h % 9, h % 5, round((h % 5) * (19.99 + n % 50), 2), h % 211
      from generate_series(0, ${META_CAMPAIGNS - 1}) n cross join generate_series(0, ${days}) i
        cross join lateral (select (n * 7919 + i * 104729) % 10007 as h) s`),
  );
  await step('google_campaign_daily', () =>
    db.execute(sql`
      insert into google_campaign_daily (brand_id, customer_id, campaign_id, date, campaign_name, status, channel_type, cost_micros, impressions, clicks, conversions, conversions_value)
      select ${brandId}::uuid, (1000000001 + n % ${GOOGLE_ACCOUNTS})::text, 'g' || n, ${first}::date + i, 'Google campaign ' || n, 'ENABLED',
        case when n % 2 = 0 then 'SEARCH' else 'PERFORMANCE_MAX' end,
        1000000 + h * 12345, 300 + h * 2, 2 + h % 53, (h % 11) / 4.0, round((h % 11) * 12.5, 2)
      from generate_series(0, ${GOOGLE_CAMPAIGNS - 1}) n cross join generate_series(0, ${days}) i
        cross join lateral (select (n * 7919 + i * 104729) % 10007 as h) s`),
  );
  await step('ga4_daily', () =>
    db.execute(sql`
      insert into ga4_daily (brand_id, property_id, date, sessions, add_to_carts, checkouts, purchases, purchase_revenue)
      select ${brandId}::uuid, ${GA4_PROPERTY}, ${first}::date + i, 2000 + h % 3000, 200 + h % 300, 80 + h % 120, 20 + h % 40, round((20 + h % 40) * 54.5, 2)
      from generate_series(0, ${days}) i cross join lateral (select (i * 104729) % 10007 as h) s`),
  );
  // ad_account_daily exactly as sync/facts-writer.ts rollUpAdAccountDays writes it. The writer runs these per
  // account and window; the backfill windows partition the days, so one statement per platform over every
  // account and the whole two years yields the same rows (the same statements seed it in migration 0003).
  await step('ad_account_daily meta', () =>
    db.execute(sql`
      insert into ad_account_daily (brand_id, platform, account_id, date, spend, revenue, purchases, clicks, impressions)
      select brand_id, 'meta', account_id, date, sum(spend), sum(purchase_value), sum(purchases), sum(clicks), sum(impressions)
      from meta_ad_daily
      where brand_id = ${brandId} and level = 'campaign' and date between ${first} and ${last}
      group by brand_id, account_id, date`),
  );
  await step('ad_account_daily google', () =>
    db.execute(sql`
      insert into ad_account_daily (brand_id, platform, account_id, date, spend, revenue, purchases, clicks, impressions)
      select brand_id, 'google_ads', customer_id, date, sum(cost_micros) / 1000000.0, sum(conversions_value), sum(conversions), sum(clicks), sum(impressions)
      from google_campaign_daily
      where brand_id = ${brandId} and date between ${first} and ${last}
      group by brand_id, customer_id, date`),
  );
}

/** The checkpoints a finished two-year backfill leaves: every window of backfillWindows() for each connection. */
async function seedCheckpoints(db: Database, brandId: string, yesterday: string): Promise<void> {
  const conns = await queryRows<{ id: string; platform: string; account_id: string }>(db, sql`select id, platform, account_id from connections where brand_id = ${brandId}`);
  const perDay = (platform: string): number => (platform === 'meta' ? META_CAMPAIGNS / META_ACCOUNTS : platform === 'google_ads' ? GOOGLE_CAMPAIGNS / GOOGLE_ACCOUNTS : 1);
  const rows = conns.flatMap((c) =>
    backfillWindows(yesterday).map((w) => ({
      connectionId: c.id,
      stream: BACKFILL_STREAM,
      windowFrom: w.from,
      windowTo: w.to,
      rows: perDay(c.platform) * (Math.round((Date.parse(w.to) - Date.parse(w.from)) / 86_400_000) + 1),
      calls: 1,
      completedAt: NOW,
    })),
  );
  await db.insert(syncWindows).values(rows);
  await db.execute(sql`update connections set sync_state = 'fresh', backfill_progress = 1, last_synced_at = ${NOW.toISOString()}::timestamptz where brand_id = ${brandId}`);
}

/** The rollup must agree with the facts it came from, or the bench would measure the wrong data. */
async function checkRollup(db: Database, brandId: string): Promise<void> {
  const [r] = await queryRows<{ ok: boolean }>(
    db,
    sql`select (select sum(spend) from meta_ad_daily where brand_id = ${brandId} and level = 'campaign') = (select sum(spend) from ad_account_daily where brand_id = ${brandId} and platform = 'meta')
          and (select sum(cost_micros) / 1000000.0 from google_campaign_daily where brand_id = ${brandId}) = (select sum(spend) from ad_account_daily where brand_id = ${brandId} and platform = 'google_ads')
          and (select count(*) from ad_account_daily where brand_id = ${brandId}) = ${(META_ACCOUNTS + GOOGLE_ACCOUNTS) * HISTORY_DAYS} as ok`,
  );
  if (!r?.ok) throw new Error('ad_account_daily does not agree with the campaign rows');
}

// ---------------------------------------------------------------------------------------------------------------
// Measuring

interface Reply {
  statusCode: number;
  body: string;
}

type App = Awaited<ReturnType<typeof buildApp>>;

interface Case {
  endpoint: string;
  range: string;
  method: 'GET' | 'POST';
  url: string;
  payload?: object;
  /** the report's own SQL (what the service runs once access is checked), called directly with the same arguments */
  report: () => Promise<unknown>;
}

let requestHeaders: Record<string, string> = {};
const send = (app: App, c: Pick<Case, 'method' | 'url' | 'payload'>): Promise<Reply> =>
  app.inject({ method: c.method, url: c.url, headers: requestHeaders, ...(c.payload ? { payload: c.payload } : {}) });

interface Timing {
  p50: number;
  p95: number;
  p99: number;
}

const ms = (v: number) => `${v < 10 ? v.toFixed(2) : v.toFixed(1)} ms`;

function percentiles(samples: number[]): Timing {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
  return { p50: at(50), p95: at(95), p99: at(99) };
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

/**
 * Endpoint, the request's raw SQL and the report's SQL alone take turns, so all three see the same cache, GC
 * and JIT conditions. `session` is the request's first query: the session, its user and access to the brand.
 */
async function measure(app: App, c: Case, session: () => Promise<unknown>): Promise<{ endpoint: Timing; raw: Timing; report: Timing }> {
  const endpoint: number[] = [];
  const raw: number[] = [];
  const report: number[] = [];
  const call = async () => {
    const res = await send(app, c);
    if (res.statusCode !== 200) throw new Error(`${c.endpoint} ${c.range}: HTTP ${res.statusCode} ${res.body.slice(0, 300)}`);
  };
  const requestSql = async () => {
    await session();
    await c.report();
  };
  for (let i = 0; i < WARMUP; i++) {
    await call();
    await requestSql();
    await c.report();
  }
  for (let i = 0; i < REQUESTS; i++) {
    endpoint.push(await timed(call));
    raw.push(await timed(requestSql));
    report.push(await timed(c.report));
  }
  return { endpoint: percentiles(endpoint), raw: percentiles(raw), report: percentiles(report) };
}

/**
 * Where an endpoint's time goes: a second app on the same database with a timestamp at each lifecycle hook
 * (added after buildApp's own, so the session hook runs before our preValidation stamp and the route's
 * brand-access hook after it). Kept out of the measured app so the main figures carry no instrumentation.
 */
async function instrumented(probe: App): Promise<(c: Case) => Promise<string>> {
  const stamps = new WeakMap<object, number[]>();
  const stamp = (req: object, at: number) => {
    const list = stamps.get(req) ?? [];
    list[at] = performance.now();
    stamps.set(req, list);
    return list;
  };
  let last: number[] = [];
  probe.addHook('onRequest', async (req) => void stamp(req, 0));
  probe.addHook('preValidation', async (req) => void stamp(req, 1));
  probe.addHook('preHandler', async (req) => void stamp(req, 2));
  probe.addHook('preSerialization', async (req, _reply, payload) => {
    stamp(req, 3);
    return payload;
  });
  probe.addHook('onResponse', async (req) => void (last = stamp(req, 4)));
  await probe.ready();
  return async (c: Case) => {
    const phases: number[][] = [[], [], [], [], []];
    for (let i = 0; i < WARMUP + REQUESTS; i++) {
      last = [];
      const t0 = performance.now();
      const res = await send(probe, c);
      const t1 = performance.now();
      if (res.statusCode !== 200 || last.length !== 5) throw new Error(`${c.endpoint} ${c.range}: HTTP ${res.statusCode} in the breakdown`);
      if (i < WARMUP) continue;
      const [onRequest, preValidation, preHandler, preSerialization, onResponse] = last as [number, number, number, number, number];
      phases[0]!.push(onRequest - t0 + (t1 - onResponse));
      phases[1]!.push(preValidation - onRequest);
      phases[2]!.push(preHandler - preValidation);
      phases[3]!.push(preSerialization - preHandler);
      phases[4]!.push(onResponse - preSerialization);
    }
    const p50 = phases.map((p) => ms(percentiles(p).p50));
    return `inject + routing ${p50[0]}, body parse + session and brand-access query ${p50[1]}, access check + body validation ${p50[2]}, handler (the report's SQL + assembly) ${p50[3]}, response validation + serialization ${p50[4]}`;
  };
}


/**
 * The budget: p95 under 100 ms, and the endpoint's time within 1.5x of the raw SQL's, compared at the median.
 * The tails are compared too (printed), but not judged: on 2 cores a young-generation GC pause (~1.3 ms, every
 * few requests, mostly from PGlite copying results out of WebAssembly) lands in whichever sample allocates
 * past the threshold, and the endpoint, which also allocates for HTTP, catches more of them than the bare SQL.
 */
function judge(endpoint: Timing, raw: Timing): { ok: boolean; text: string } {
  const slow = endpoint.p95 > P95_BUDGET_MS;
  const ratioOver = endpoint.p50 / raw.p50 > RATIO_BUDGET;
  if (!slow && !ratioOver) return { ok: true, text: 'OK' };
  const why = [slow ? `p95 over ${P95_BUDGET_MS} ms` : '', ratioOver ? `ratio over ${RATIO_BUDGET}x` : ''].filter(Boolean).join(', ');
  return { ok: false, text: `OVER BUDGET (${why})` };
}

// ---------------------------------------------------------------------------------------------------------------

function cookieFrom(res: { headers: Record<string, unknown> }, name: string): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw.map(String) : raw ? [String(raw)] : [];
  const found = list.find((c) => c.startsWith(`${name}=`));
  if (!found) throw new Error(`no ${name} cookie in the login response`);
  return found.split(';')[0]!;
}

interface SummaryPeriodDays {
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
}

const opened = await openBenchDatabase();
const { database } = opened;
const db = database.db;
// Ctrl-C still removes the temp dir or drops the scratch database (forcing the connections closed); the
// interrupted statement's error is then expected and not reported.
let cleaning: Promise<void> | undefined;
const cleanup = () => (cleaning ??= opened.cleanup());
let interrupted = false;
const onInterrupt = () => {
  interrupted = true;
  void cleanup().finally(() => process.exit(130));
};
process.once('SIGINT', onInterrupt);
try {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', TOKEN_ENCRYPTION_KEYS: `bench:${Buffer.alloc(32, 7).toString('base64')}` });
  const app = await buildApp({ config, database, sync: false, emulators: false, now: () => NOW });
  await app.ready();
  try {
    // A user with a session, signed up and logged in like the web app does.
    const credentials = { email: 'bench@example.com', password: 'bench-password-1' };
    const signup = await app.inject({ method: 'POST', url: '/api/auth/signup', headers: { origin: ORIGIN }, payload: { username: 'bench', ...credentials } });
    if (signup.statusCode !== 201) throw new Error(`signup: HTTP ${signup.statusCode} ${signup.body}`);
    const login = await app.inject({ method: 'POST', url: '/api/auth/login/normal', headers: { origin: ORIGIN }, payload: credentials });
    if (login.statusCode !== 200) throw new Error(`login: HTTP ${login.statusCode} ${login.body}`);
    const cookie = cookieFrom(login, config.session.cookieName);
    const userId = (login.json() as { user: { id: string } }).user.id;

    const today = brandToday(TIMEZONE, NOW);
    const yesterday = addDays(today, -1);
    const first = addDays(yesterday, -(HISTORY_DAYS - 1));
    const conn = (platform: 'meta' | 'google_ads' | 'ga4', accountId: string, accountName: string) => ({
      platform,
      accountId,
      accountName,
      managerId: platform === 'google_ads' ? '9000000001' : null,
      grantId: null,
    });
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
    await seedFacts(db, brandId, first, yesterday);
    await step('sync_windows', () => seedCheckpoints(db, brandId, yesterday));
    // what autovacuum would have done on a server by the time anyone reads two years of history
    await step('analyze', () => db.execute(sql`analyze`));
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    await checkRollup(db, brandId);

    const counts: Record<string, number> = {};
    for (const t of ['meta_campaigns', 'meta_ad_daily', 'google_campaign_daily', 'ad_account_daily', 'ga4_daily', 'sync_windows']) counts[t] = await count(db, t);
    const factRows = counts.meta_ad_daily! + counts.google_campaign_daily! + counts.ad_account_daily! + counts.ga4_daily!;
    console.log(`reports: ${opened.label}; ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}; now pinned to ${NOW.toISOString()} (${TIMEZONE}: today ${today}); days ${first}..${yesterday}`);
    console.log(
      `reports: seeded ${META_ACCOUNTS} Meta + ${GOOGLE_ACCOUNTS} Google Ads accounts, ${META_CAMPAIGNS + GOOGLE_CAMPAIGNS} campaigns, 1 GA4 property in ${seedSeconds.toFixed(1)} s ` +
        `(${Math.round(factRows / seedSeconds).toLocaleString('en-US')} fact rows/s, incl. rollup, checkpoints and ANALYZE)`,
    );
    console.log(`reports: rows: ${Object.entries(counts).map(([t, n]) => `${t} ${n.toLocaleString('en-US')}`).join(', ')}`);
    console.log(`reports: seeding steps: ${seedSteps.map(([name, s]) => `${name} ${s.toFixed(1)} s`).join(', ')}`);

    // -------------------------------------------------------------------------------------------------------
    // The cases: each endpoint through the whole stack, and the SQL its service runs, with its arguments.
    requestHeaders = { cookie, origin: ORIGIN };
    const ranges = { 'last-30-days': { startDate: addDays(today, -30), endDate: yesterday }, 'two-years': { startDate: first, endDate: yesterday } };
    const cases: Case[] = [];

    // summary.service buildSummary: loadReportBrand, loadSourceConnections, then one sum over every period's
    // current and previous range (the periods the service answered with, so the arguments are the same).
    const summarySources = [
      { source: 'facebook-ads', platform: 'meta', metric: 'metaspend', sumKey: 'spend' },
      { source: 'google-ads', platform: 'google_ads', metric: 'spend', sumKey: 'spend' },
      { source: 'analytics', platform: 'ga4', metric: 'sessions', sumKey: 'sessions' },
    ] as const;
    for (const s of summarySources) {
      const bodies: Array<[string, object]> = [['{}', {}], ...Object.entries(ranges)];
      for (const [label, body] of bodies) {
        const request = { method: 'POST', url: `/api/summary/${s.source}/${brandId}`, payload: body } as const;
        const reply = await send(app, request);
        if (reply.statusCode !== 200) throw new Error(`summary ${s.source} ${label}: HTTP ${reply.statusCode} ${reply.body.slice(0, 300)}`);
        const answer = JSON.parse(reply.body) as { periods: Record<string, SummaryPeriodDays>; periodData: Record<string, Record<string, { current: number | null }>> };
        const summaryRanges: Record<string, { from: string; to: string }> = {};
        for (const [key, p] of Object.entries(answer.periods)) {
          summaryRanges[`${key}:current`] = { from: p.from, to: p.to };
          summaryRanges[`${key}:previous`] = { from: p.previousFrom, to: p.previousTo };
        }
        const report = async () => {
          const conns = await loadSourceConnections(db, brandId, s.platform);
          const ids = conns.map((c) => c.accountId);
          return s.platform === 'ga4' ? sumGa4Funnel(db, brandId, ids, summaryRanges) : sumAdAccounts(db, brandId, s.platform, ids, summaryRanges);
        };
        // the raw SQL must be the work behind the answer: its sums are the figures the endpoint showed
        const sums = (await report()) as unknown as Record<string, Record<string, number>>;
        for (const key of Object.keys(answer.periods)) {
          const shown = answer.periodData[key]?.[s.metric]?.current;
          if (shown === null || shown === undefined) {
            if (key !== 'custom' && label === '{}') throw new Error(`summary ${s.source}: ${key} has no figure on a fully synced brand`);
            continue;
          }
          if (Math.abs(shown - sums[`${key}:current`]![s.sumKey]!) > 1e-6) throw new Error(`summary ${s.source} ${label} ${key}: endpoint ${shown} vs raw SQL ${sums[`${key}:current`]![s.sumKey]}`);
        }
        cases.push({ endpoint: `summary/${s.source}`, range: label, ...request, report });
      }
    }

    // ad-metrics.service accountFigures: loadSourceConnections, sumAdAccountsByAccount(range).
    const adMetrics = [
      { name: 'fbAd', platform: 'meta', accounts: META_ACCOUNTS },
      { name: 'googleAdAndCampaign', platform: 'google_ads', accounts: GOOGLE_ACCOUNTS },
    ] as const;
    for (const m of adMetrics) {
      for (const [label, body] of Object.entries(ranges)) {
        const request = { method: 'POST', url: `/api/metrics/${m.name}/${brandId}`, payload: body } as const;
        const answer = await send(app, request);
        const rows = (JSON.parse(answer.body) as { data?: Array<{ spend?: number | null; adMetrics?: unknown }> }).data ?? [];
        const filled = rows.filter((r) => (m.platform === 'meta' ? r.spend !== null : r.adMetrics !== null)).length;
        if (answer.statusCode !== 200 || filled !== m.accounts) throw new Error(`${m.name} ${label}: HTTP ${answer.statusCode}, ${filled} of ${m.accounts} accounts with figures`);
        const range = { from: body.startDate, to: body.endDate };
        cases.push({
          endpoint: m.name,
          range: label,
          ...request,
          report: async () => {
            await loadSourceConnections(db, brandId, m.platform);
            return sumAdAccountsByAccount(db, brandId, m.platform, range);
          },
        });
      }
    }

    // brands.route currency: the currency comes with the access check (request.brand); no query of its own.
    cases.push({ endpoint: 'currency', range: '(no range)', method: 'GET', url: `/api/brands/currency/${brandId}`, report: async () => undefined });

    // Every brand-scoped request's first query: the session, its user, and access to the brand with its
    // currency and timezone (the session hook's one query).
    const sessionHash = hashSessionId(cookie.slice(cookie.indexOf('=') + 1));
    const session = async () => {
      if (!(await findSessionUser(db, sessionHash, brandId))?.brand) throw new Error('the session query found no access to the benchmark brand');
    };
    await session();
    console.log(
      `reports: ${REQUESTS} requests per case after ${WARMUP} warm-up; endpoint, raw SQL and the report's SQL alone take turns. Raw SQL = what ` +
        `the request runs, called directly: the session query (user, brand access, currency, timezone) + the report's queries`,
    );

    const started = performance.now();
    let ok = 0;
    const overheadsP50: number[] = [];
    let worstP95 = 0;
    for (const c of cases) {
      const { endpoint, raw, report } = await measure(app, c, session);
      const verdict = judge(endpoint, raw);
      if (verdict.ok) ok++;
      overheadsP50.push(endpoint.p50 - raw.p50);
      worstP95 = Math.max(worstP95, endpoint.p95);
      console.log(
        `reports: ${c.endpoint} ${c.range} p50 ${ms(endpoint.p50)} p95 ${ms(endpoint.p95)} p99 ${ms(endpoint.p99)} ` +
          `(raw SQL p50 ${ms(raw.p50)} p95 ${ms(raw.p95)}; ratio p50 ${(endpoint.p50 / raw.p50).toFixed(2)}, p95 ${(endpoint.p95 / raw.p95).toFixed(2)}; the report's SQL alone p50 ${ms(report.p50)} p95 ${ms(report.p95)}) ${verdict.text}`,
      );
    }
    console.log(
      `reports: verdict vs budget (p95 < ${P95_BUDGET_MS} ms, and p50 within ${RATIO_BUDGET}x of the raw SQL's p50): ${ok} of ${cases.length} OK` +
        (ok < cases.length ? `, ${cases.length - ok} OVER BUDGET` : '') +
        `; measured in ${((performance.now() - started) / 1000).toFixed(1)} s, load average now ${loadavg()[0]!.toFixed(1)}` +
        (loadavg()[0]! > cpus().length ? ' (busy machine: the figures include waiting for a CPU)' : ''),
    );
    console.log(
      `reports: slowest endpoint p95 ${ms(worstP95)} (budget ${P95_BUDGET_MS} ms); endpoint minus raw SQL at p50: ${ms(Math.min(...overheadsP50))} to ${ms(Math.max(...overheadsP50))} ` +
        `across endpoints and ranges: the work outside SQL (routing, validation, serialization; broken down below)`,
    );
    const probe = await buildApp({ config, database, sync: false, emulators: false, now: () => NOW });
    try {
      const breakdown = await instrumented(probe);
      const probed = ['summary/facebook-ads two-years', 'fbAd two-years', 'currency (no range)'];
      for (const c of cases.filter((x) => probed.includes(`${x.endpoint} ${x.range}`))) console.log(`reports: where the time goes (p50), ${c.endpoint} ${c.range}: ${await breakdown(c)}`);
    } finally {
      await probe.close();
    }
  } finally {
    await app.close();
  }
} catch (e) {
  if (!interrupted) throw e;
} finally {
  process.off('SIGINT', onInterrupt);
  await database.close().catch(() => undefined);
  await cleanup();
}
