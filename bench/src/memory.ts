import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PlatformsConfig } from '@parallels/server/config';
import { openDatabase } from '@parallels/server/db/client';
import { brands } from '@parallels/server/db/schema';
import { pullGoogleAdsWindow } from '@parallels/server/connectors/google-ads/google-ads-sync';
import { releaseWindowFacts } from '@parallels/server/sync/pull';
import { writeWindowFacts } from '@parallels/server/sync/facts-writer.sql';
import { positiveInt } from './common.js';

// bench:memory (issue 15 item 6): peak memory of one Google Ads window's sync (pull + write, as a backfill job
// does it) for an account with N search terms a day, then 10N. Each size runs in a fresh child process, so its
// peaks are its own; the searchStream answers come from a generator in this (parent) process, in Google's wire
// format (an array of 10,000-row batches, written as the socket takes them), so what grows is only the answer.
// Prints the peaks: JS heap as sampled every 5 ms, the live heap (right after a forced full collection, every
// 100 ms: what is still held, without the garbage that grows with how fast rows go by), the external memory
// (PGlite's WebAssembly memory is most of it) and the process's max RSS. Never fails on them.

const TERMS = positiveInt('BENCH_MEMORY_TERMS', 1000);
const DAYS = positiveInt('BENCH_MEMORY_DAYS', 30);
const CUSTOMER = '1234567890';
const BATCH_ROWS = 10_000;
const LIVE_BUDGET = 1.25;

interface ChildResult {
  terms: number;
  rows: number;
  peakHeapMb: number;
  peakLiveHeapMb: number;
  peakExternalMb: number;
  maxRssMb: number;
  seconds: number;
}

function days(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

const metrics = (i: number) => ({ costMicros: String(10_000 + (i % 97) * 1_000), impressions: String(10 + (i % 13)), clicks: String(1 + (i % 3)), conversions: (i % 5) / 4, conversionsValue: (i % 7) * 3.25 });

/** The rows one query asks for, generated one at a time (search terms: `terms` a day over 20 ad groups). */
function* rowsFor(resource: string, dates: string[], terms: number): Generator<unknown> {
  const adGroup = (i: number) => ({ campaign: { id: String(100 + (i % 10)), name: `Campaign ${i % 10}` }, adGroup: { id: String(200 + (i % 20)), name: `Ad group ${i % 20}` } });
  if (resource === 'shopping_product') {
    for (let i = 0; i < 100; i++) yield { shoppingProduct: { itemId: `SKU-${i}`, title: `Product ${i}`, brand: 'Bench', status: 'ELIGIBLE', issues: [] } };
    return;
  }
  for (const date of dates) {
    if (resource === 'campaign') for (let i = 0; i < 10; i++) yield { campaign: { id: String(100 + i), name: `Campaign ${i}`, status: 'ENABLED', advertisingChannelType: 'SEARCH' }, segments: { date }, metrics: metrics(i) };
    if (resource === 'search_term_view')
      for (let i = 0; i < terms; i++)
        yield { searchTermView: { searchTerm: `bench search term number ${i} for shoes`, status: 'NONE' }, segments: { searchTermMatchType: 'BROAD', date }, ...adGroup(i), metrics: metrics(i) };
    if (resource === 'keyword_view')
      for (let i = 0; i < 200; i++) yield { adGroupCriterion: { criterionId: String(5000 + i), status: 'ENABLED', keyword: { text: `keyword ${i}`, matchType: 'PHRASE' } }, segments: { date }, ...adGroup(i), metrics: metrics(i) };
    if (resource === 'age_range_view') for (let i = 0; i < 140; i++) yield { adGroupCriterion: { ageRange: { type: `AGE_RANGE_${i % 7}` } }, segments: { date }, metrics: metrics(i) };
    if (resource === 'gender_view') for (let i = 0; i < 60; i++) yield { adGroupCriterion: { gender: { type: ['MALE', 'FEMALE', 'UNDETERMINED'][i % 3] } }, segments: { date }, metrics: metrics(i) };
    if (resource === 'shopping_performance_view') for (let i = 0; i < 100; i++) yield { segments: { date, productItemId: `sku-${i}`, productTitle: `Product ${i}` }, metrics: metrics(i) };
  }
}

/** A searchStream answer: `[batch, batch, ...]`, each batch written once the socket has taken the one before. */
async function answer(req: IncomingMessage, res: ServerResponse, terms: number): Promise<void> {
  let body = '';
  for await (const chunk of req) body += String(chunk);
  const query = (JSON.parse(body) as { query: string }).query;
  const resource = /FROM (\w+)/.exec(query)?.[1] ?? '';
  const range = /BETWEEN '([\d-]+)' AND '([\d-]+)'/.exec(query);
  const dates = range ? days(range[1]!, range[2]!) : [];
  res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
  const write = (text: string) => (res.write(text) ? Promise.resolve() : new Promise<void>((r) => res.once('drain', () => r())));
  await write('[');
  let batch: unknown[] = [];
  let first = true;
  const flush = async () => {
    await write(`${first ? '' : ','}${JSON.stringify({ results: batch, fieldMask: 'bench', requestId: 'bench' })}`);
    first = false;
    batch = [];
  };
  for (const row of rowsFor(resource, dates, terms)) {
    batch.push(row);
    if (batch.length === BATCH_ROWS) await flush();
  }
  if (batch.length > 0 || first) await flush();
  res.end(']');
}

async function parent(): Promise<void> {
  let terms = TERMS;
  const server = createServer((req, res) => {
    answer(req, res, terms).catch(() => res.destroy());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const results: ChildResult[] = [];
  try {
    for (const n of [TERMS, TERMS * 10]) {
      terms = n;
      results.push(await runChild(url, n));
      const r = results.at(-1)!;
      console.log(
        `${String(n).padStart(7)} terms/day x ${DAYS} days: ${r.rows} rows written, peak JS heap ${r.peakHeapMb} MB (live ${r.peakLiveHeapMb} MB), peak external ${r.peakExternalMb} MB, max RSS ${r.maxRssMb} MB (${r.seconds} s)`,
      );
    }
  } finally {
    server.close();
  }
  const [small, large] = results as [ChildResult, ChildResult];
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
  console.log(`10N / N: peak JS heap ${ratio(large.peakHeapMb, small.peakHeapMb)}, peak live heap ${ratio(large.peakLiveHeapMb, small.peakLiveHeapMb)}, max RSS ${ratio(large.maxRssMb, small.maxRssMb)}`);
  // the budget: what is held does not grow with the account's search terms (a quarter more at most, for noise)
  console.log(`memory: peak live heap at 10N within ${LIVE_BUDGET}x of N: ${large.peakLiveHeapMb <= small.peakLiveHeapMb * LIVE_BUDGET ? 'OK' : 'OVER BUDGET'}`);
}

function runChild(url: string, terms: number): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url)], {
      env: { ...process.env, BENCH_MEMORY_CHILD: url, BENCH_MEMORY_CHILD_TERMS: String(terms) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += String(d)));
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = out.trim().split('\n').at(-1) ?? '';
      if (code !== 0 || !line.startsWith('{')) reject(new Error(`memory bench child exited ${code}: ${out}`));
      else resolve(JSON.parse(line) as ChildResult);
    });
  });
}

