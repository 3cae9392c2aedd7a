import { cpus, loadavg } from 'node:os';
import { buildApp } from '@parallels/server/app';
import { loadConfig } from '@parallels/server/config';
import { findSessionUser } from '@parallels/server/modules/auth/auth.sql';
import { hashSessionId } from '@parallels/server/modules/auth/session-token';
import { loadSourceConnections } from '@parallels/server/modules/reports/reports.sql';
import { sumAdAccounts, sumGa4Funnel } from '@parallels/server/modules/summary/summary.sql';
import { sumAdAccountsByAccount } from '@parallels/server/modules/ad-metrics/ad-metrics.sql';
import { addDays } from '@parallels/contract/days';
import { dailySums } from '@parallels/server/modules/marketing-insights/marketing-insights.sql';
import { listUserTargets, sumAdRanges } from '@parallels/server/modules/targets/targets.sql';
import { conversionMonthSums, conversionRangeSums, conversionValueMonths, splitByWholeMonths } from '@parallels/server/modules/analytics/conversion-reports.sql';
import { funnelDays } from '@parallels/server/modules/analytics/funnel-reports.sql';
import { CONVERSION_REPORTS } from '@parallels/contract/analytics';
import { breakdownMonthSums } from '@parallels/server/modules/meta-reports/meta-reports.sql';
import { campaignSums } from '@parallels/server/modules/meta-campaigns/meta-campaigns.sql';
import { brandLabels } from '@parallels/server/modules/meta-campaigns/campaign-labels.sql';
import { campaignSetSubject, clearRangeReachCache } from '@parallels/server/modules/meta-campaigns/range-reach';
import { freshRangeReach, storeRangeReach } from '@parallels/server/modules/meta-campaigns/range-reach.sql';
import { interestSums } from '@parallels/server/modules/meta-interest/meta-interest.sql';
import { META_REPORT_BREAKDOWNS, META_REPORT_TABS } from '@parallels/contract/meta-reports';
import { GOOGLE_ACCOUNTS, GOOGLE_CAMPAIGNS, META_ACCOUNTS, META_CAMPAIGNS, NOW, openBenchDatabase, ORIGIN, seedLargeBrand, TIMEZONE } from './large-brand.js';
import { freePort, positiveInt } from './common.js';
import Fastify from 'fastify';
import { mountEmulators } from '@parallels/emulators/index';
import { fetchCampaignRangeReach, fetchCampaignSetRangeReach } from '@parallels/server/connectors/meta/meta-range-reach';
import type { PlatformsConfig } from '@parallels/server/config';
import { presetReportPage, viewMonthSums, viewReportPage, type ReportPageQuery } from '@parallels/server/modules/google-reports/google-reports.sql';
import { presetSearchTermReport, productSums, searchTermReport } from '@parallels/server/modules/segment/segment.sql';
import { PRESET_VIEWS, presetBuilds, rebuildGoogleViewPresets } from '@parallels/server/db/google-view-presets.sql';
import { presetRanges } from '@parallels/contract/report-presets';
import { HISTORY_DAYS } from '@parallels/server/sync/windows';

/**
 * bench/reports: report latency on a large benchmark brand (ARCHITECTURE.md, Budgets: "any report on the
 * large benchmark brand, two-year range: p95 under 100 ms, and within 1.5x of the raw SQL time").
 *
 * The brand: large-brand.ts (6 Meta and 4 Google Ads accounts, 1,000 campaigns delivering every day for two years).
 *
 * Each report endpoint is called through app.inject (the whole Fastify stack: CSRF origin check, session,
 * brand-access hook, body validation, response serialization) and, alternately, the SQL the request runs is
 * called directly with the same arguments: the "raw SQL" time the budget compares against. That is the
 * session query (which also checks access to the brand and loads its currency and timezone) plus the
 * report's own queries; the report's queries alone are printed beside it.
 *
 * BENCH_DATABASE_URL=postgres://...  run on PostgreSQL (a scratch database is created and dropped); default PGlite
 * BENCH_KEEP_DATABASE=1              keep that scratch database (or PGlite data directory) afterwards
 * BENCH_REUSE_DATABASE=name|dir      measure a database an earlier run kept, without seeding (same code's schema)
 * BENCH_GOOGLE_PRESETS=off            leave the Google Ads preset summaries unbuilt (the per-request statements answer)
 * BENCH_REPORT_REQUESTS=200           measured requests per case (after BENCH_REPORT_WARMUP=20 warm-up requests)
 * BENCH_REPORT_ONLY=analytics         measure only the endpoints whose name contains this
 */

