import Fastify from 'fastify';
import { mountEmulators } from '@parallels/emulators/index';
import { freePort } from './common.js';

// `npm run bench:emulator-timing --workspace bench`: the emulators' waits, measured on the wall clock. Tests read
// what an emulator injected from its own answer (Server-Timing `fault;dur`, `latency;dur`, `job;dur`); this
// measures that the waits are real: an injected fault latency holds the answer at least that long, and a Meta
// report run under realistic latency completes no sooner than its `job` time. Figures only, no pass/fail on a
// clock (ARCHITECTURE "Testing": timing belongs to benchmarks).

const FAULT_MS = 250;
const ACT = 'act_100000000000001';

const app = Fastify({ logger: false });
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const { baseUrls } = await mountEmulators(app, { publicUrl: `${origin}/sandbox`, prefix: '/sandbox', admin: true });
await app.listen({ port, host: '127.0.0.1' });

const admin = (platform: keyof typeof baseUrls, path: string, method: string, body?: unknown) =>
  fetch(`${baseUrls[platform]}/__admin/${path}`, { method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
const metric = (res: Response, name: string): number | null => {
  const m = new RegExp(`(?:^|, )${name};dur=([\\d.]+)`).exec(res.headers.get('server-timing') ?? '');
  return m ? Number(m[1]) : null;
};

// one call per platform with a fault latency on every request ('*'); the answer itself may be a refusal
const calls: Record<string, () => Promise<Response>> = {
  meta: () => fetch(`${baseUrls.meta}/v25.0/${ACT}/campaigns`),
  'google-ads': () => fetch(`${baseUrls['google-ads']}/v23/customers/2345678901/googleAds:search`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"SELECT campaign.id FROM campaign"}' }),
  ga4: () => fetch(`${baseUrls.ga4}/v1beta/properties/300000001:runReport`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }),
  shopify: () => fetch(`${baseUrls.shopify}/northwind-outfitters.myshopify.com/admin/api/2026-07/graphql.json`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ shop { name } }"}' }),
};
console.log(`emulator fault latency (${FAULT_MS} ms injected, 5 calls each): declared vs measured`);
for (const [platform, call] of Object.entries(calls)) {
  const measured: number[] = [];
  let declared: number | null = null;
  for (let i = 0; i < 5; i++) {
    await admin(platform as keyof typeof baseUrls, 'faults', 'PUT', { key: '*', plan: { latencyMs: FAULT_MS, times: 1 } });
    const started = performance.now();
    const res = await call();
    await res.arrayBuffer();
    measured.push(performance.now() - started);
    declared = metric(res, 'fault');
  }
  const min = Math.min(...measured);
  console.log(`  ${platform.padEnd(11)} declared ${declared ?? 'none'} ms, measured min ${min.toFixed(1)} ms, max ${Math.max(...measured).toFixed(1)} ms${min < FAULT_MS ? '  << SHORTER THAN INJECTED' : ''}`);
}

// a Meta report run under realistic latency: ready `job;dur` after creation, however often it is polled
await admin('meta', 'quota', 'PUT', { mode: 'realistic', latency: 'realistic' });
const token = ((await (await admin('meta', 'tokens', 'POST', {})).json()) as { access_token: string }).access_token;
const auth = { authorization: `Bearer ${token}` };
const oneDay = new URLSearchParams({ level: 'account', fields: 'spend', time_range: JSON.stringify({ since: '2026-05-01', until: '2026-05-01' }), time_increment: '1' });
const createdAt = performance.now();
const created = await fetch(`${baseUrls.meta}/v25.0/${ACT}/insights`, { method: 'POST', headers: auth, body: oneDay });
const job = metric(created, 'job');
const runId = ((await created.json()) as { report_run_id: string }).report_run_id;
let polls = 0;
for (;;) {
  polls += 1;
  const status = ((await (await fetch(`${baseUrls.meta}/v25.0/${runId}?fields=async_status`, { headers: auth })).json()) as { async_status: string }).async_status;
  if (status === 'Job Completed') break;
}
const took = performance.now() - createdAt;
console.log(`meta report run (realistic latency): job declared ${job ?? 'none'} ms, completed after ${took.toFixed(0)} ms and ${polls} polls${job !== null && took < job ? '  << SOONER THAN DECLARED' : ''}`);
await app.close();