/** One window's pull and write, as a backfill job does it, with memory sampled every 5 ms. */
async function child(url: string, terms: number): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'parallels-bench-memory-'));
  const handle = await openDatabase({ dataDir });
  try {
    const db = handle.db;
    const [brand] = await db.insert(brands).values({ name: 'Memory bench' }).returning({ id: brands.id });
    const brandId = brand!.id;
    let peakHeap = 0;
    let peakLive = 0;
    let peakExternal = 0;
    const sample = () => {
      const m = process.memoryUsage();
      peakHeap = Math.max(peakHeap, m.heapUsed);
      peakExternal = Math.max(peakExternal, m.external);
    };
    // what is still referenced: the heap right after a full collection, every 100 ms (garbage not yet collected
    // grows with the rate rows go by, not with what is held)
    const gc = (globalThis as { gc?: () => void }).gc;
    const live = () => {
      sample();
      gc?.();
      peakLive = Math.max(peakLive, process.memoryUsage().heapUsed);
    };
    const timer = setInterval(sample, 5);
    const liveTimer = setInterval(live, 100);
    const started = performance.now();
    const to = '2026-06-30';
    const window = { from: new Date(Date.parse(`${to}T00:00:00Z`) - (DAYS - 1) * 86_400_000).toISOString().slice(0, 10), to };
    const platforms = { googleAds: { url, version: 'v23', developerToken: 'bench' } } as PlatformsConfig;
    const facts = await pullGoogleAdsWindow({ platforms, accessToken: 'bench', brandId, account: { customerId: CUSTOMER, managerId: null, timezone: 'UTC' }, window });
    sample();
    const windowFacts = { platform: 'google_ads' as const, ...facts };
    let rows: number;
    try {
      rows = await db.transaction((tx) => writeWindowFacts(tx, brandId, CUSTOMER, window, windowFacts));
    } finally {
      await releaseWindowFacts(windowFacts);
    }
    live();
    clearInterval(timer);
    clearInterval(liveTimer);
    const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
    const result: ChildResult = {
      terms,
      rows,
      peakHeapMb: mb(peakHeap),
      peakLiveHeapMb: mb(peakLive),
      peakExternalMb: mb(peakExternal),
      maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
      seconds: Math.round((performance.now() - started) / 100) / 10,
    };
    console.log(JSON.stringify(result));
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const childUrl = process.env.BENCH_MEMORY_CHILD;
if (childUrl) await child(childUrl, Number(process.env.BENCH_MEMORY_CHILD_TERMS));
else await parent();