const P95_BUDGET_MS = 100;
const RATIO_BUDGET = 1.5;

const REQUESTS = positiveInt('BENCH_REPORT_REQUESTS', 200);
const WARMUP = positiveInt('BENCH_REPORT_WARMUP', 20);

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
  /** runs before each request (not timed): the group reach case forgets this process's memory, as a new process */
  before?: () => void;
}

let requestHeaders: Record<string, string> = {};
const injectOptions = (c: Pick<Case, 'method' | 'url' | 'payload'>) => ({ method: c.method, url: c.url, headers: requestHeaders, ...(c.payload ? { payload: c.payload } : {}) });
const send = (app: App, c: Pick<Case, 'method' | 'url' | 'payload'>): Promise<Reply> => app.inject(injectOptions(c));

/**
 * A timed request: the answer is read as bytes, as a socket hands them to a client, and not decoded into a string
 * (light-my-request otherwise concatenates the chunks and decodes them into `body`: for a 3.9 MB answer tens of
 * milliseconds of the bench's own, which no server spends). Not 200: the body decoded, for the error.
 */
async function sendDrained(app: App, c: Pick<Case, 'endpoint' | 'range' | 'method' | 'url' | 'payload'>, what = ''): Promise<void> {
  const res = await app.inject({ ...injectOptions(c), payloadAsStream: true });
  let bytes = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of res.stream()) {
    bytes += (chunk as Buffer).length;
    if (res.statusCode !== 200) chunks.push(chunk as Buffer);
  }
  if (res.statusCode !== 200 || bytes === 0) throw new Error(`${c.endpoint} ${c.range}: HTTP ${res.statusCode}${what} ${Buffer.concat(chunks).toString('utf8').slice(0, 300)}`);
}

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
    c.before?.();
    await sendDrained(app, c);
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
    c.before?.();
    endpoint.push(await timed(() => sendDrained(app, c)));
    raw.push(await timed(requestSql));
    report.push(await timed(c.report));
  }
  return { endpoint: percentiles(endpoint), raw: percentiles(raw), report: percentiles(report) };
}

/**
 * A range reach's first view: what the campaign screen's Meta calls cost when nothing is cached (issue 19 item 8),
 * against the Meta emulator with its realistic latency on (200 ms a Graph read) plus its own work on the demo
 * account's delivery. Measured apart from the budgeted cases: a first view waits on the platform (4 s at most,
 * then the estimate is shown); every later view in the 3 hours reads meta_range_reach (the cached case above).
 */
async function firstViewAgainstEmulator(platforms: PlatformsConfig): Promise<void> {
  const ACT = 'act_100000000000001';
  const CALLS = 5;
  const emulator = Fastify({ logger: false });
  const port = await freePort();
  const { baseUrls } = await mountEmulators(emulator, { publicUrl: `http://127.0.0.1:${port}/sandbox`, prefix: '/sandbox', admin: true });
  await emulator.listen({ port, host: '127.0.0.1' });
  try {
    const admin = (path: string, method: string, body: unknown) => fetch(`${baseUrls.meta}/__admin/${path}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    await admin('quota', 'PUT', { mode: 'realistic', latency: 'realistic' });
    const token = ((await (await admin('tokens', 'POST', {})).json()) as { access_token: string }).access_token;
    const meta = { ...platforms, meta: { ...platforms.meta, graphUrl: baseUrls.meta } };
    const listed = (await (await fetch(`${baseUrls.meta}/v25.0/${ACT}/campaigns?fields=id&limit=500&effective_status=${encodeURIComponent('["ACTIVE","PAUSED","ARCHIVED"]')}&access_token=${token}`)).json()) as { data: Array<{ id: string }> };
    const ids = listed.data.map((c) => c.id);
    const yesterday = addDays(new Date().toISOString().slice(0, 10), -1);
    for (const [label, days] of [['last 30 days', 30], ['last 365 days', 365]] as const) {
      const range = { from: addDays(yesterday, -(days - 1)), to: yesterday };
      const time = async (fn: () => Promise<unknown>) => {
        const samples: number[] = [];
        for (let i = 0; i < CALLS; i++) samples.push(await timed(fn));
        return percentiles(samples);
      };
      const campaigns = await time(() => fetchCampaignRangeReach(meta, token, ACT, range));
      const group = await time(() => fetchCampaignSetRangeReach(meta, token, ACT, ids.slice(0, Math.ceil(ids.length / 2)), range));
      console.log(
        `reports: first view against the Meta emulator (realistic latency, ${CALLS} calls each, load average ${loadavg()[0]!.toFixed(1)}), ${label}: ` +
          `every campaign's range reach of one account (${ids.length} campaigns) p50 ${ms(campaigns.p50)} max ${ms(campaigns.p99)}; ` +
          `one group's reach (${Math.ceil(ids.length / 2)} campaigns, campaign.id IN) p50 ${ms(group.p50)} max ${ms(group.p99)}`,
      );
    }
  } finally {
    await emulator.close();
  }
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
  // a streamed answer (lib/plain-json.ts sendJsonChunks) has no preSerialization: its handler ends at onSend
  probe.addHook('onSend', async (req, _reply, payload) => {
    stamp(req, 5);
    return payload;
  });
  probe.addHook('onResponse', async (req) => void (last = stamp(req, 4)));
  await probe.ready();
  return async (c: Case) => {
    const phases: number[][] = [[], [], [], [], []];
    for (let i = 0; i < WARMUP + REQUESTS; i++) {
      last = [];
      c.before?.();
      const t0 = performance.now();
      await sendDrained(probe, c, ' in the breakdown');
      const t1 = performance.now();
      if (last.length !== 6 || last[4] === undefined) throw new Error(`${c.endpoint} ${c.range}: a hook did not run in the breakdown`);
      if (i < WARMUP) continue;
      const [onRequest, preValidation, preHandler, serialized, onResponse, onSend] = last as [number, number, number, number | undefined, number, number];
      const preSerialization = serialized ?? onSend;
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

interface SummaryPeriodDays {
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
}

const opened = await openBenchDatabase('reports');
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
  // the session is made before seeding, which takes more than the default 30 idle minutes on a busy machine
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SESSION_IDLE_MINUTES: '1440', TOKEN_ENCRYPTION_KEYS: `bench:${Buffer.alloc(32, 7).toString('base64')}` });
  const app = await buildApp({ config, database, sync: false, emulators: false, now: () => NOW });
  await app.ready();
  try {
    const { brandId, cookie, today, yesterday, first, seedSeconds, counts, steps } = await seedLargeBrand(app, db, config, NOW, opened.reused);
    const factRows = counts.meta_ad_daily! + counts.google_campaign_daily! + counts.google_view_daily! + counts.google_view_monthly! + counts.ad_account_daily! + counts.ga4_daily! + counts.ga4_dimension_daily!;
    console.log(`reports: ${opened.label}; ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}; now pinned to ${NOW.toISOString()} (${TIMEZONE}: today ${today}); days ${first}..${yesterday}`);
    console.log(
      `reports: seeded ${META_ACCOUNTS} Meta + ${GOOGLE_ACCOUNTS} Google Ads accounts, ${META_CAMPAIGNS + GOOGLE_CAMPAIGNS} campaigns, 1 GA4 property in ${seedSeconds.toFixed(1)} s ` +
        `(${Math.round(factRows / seedSeconds).toLocaleString('en-US')} fact rows/s, incl. rollup, checkpoints and ANALYZE)`,
    );
    console.log(`reports: rows: ${Object.entries(counts).map(([t, n]) => `${t} ${n.toLocaleString('en-US')}`).join(', ')}`);
    console.log(`reports: seeding steps: ${steps.map(([name, s]) => `${name} ${s.toFixed(1)} s`).join(', ')}`);

    // -------------------------------------------------------------------------------------------------------
    // The cases: each endpoint through the whole stack, and the SQL its service runs, with its arguments.
    requestHeaders = { cookie, origin: ORIGIN };
    const ranges = { 'last-30-days': { startDate: addDays(today, -30), endDate: yesterday }, 'two-years': { startDate: first, endDate: yesterday } };
    const cases: Case[] = [];

    // summary.service buildSummary: loadReportBrand, loadSourceConnections, then one sum over every period's
    // current and previous range (the periods the service answered with, so the arguments are the same), then
    // one sum per day of the trend lines (the last 30 days, and the chosen range when short enough).
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
        const answer = JSON.parse(reply.body) as { periods: Record<string, SummaryPeriodDays>; periodData: Record<string, Record<string, { current: number | null }>>; series?: Array<{ date: string }> };
        const summaryRanges: Record<string, { from: string; to: string }> = {};
        for (const [key, p] of Object.entries(answer.periods)) {
          summaryRanges[`${key}:current`] = { from: p.from, to: p.to };
          summaryRanges[`${key}:previous`] = { from: p.previousFrom, to: p.previousTo };
        }
        // the answer's trend lines (summary.service dailySeries) are a second sum, one range per day shown
        const seriesRanges = Object.fromEntries((answer.series ?? []).map((p) => [p.date, { from: p.date, to: p.date }]));
        const report = async () => {
          const conns = await loadSourceConnections(db, brandId, s.platform);
          const ids = conns.map((c) => c.accountId);
          const sum = (r: Record<string, { from: string; to: string }>) => (s.platform === 'ga4' ? sumGa4Funnel(db, brandId, ids, r) : sumAdAccounts(db, brandId, s.platform, ids, r));
          const periodSums = await sum(summaryRanges);
          if (Object.keys(seriesRanges).length > 0) await sum(seriesRanges);
          return periodSums;
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

    // marketing-insights.service buildPerformanceReport: the three sources' connections, then one per-day sum
    // over the range (and the compare range), with and without compare.
    const performanceSources = ['shopify', 'meta', 'google_ads'] as const;
    const performanceCases: Array<[string, { from: string; to: string }, { from: string; to: string } | null]> = [
      ['last-30-days', { from: ranges['last-30-days'].startDate, to: yesterday }, null],
      ['last-30-days + compare', { from: ranges['last-30-days'].startDate, to: yesterday }, { from: addDays(today, -61), to: addDays(today, -32) }],
      ['two-years', { from: first, to: yesterday }, null],
      ['two-years + compare', { from: first, to: yesterday }, { from: first, to: addDays(first, 364) }],
    ];
    for (const [label, range, compare] of performanceCases) {
      const query = new URLSearchParams({ startDate: range.from, endDate: range.to, ...(compare ? { compareStartDate: compare.from, compareEndDate: compare.to } : {}) });
      const request = { method: 'GET', url: `/api/report/${brandId}?${query.toString()}` } as const;
      const reply = await send(app, request);
      const answer = JSON.parse(reply.body) as { totals?: Record<string, { current: number | null }> };
      if (reply.statusCode !== 200 || answer.totals?.metaSpend?.current == null) throw new Error(`report ${label}: HTTP ${reply.statusCode}, Meta spend ${answer.totals?.metaSpend?.current}`);
      const report = async () => {
        const conns = await Promise.all(performanceSources.map((p) => loadSourceConnections(db, brandId, p)));
        const ids = (i: number) => conns[i]!.map((c) => c.accountId);
        return dailySums(db, brandId, { shops: ids(0), meta: ids(1), google: ids(2) }, compare ? [range, compare] : [range]);
      };
      cases.push({ endpoint: 'report', range: label, ...request, report });
    }

    // analytics: the 15 conversion reports (conversion-reports.service: the GA4 connections, then the sums by value
    // and month) and the funnel's three views (funnel-reports.service: the GA4 connections, then the sums by day),
    // over the two years. Each answer's total sessions must equal its raw SQL's before anything is measured.
    const twoYears = { from: first, to: yesterday };
    for (const report of CONVERSION_REPORTS) {
      const request = { method: 'POST', url: `/api/analytics/${report.call}/${brandId}`, payload: ranges['two-years'] } as const;
      const sql = async () => {
        const conns = await loadSourceConnections(db, brandId, 'ga4');
        return conversionMonthSums(db, brandId, conns.map((c) => c.accountId), report.dimension, twoYears);
      };
      const reply = await send(app, request);
      const rows = (JSON.parse(reply.body) as { data?: Array<{ 'Total Sessions': number | null }> }).data ?? [];
      const shown = rows.reduce((a, r) => a + (r['Total Sessions'] ?? Number.NaN), 0);
      const summed = (await sql()).reduce((a, r) => a + r.sessions, 0);
      if (reply.statusCode !== 200 || rows.length === 0 || shown !== summed) throw new Error(`${report.call}: HTTP ${reply.statusCode}, ${rows.length} rows, sessions ${shown} vs raw SQL ${summed}`);
      cases.push({ endpoint: `analytics/${report.call}`, range: `two-years, all rows (${rows.length} values)`, ...request, report: sql });
      // what the screen asks (decision 014, paged on the server): page 1 of 50, with the counts and header
      // averages of every row, which must be those of the unpaged answer
      const pageRequest = { ...request, payload: { ...ranges['two-years'], page: 1, pageSize: 50 } } as const;
      const pageReply = await send(app, pageRequest);
      const first = JSON.parse(pageReply.body) as { data?: unknown[]; totalRows?: number; averages?: unknown };
      const whole = JSON.parse(reply.body) as { averages?: unknown };
      if (pageReply.statusCode !== 200 || first.data?.length !== Math.min(50, rows.length) || first.totalRows !== rows.length || JSON.stringify(first.averages) !== JSON.stringify(whole.averages)) {
        throw new Error(`${report.call} page 1: HTTP ${pageReply.statusCode}, ${first.data?.length} rows of ${first.totalRows}, averages ${JSON.stringify(first.averages)} vs ${JSON.stringify(whole.averages)}`);
      }
      // a page's queries (decision 014, "Running sums for a range"): every value's range sums from the running sums,
      // then the month cells of the page's 50 values (by synced sessions, biggest first) from the monthly rollup
      const pageSql = async () => {
        const conns = await loadSourceConnections(db, brandId, 'ga4');
        const propertyId = conns[0]!.accountId;
        const { values } = await conversionRangeSums(db, brandId, propertyId, report.dimension, twoYears);
        const top = [...values.values()].sort((a, b) => b.sessions - a.sessions || (a.value < b.value ? -1 : 1)).slice(0, 50);
        const whole = splitByWholeMonths(twoYears).months;
        return whole ? conversionValueMonths(db, brandId, propertyId, report.dimension, whole, top.map((v) => v.value)) : [];
      };
      cases.push({ endpoint: `analytics/${report.call}`, range: `two-years, page 1 of 50 (${rows.length} values)`, ...pageRequest, report: pageSql });
    }
    for (const [call, payload] of [
      ['atcreport', { dateRanges: [ranges['two-years']] }],
      ['dayAtcReport', ranges['two-years']],
      ['monthAtcReport', { dateRanges: [ranges['two-years']] }],
    ] as const) {
      const request = { method: 'POST', url: `/api/analytics/${call}/${brandId}`, payload } as const;
      const reply = await send(app, request);
      if (reply.statusCode !== 200 || !reply.body.includes('"Sessions":')) throw new Error(`${call}: HTTP ${reply.statusCode} ${reply.body.slice(0, 300)}`);
      cases.push({
        endpoint: `analytics/${call}`,
        range: 'two-years',
        ...request,
        report: async () => {
          const conns = await loadSourceConnections(db, brandId, 'ga4');
          return funnelDays(db, brandId, conns.map((c) => c.accountId), [twoYears]);
        },
      });
    }
    // A label group's own reach (issue 19 item 5) as a second process serves it: Meta's answer from meta_range_reach
    // (this process's memory forgotten before each request). The bench brand's accounts are not the emulator's, so
    // the table is filled as a first view would fill it, with stand-in figures: this measures the cached path only
    // (the first view's Meta call is measured against the emulator below). Groups: 40 campaigns of one account
    // (TOFU), 20 of each of two accounts (BOFU), all 100 of one account (Unlabeled-sized).
    const groupReachCase = async (label: string, range: { from: string; to: string }, campaignsBody: { accountData: Array<{ account_id: string; campaigns: Array<{ campaignId: string }> }> }): Promise<Case> => {
      const conns = await loadSourceConnections(db, brandId, 'meta');
      const [a, b] = campaignsBody.accountData;
      if (!a || !b || a.campaigns.length < 100) throw new Error('the bench brand needs two Meta accounts of 100 campaigns or more');
      const ref = (account: string, ids: Array<{ campaignId: string }>) => ids.map((c) => ({ accountId: account, campaignId: c.campaignId }));
      const groups = [
        { id: 'TOFU', campaigns: ref(a.account_id, a.campaigns.slice(0, 40)) },
        { id: 'BOFU', campaigns: [...ref(a.account_id, a.campaigns.slice(40, 60)), ...ref(b.account_id, b.campaigns.slice(0, 20))] },
        { id: '', campaigns: ref(a.account_id, a.campaigns.slice(0, 100)) },
      ];
      const parts = groups.flatMap((g) => [...new Set(g.campaigns.map((c) => c.accountId))].map((account) => ({ account, ids: g.campaigns.filter((c) => c.accountId === account).map((c) => c.campaignId) })));
      const connectionOf = (account: string) => conns.find((c) => c.accountId === account)!.id;
      for (const p of parts) {
        await storeRangeReach(db, { brandId, connectionId: connectionOf(p.account), range }, [{ subject: campaignSetSubject(p.ids), reach: 1000 * p.ids.length, uniqueLinkClicks: 40 * p.ids.length }], NOW, new Date(NOW.getTime() - 3 * 3600_000));
      }
      const request = { method: 'POST', url: `/api/meta/campaign-groups/${brandId}`, payload: { startDate: range.from, endDate: range.to, groups } } as const;
      clearRangeReachCache();
      const reply = await send(app, request);
      const answered = (JSON.parse(reply.body) as { groups?: Array<{ reachSource: string }> }).groups ?? [];
      if (reply.statusCode !== 200 || answered.map((g) => g.reachSource).join() !== 'meta,accounts-summed,meta') throw new Error(`meta/campaign-groups ${label}: HTTP ${reply.statusCode} ${reply.body.slice(0, 300)}`);
      return {
        endpoint: 'meta/campaign-groups (cached in the shared table)',
        range: label,
        ...request,
        before: clearRangeReachCache,
        report: async () => {
          await loadSourceConnections(db, brandId, 'meta');
          const since = new Date(NOW.getTime() - 3 * 3600_000);
          return Promise.all(parts.map((p) => freshRangeReach(db, { brandId, connectionId: connectionOf(p.account), range }, { exactly: campaignSetSubject(p.ids) }, since)));
        },
      };
    };

    // Meta reports, campaigns and interests (issue 19): the Meta connections, then the report's one query.
    const metaIds = async () => (await loadSourceConnections(db, brandId, 'meta')).map((c) => c.accountId);
    for (const [label, body] of Object.entries(ranges)) {
      const range = { from: body.startDate, to: body.endDate };
      for (const tab of META_REPORT_TABS) {
        const request = { method: 'POST', url: `/api/meta/report/${tab}/${brandId}`, payload: body } as const;
        const reply = await send(app, request);
        const blended = (JSON.parse(reply.body) as Record<string, Array<{ totalSpend: number | null }> | undefined>)[META_REPORT_BREAKDOWNS[tab].blendedKey] ?? [];
        if (reply.statusCode !== 200 || blended.length === 0 || blended.some((r) => r.totalSpend === null)) throw new Error(`meta/report/${tab} ${label}: HTTP ${reply.statusCode}, ${blended.length} blended rows`);
        cases.push({ endpoint: `meta/report/${tab}`, range: label, ...request, report: async () => breakdownMonthSums(db, brandId, await metaIds(), META_REPORT_BREAKDOWNS[tab].fact, range) });
      }
      const campaignRequest = { method: 'POST', url: `/api/meta/campaign/${brandId}`, payload: body } as const;
      const campaignReply = await send(app, campaignRequest);
      const campaignCount = (JSON.parse(campaignReply.body) as { blendedSummary?: unknown[] }).blendedSummary?.length ?? 0;
      if (campaignReply.statusCode !== 200 || campaignCount !== META_CAMPAIGNS) throw new Error(`meta/campaign ${label}: HTTP ${campaignReply.statusCode}, ${campaignCount} campaigns`);
      cases.push({ endpoint: 'meta/campaign', range: label, ...campaignRequest, report: async () => campaignSums(db, brandId, await metaIds(), range) });
      cases.push(await groupReachCase(label, range, JSON.parse(campaignReply.body) as { accountData: Array<{ account_id: string; campaigns: Array<{ campaignId: string }> }> }));
      const interestRequest = { method: 'POST', url: `/api/meta/interest/${brandId}`, payload: body } as const;
      const interestReply = await send(app, interestRequest);
      const interests = (JSON.parse(interestReply.body) as { data?: { blendedSummary?: unknown[] } }).data?.blendedSummary?.length ?? 0;
      if (interestReply.statusCode !== 200 || interests === 0) throw new Error(`meta/interest ${label}: HTTP ${interestReply.statusCode}, ${interests} interests`);
      cases.push({ endpoint: 'meta/interest', range: label, ...interestRequest, report: async () => interestSums(db, brandId, await metaIds(), range) });
    }
    cases.push({ endpoint: 'meta/labels', range: '(no range)', method: 'GET', url: `/api/meta/labels/${brandId}`, report: async () => brandLabels(db, brandId) });

    // targets.service: the month so far per source; the list derives every target's achievement.
    for (const [name, platform] of [['metaMetrics', 'meta'], ['googleAdMetrics', 'google_ads']] as const) {
      cases.push({
        endpoint: `performance/${name}`,
        range: '(this month)',
        method: 'GET',
        url: `/api/performance/${name}/${brandId}`,
        report: async () => {
          await loadSourceConnections(db, brandId, platform);
          return sumAdRanges(db, [{ key: 'month', brandId, platform, from: `${today.slice(0, 7)}-01`, to: yesterday }]);
        },
      });
    }
    for (const [source, day] of [['Meta', yesterday], ['Google', yesterday], ['Meta', addDays(today, 20)]] as const) {
      const added = await send(app, { method: 'POST', url: '/api/performance/addTarget', payload: { brandId, name: 'Bench', source, targetSales: 1e6, targetSpend: 1e5, targetROAS: 4, targetDate: day } });
      if (added.statusCode !== 201) throw new Error(`addTarget: HTTP ${added.statusCode} ${added.body.slice(0, 300)}`);
    }
    const userId = (await findSessionUser(db, hashSessionId(cookie.slice(cookie.indexOf('=') + 1)), brandId))!.user.id;
    cases.push({
      endpoint: 'performance/brandTarget',
      range: '(3 targets)',
      method: 'GET',
      url: '/api/performance/brandTarget',
      report: async () => {
        const targets = await listUserTargets(db, userId);
        for (const t of targets) await loadSourceConnections(db, t.brandId, t.source === 'Meta' ? 'meta' : 'google_ads');
        return sumAdRanges(db, targets.map((t) => ({ key: t.id, brandId: t.brandId, platform: t.source === 'Meta' ? 'meta' : 'google_ads', from: `${t.targetDate.slice(0, 7)}-01`, to: t.targetDate < today ? t.targetDate : yesterday })));
      },
    });

    // brands.route currency: the currency comes with the access check (request.brand); no query of its own.
    cases.push({ endpoint: 'currency', range: '(no range)', method: 'GET', url: `/api/brands/currency/${brandId}`, report: async () => undefined });

    // google-reports.service buildGoogleReport (issue 18): the cards as they open (each account's first 8 rows), and
    // a filtered full-screen page (Total Cost > 1, the High Cost chip, rows 39-68 of one account), a header-sorted
    // page (CTR ascending, rows 9-38 of one account); the SQL: the
    // connections, the one statement that sums, categorises, filters and pages, then the page's months.
    const googleViews = { searchTerm: 'search_term', keyword: 'keyword', age: 'age', gender: 'gender', product: 'product' } as const;
    type GoogleReport = keyof typeof googleViews;
    type SearchTermSort = Parameters<typeof searchTermReport>[5]['sortBy'];
    const GOOGLE_REPORTS = Object.keys(googleViews) as GoogleReport[];
    const googleIds = (await loadSourceConnections(db, brandId, 'google_ads')).map((c) => c.accountId);
    // the preset summaries, as the sync job rebuilds them at its end for each account (decision 015, "Scale"):
    // their cost to the writer, per account, at this load
    if (process.env.BENCH_GOOGLE_PRESETS !== 'off') {
      const presets = presetRanges(today, HISTORY_DAYS);
      for (const id of googleIds) {
        const started = performance.now();
        const built = await rebuildGoogleViewPresets(db, brandId, id, presets);
        console.log(
          `reports: google_view_presets for account ${id}: ${built.rows.toLocaleString('en-US')} rows over ${built.ranges} ranges x ${PRESET_VIEWS.length} views in ${((performance.now() - started) / 1000).toFixed(1)} s, longest transaction ${(built.longestMs / 1000).toFixed(2)} s, longest read of a range's keys ${(built.longestReadMs / 1000).toFixed(2)} s (load average ${loadavg()[0]!.toFixed(1)})`,
        );
      }
    } else console.log('reports: google_view_presets not built (BENCH_GOOGLE_PRESETS=off): the per-request statements answer');
    for (const [label, body] of Object.entries(ranges)) {
      const range = { from: body.startDate, to: body.endDate };
      const pages: Array<[string, GoogleReport, object, ReportPageQuery, string[]]> = [
        ...GOOGLE_REPORTS.map((r): [string, GoogleReport, object, ReportPageQuery, string[]] => [`google/${r}`, r, { limit: 8 }, { complete: true, limit: 8, offset: 0 }, googleIds]),
        [
          'google/searchTerm (filtered, chip, rows 39-68 of one account)',
          'searchTerm',
          { accountId: googleIds[0], costFilter: { value: 1, operator: '>' }, category: 'High Cost', limit: 30, offset: 38 },
          { complete: true, costFilter: { value: 1, operator: '>' }, category: 'High Cost', limit: 30, offset: 38 },
          [googleIds[0]!],
        ],
        [
          'google/searchTerm (header sort: CTR ascending, rows 9-38 of one account)',
          'searchTerm',
          { accountId: googleIds[0], sortBy: 'CTR', sortOrder: 'asc', limit: 30, offset: 8 },
          { complete: true, sortBy: 'CTR', sortOrder: 'asc', limit: 30, offset: 8 },
          [googleIds[0]!],
        ],
      ];
      for (const [endpoint, report, extra, query, ids] of pages) {
        const request = { method: 'POST', url: `/api/google/${report}/${brandId}`, payload: { ...body, ...extra } } as const;
        const reply = await send(app, request);
        const answer = JSON.parse(reply.body) as { data?: Array<{ matchingRows: number; totalRows: number }> };
        if (reply.statusCode !== 200 || !answer.data?.length || answer.data.some((a) => a.totalRows === 0)) throw new Error(`${endpoint} ${label}: HTTP ${reply.statusCode} ${reply.body.slice(0, 300)}`);
        cases.push({
          endpoint,
          range: label,
          ...request,
          report: async () => {
            await loadSourceConnections(db, brandId, 'google_ads');
            const builds = PRESET_VIEWS.includes(googleViews[report]) ? await presetBuilds(db, brandId, googleViews[report], ids, range) : null;
            const page = builds ? await presetReportPage(db, brandId, googleViews[report], builds, range, query) : await viewReportPage(db, brandId, googleViews[report], ids, range, query);
            return viewMonthSums(db, brandId, googleViews[report], range, page.rows.map((r) => ({ customerId: r.customer_id, key: r.key })));
          },
        });
      }
      // segment.service: products (and their groupings) from the product sums; search terms page 1, and page 5
      // filtered by a campaign and sorted by CTR
      for (const name of ['productMetrics', 'categoryMetrics', 'brandMetrics', 'typeMetrics'] as const) {
        const request = { method: 'POST', url: `/api/segment/${name}/${brandId}`, payload: body } as const;
        const reply = await send(app, request);
        if (reply.statusCode !== 200) throw new Error(`segment/${name} ${label}: HTTP ${reply.statusCode} ${reply.body.slice(0, 300)}`);
        cases.push({
          endpoint: `segment/${name}`,
          range: label,
          ...request,
          report: async () => {
            const ids = (await loadSourceConnections(db, brandId, 'google_ads')).map((c) => c.accountId);
            return productSums(db, brandId, ids, range, (await presetBuilds(db, brandId, 'product', ids, range)) !== null);
          },
        });
      }
      const termPages: Array<[string, { page: number; limit: number; campaign?: string; sortBy: SearchTermSort; sortOrder: 'asc' | 'desc' }]> = [
        ['segment/searchTermMetrics page 1', { page: 1, limit: 100, sortBy: 'cost', sortOrder: 'desc' }],
        ['segment/searchTermMetrics page 5, campaign, by CTR', { page: 5, limit: 100, campaign: 'Google campaign 0', sortBy: 'ctr', sortOrder: 'asc' }],
      ];
      for (const [endpoint, q] of termPages) {
        const request = { method: 'POST', url: `/api/segment/searchTermMetrics/${brandId}`, payload: { ...body, ...q } } as const;
        const reply = await send(app, request);
        if (reply.statusCode !== 200 || (JSON.parse(reply.body) as { data: unknown[] }).data.length === 0) throw new Error(`${endpoint} ${label}: HTTP ${reply.statusCode} ${reply.body.slice(0, 300)}`);
        const filter = { campaign: q.campaign };
        cases.push({
          endpoint,
          range: label,
          ...request,
          report: async () => {
            const ids = (await loadSourceConnections(db, brandId, 'google_ads')).map((c) => c.accountId);
            const builds = await presetBuilds(db, brandId, 'search_term', ids, range);
            return (builds ? presetSearchTermReport : searchTermReport)(db, brandId, ids, range, filter, q);
          },
        });
      }
    }

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

    // BENCH_REPORT_ONLY=google,segment measures only the cases whose endpoint contains one of these words
    const only = (process.env.BENCH_REPORT_ONLY ?? '').split(',').map((w) => w.trim()).filter(Boolean);
    if (only.length > 0) cases.splice(0, cases.length, ...cases.filter((c) => only.some((w) => c.endpoint.includes(w))));
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
    if (only.length === 0 || only.some((w) => 'meta/campaign-groups'.includes(w))) await firstViewAgainstEmulator(config.platforms);
    const probe = await buildApp({ config, database, sync: false, emulators: false, now: () => NOW });
    try {
      const breakdown = await instrumented(probe);
      const probed = [
        'summary/facebook-ads two-years',
        'fbAd two-years',
        'report two-years + compare',
        'currency (no range)',
        'google/searchTerm (header sort: CTR ascending, rows 9-38 of one account) two-years',
      ];
      // with BENCH_REPORT_ONLY, every case measured is broken down
      for (const c of cases.filter((x) => only.length > 0 || probed.includes(`${x.endpoint} ${x.range}`) || x.endpoint === 'analytics/pagePathConversionReport')) console.log(`reports: where the time goes (p50), ${c.endpoint} ${c.range}: ${await breakdown(c)}`);
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
