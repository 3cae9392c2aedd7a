import { describe, it, expect, beforeAll, afterAll, beforeEach } from 'vitest';
import { startPlatform, type RunningPlatform } from './harness.js';
import { metaEmulator } from '../src/meta/app.js';
import { GraphError } from '../src/meta/errors.js';
import { UsageTracker } from '../src/meta/usage.js';

// Async report runs, usage headers, every injected fault in Meta's wire format, and realistic quotas.

const ACT = 'act_100000000000001';
const MAY = encodeURIComponent(JSON.stringify({ since: '2026-05-01', until: '2026-05-31' }));

interface GraphErr { message: string; type: string; code: number; error_subcode?: number; is_transient?: boolean; fbtrace_id: string }
interface Body {
  error?: GraphErr; data?: Array<Record<string, unknown>>; paging?: { next?: string }; report_run_id?: string;
  async_status?: string; access_token?: string; [k: string]: unknown;
}

let p: RunningPlatform;
let token = '';

async function admin(method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${p.baseUrl}/__admin/${path}`, { method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
}

async function call(path: string, init: RequestInit = {}): Promise<{ res: Response; body: Body }> {
  const res = await fetch(`${p.baseUrl}/v25.0/${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...(init.headers ?? {}) } });
  const text = await res.text();
  let body: Body;
  try { body = JSON.parse(text) as Body; } catch { body = { text }; }
  return { res, body };
}

beforeAll(async () => {
  p = await startPlatform('meta', metaEmulator);
  token = ((await (await admin('POST', 'tokens', {})).json()) as Body).access_token ?? '';
});
afterAll(async () => { await p.close(); });
beforeEach(async () => {
  await admin('DELETE', 'faults');
  await admin('PUT', 'quota', { mode: 'off' });
  await admin('PUT', 'meta/config', { tier: 'standard_access', pollsToComplete: 4, secondsToComplete: 30 });
  await admin('POST', 'meta/usage/reset');
  await admin('DELETE', 'quota/refused');
});

/** the quota refusals the emulator counted (GET /__admin/quota), what a benchmark reads */
async function refused(): Promise<unknown> {
  return ((await (await admin('GET', 'quota')).json()) as { refused: unknown }).refused;
}

describe('meta async report runs', () => {
  it('refuses a report run over the ad account budget with the ads_insights throttle (80000 / 2446079), as Meta does', async () => {
    await admin('PUT', 'quota', { mode: 'realistic' });
    await admin('PUT', 'meta/config', { insightsRunBudget: 2 });
    try {
      const form = () => new URLSearchParams({ level: 'campaign', fields: 'campaign_id,spend', time_range: JSON.stringify({ since: '2026-05-01', until: '2026-05-31' }), time_increment: '1' });
      const first = await call(`${ACT}/insights`, { method: 'POST', body: form() });
      expect(first.body.report_run_id).toBeTruthy();
      const half = JSON.parse(first.res.headers.get('x-business-use-case-usage') ?? '{}') as Record<string, Array<{ type: string; total_time: number }>>;
      expect(half['100000000000001']?.[0]).toMatchObject({ type: 'ads_insights', total_time: 50 });
      const second = await call(`${ACT}/insights`, { method: 'POST', body: form() });
      expect(second.body.report_run_id).toBeTruthy();
      const third = await call(`${ACT}/insights`, { method: 'POST', body: form() });
      expect(third.res.status).toBe(400);
      expect(third.body.error).toMatchObject({ code: 80000, error_subcode: 2446079, type: 'OAuthException', is_transient: true });
      expect(third.body.report_run_id).toBeUndefined();
      expect(await refused()).toEqual({ 'meta:ads_insights': 1 });
      const full = JSON.parse(third.res.headers.get('x-business-use-case-usage') ?? '{}') as Record<string, Array<{ type: string; total_time: number; estimated_time_to_regain_access: number }>>;
      expect(full['100000000000001']?.[0]).toMatchObject({ type: 'ads_insights', total_time: 100 });
      expect(full['100000000000001']?.[0]?.estimated_time_to_regain_access).toBeGreaterThanOrEqual(1);
      // once a run is done, its share of the budget is back and a new run starts
      await admin('POST', `meta/report-runs/${first.body.report_run_id}`, { status: 'completed' });
      await call(String(first.body.report_run_id));
      const again = await call(`${ACT}/insights`, { method: 'POST', body: form() });
      expect(again.res.status).toBe(200);
      expect(again.body.report_run_id).toBeTruthy();
    } finally {
      await admin('PUT', 'meta/config', { insightsRunBudget: 30 });
    }
  });

  it('walks Not Started -> Started -> Running -> Completed, then pages the same rows as the sync call', async () => {
    const form = new URLSearchParams({ level: 'campaign', fields: 'campaign_id,spend,impressions,reach', time_range: JSON.stringify({ since: '2026-05-01', until: '2026-05-31' }), time_increment: '1' });
    const created = await call(`${ACT}/insights`, { method: 'POST', body: form });
    expect(created.res.status).toBe(200);
    const id = created.body.report_run_id ?? '';
    expect(id).toMatch(/^\d{15}$/);
    const early = await call(`${id}/insights`);
    expect(early.body.error?.code).toBe(100);
    const seen: string[] = [];
    let last: Body = {};
    for (let i = 0; i < 6; i++) {
      last = (await call(`${id}?fields=id,account_id,async_status,async_percent_completion,date_start,date_stop,is_running`)).body;
      seen.push(last.async_status ?? '');
      if (last.async_status === 'Job Completed') break;
    }
    expect(seen).toEqual(['Job Not Started', 'Job Started', 'Job Running', 'Job Completed']);
    expect(last).toMatchObject({ id, account_id: '100000000000001', async_percent_completion: 100, date_start: '2026-05-01', date_stop: '2026-05-31', is_running: false });
    const rows: Array<Record<string, unknown>> = [];
    let page = (await call(`${id}/insights?limit=100`)).body;
    rows.push(...(page.data ?? []));
    while (page.paging?.next) {
      expect(page.paging.next.startsWith(`${p.baseUrl}/v25.0/${id}/insights?`)).toBe(true);
      page = await (await fetch(page.paging.next, { headers: { authorization: `Bearer ${token}` } })).json() as Body;
      rows.push(...(page.data ?? []));
    }
    const sync = (await call(`${ACT}/insights?level=campaign&fields=campaign_id,spend,impressions,reach&time_range=${MAY}&time_increment=1&limit=5000`)).body.data;
    expect(rows).toEqual(sync);
  });

  it('a fault makes a run end in Job Failed with v25 error fields; admin can force completion', async () => {
    await admin('PUT', 'faults', { key: ACT, plan: { reportRunFailed: true, times: 1 } });
    const failed = (await call(`${ACT}/insights?fields=spend`, { method: 'POST' })).body.report_run_id ?? '';
    await admin('PUT', 'meta/config', { pollsToComplete: 1 });
    const status = (await call(failed)).body;
    expect(status).toMatchObject({ async_status: 'Job Failed', error_code: -2, error_subcode: 2490547, error_message: 'Report Failed' });
    expect((await call(`${failed}/insights`)).body.error?.code).toBe(100);

    await admin('PUT', 'meta/config', { pollsToComplete: 50 });
    const slow = (await call(`${ACT}/insights?fields=spend`, { method: 'POST' })).body.report_run_id ?? '';
    expect((await call(slow)).body.async_status).toBe('Job Not Started');
    expect((await admin('POST', `meta/report-runs/${slow}`, { status: 'completed' })).status).toBe(200);
    expect((await call(slow)).body.async_status).toBe('Job Completed');
    expect((await call(`${slow}/insights`)).body.data).toHaveLength(1);
  });
});

describe('meta usage headers', () => {
  it('sends x-app-usage, x-ad-account-usage and x-business-use-case-usage as JSON strings', async () => {
    const { res } = await call(`${ACT}/campaigns`);
    const app = JSON.parse(res.headers.get('x-app-usage') ?? '');
    expect(Object.keys(app)).toEqual(['call_count', 'total_cputime', 'total_time']);
    const acc = JSON.parse(res.headers.get('x-ad-account-usage') ?? '');
    expect(acc).toMatchObject({ ads_api_access_tier: 'standard_access' });
    expect(typeof acc.acc_id_util_pct).toBe('number');
    expect(typeof acc.reset_time_duration).toBe('number');
    const buc = JSON.parse(res.headers.get('x-business-use-case-usage') ?? '');
    expect(buc['100000000000001'][0]).toMatchObject({ type: 'ads_management', estimated_time_to_regain_access: 0 });
    const insights = await call(`${ACT}/insights?fields=spend`);
    expect(JSON.parse(insights.res.headers.get('x-business-use-case-usage') ?? '')['100000000000001'][0].type).toBe('ads_insights');
    expect(JSON.parse(insights.res.headers.get('x-fb-ads-insights-throttle') ?? '')).toHaveProperty('acc_id_util_pct');
    const me = await call('me');
    expect(me.res.headers.get('x-app-usage')).not.toBeNull();
  });
});

describe('meta faults', () => {
  const cases: Array<[string, Record<string, unknown>, string, Record<string, unknown>]> = [
    ['expired token', { tokenExpired: true }, ACT, { code: 190, error_subcode: 463, type: 'OAuthException' }],
    ['revoked token', { tokenRevoked: true }, '<token>', { code: 190, error_subcode: 460 }],
    ['permission', { permissionDenied: true }, '100000000000001', { code: 200, type: 'OAuthException' }],
    ['user rate limit', { rateLimit: { retryAfterSeconds: 300 } }, '<token>', { code: 17, error_subcode: 2446079, is_transient: true }],
    ['ad account rate limit', { rateLimit: { retryAfterSeconds: 120, code: 613 } }, ACT, { code: 613, error_subcode: 1487742, is_transient: true }],
    ['ads management BUC', { rateLimit: { retryAfterSeconds: 600 } }, ACT, { code: 80004, error_subcode: 2446079, is_transient: true }],
    ['app rate limit', { rateLimit: { retryAfterSeconds: 60 } }, '*', { code: 4, is_transient: true }],
  ];
  it.each(cases)('%s', async (_name, plan, key, expected) => {
    await admin('PUT', 'faults', { key: key === '<token>' ? token : key, plan: { ...plan, times: 1 } });
    const { res, body } = await call(`${ACT}/campaigns`);
    expect(res.status).toBe(400);
    expect(body.error).toMatchObject(expected);
    expect(typeof body.error?.fbtrace_id).toBe('string');
    if (plan.rateLimit) {
      const buc = JSON.parse(res.headers.get('x-business-use-case-usage') ?? '');
      const eta = Math.ceil((plan.rateLimit as { retryAfterSeconds: number }).retryAfterSeconds / 60);
      expect(buc['100000000000001'][0]).toMatchObject({ call_count: 100, estimated_time_to_regain_access: eta });
    }
    // `times: 1` cleared it
    expect((await call(`${ACT}/campaigns`)).res.status).toBe(200);
  });

  it('expired token message names the expiry in Pacific time', async () => {
    await admin('PUT', 'faults', { key: token, plan: { tokenExpired: true, times: 1 } });
    const { body } = await call('me');
    expect(body.error?.message).toMatch(/^Error validating access token: Session has expired on .+ P[SD]T\. The current time is .+ P[SD]T\.$/);
  });

  it('insights throttled by account defaults to the ads_insights BUC code 80000', async () => {
    await admin('PUT', 'faults', { key: ACT, plan: { rateLimit: { retryAfterSeconds: 60 }, times: 1 } });
    expect((await call(`${ACT}/insights?fields=spend`)).body.error?.code).toBe(80000);
  });

  it('5xx: transient code 2 with the status asked for', async () => {
    await admin('PUT', 'faults', { key: '*', plan: { serverError: { status: 503 }, times: 1 } });
    const { res, body } = await call(`${ACT}/insights?fields=spend`);
    expect(res.status).toBe(503);
    expect(body.error).toMatchObject({ code: 2, is_transient: true, message: 'An unexpected error has occurred. Please retry your request later.' });
  });

  it('timeout: never answers, the client\'s AbortSignal fires', async () => {
    await admin('PUT', 'faults', { key: ACT, plan: { timeout: true, times: 1 } });
    // no answer at all: the client's own timeout is what ends the call
    await expect(fetch(`${p.baseUrl}/v25.0/${ACT}/campaigns`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(300) })).rejects.toMatchObject({ name: 'TimeoutError' });
    expect((await call(`${ACT}/campaigns`)).res.status).toBe(200);
  });

  it('malformed: 200 with a body cut off mid-JSON', async () => {
    await admin('PUT', 'faults', { key: ACT, plan: { malformed: true, times: 1 } });
    const res = await fetch(`${p.baseUrl}/v25.0/${ACT}/campaigns?fields=id,name`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text.startsWith('{"data":[')).toBe(true);
    expect(() => JSON.parse(text)).toThrow();
  });

  it('latency delays the answer', async () => {
    await admin('PUT', 'faults', { key: ACT, plan: { latencyMs: 250, times: 1 } });
    // the answer says what was injected; bench/src/emulator-timing.ts measures the wait itself
    const slow = await call(`${ACT}/campaigns`);
    expect(slow.res.status).toBe(200);
    expect(slow.res.headers.get('server-timing')).toMatch(/(^|, )fault;dur=250(,|$)/);
  });

  it('an admin-revoked token answers 190/460', async () => {
    const own = ((await (await admin('POST', 'tokens', { longLived: false })).json()) as Body).access_token ?? '';
    expect((await admin('POST', 'tokens/revoke', { token: own })).status).toBe(200);
    const body = await (await fetch(`${p.baseUrl}/v25.0/me?access_token=${own}`)).json() as Body;
    expect(body.error).toMatchObject({ code: 190, error_subcode: 460 });
  });
});

describe('meta realistic quotas', () => {
  it('development tier: past 60 points in the score window the account answers (#17) with the time to regain access', async () => {
    await admin('PUT', 'quota', { mode: 'realistic' });
    await admin('PUT', 'meta/config', { tier: 'development_access' });
    let tripped: { res: Response; body: Body } | undefined;
    for (let i = 0; i < 70 && !tripped; i++) {
      const r = await call(`${ACT}/campaigns?limit=1`);
      if (r.res.status !== 200) tripped = r;
      else expect(i).toBeLessThan(60);
    }
    expect(tripped?.body.error).toMatchObject({ code: 17, error_subcode: 2446079, is_transient: true, message: '(#17) User request limit reached' });
    const buc = JSON.parse(tripped?.res.headers.get('x-business-use-case-usage') ?? '{}');
    expect(buc['100000000000001'][0].estimated_time_to_regain_access).toBe(5);
    expect(JSON.parse(tripped?.res.headers.get('x-ad-account-usage') ?? '{}').acc_id_util_pct).toBe(100);
    // blocked: even the next call is refused; the other account is not affected
    expect((await call(`${ACT}/campaigns?limit=1`)).body.error?.code).toBe(17);
    expect((await call('act_100000000000002/campaigns?limit=1')).res.status).toBe(200);
    // each refusal counted; an injected throttle (the same code 17) is not a quota refusal and is not
    await admin('PUT', 'faults', { key: token, plan: { rateLimit: { retryAfterSeconds: 60 }, times: 1 } });
    expect((await call('act_100000000000002/campaigns?limit=1')).body.error?.code).toBe(17);
    expect(await refused()).toEqual({ 'meta:user_request_limit': 2 });
  });

  it('standard tier: more than 100 calls within a second on one account answers 613 (on a fixed clock)', () => {
    // a rule about wall time, checked on the tracker's own clock: a loaded machine cannot land 130 HTTP calls
    // within one real second, and this is not a speed test
    const usage = new UsageTracker();
    let now = 10_000;
    usage.now = () => now;
    for (let i = 0; i < 100; i++) expect(usage.recordAccount('100000000000001', 'ads_management', false, 10, true)).toBeNull();
    const tripped = usage.recordAccount('100000000000001', 'ads_management', false, 10, true);
    expect(tripped).toBeInstanceOf(GraphError);
    expect(tripped!.status).toBe(400);
    expect(tripped!.body).toMatchObject({ code: 613, error_subcode: 1487742, type: 'OAuthException', is_transient: true });
    // another account is not affected, and a second later the account answers again
    expect(usage.recordAccount('100000000000002', 'ads_management', false, 10, true)).toBeNull();
    now += 1_000;
    expect(usage.recordAccount('100000000000001', 'ads_management', false, 10, true)).toBeNull();
  });

  it('quotas are not enforced in off mode', async () => {
    await admin('PUT', 'meta/config', { tier: 'development_access' });
    for (let i = 0; i < 70; i++) expect((await call(`${ACT}/campaigns?limit=1`)).res.status).toBe(200);
    expect(await refused()).toEqual({});
  });
});

describe('meta realistic latency (benchmarks)', () => {
  it('every answer carries Server-Timing; with realistic latency calls wait and a run completes after its realistic time only', async () => {
    const plain = await call(`${ACT}/campaigns?limit=1`);
    expect(plain.res.headers.get('server-timing')).toMatch(/^app;dur=[\d.]+$/);

    expect((await admin('PUT', 'quota', { mode: 'off', latency: 'realistic' })).status).toBe(200);
    expect(await (await admin('GET', 'quota/latency')).json()).toMatchObject({ on: false }); // latency belongs to realistic mode
    expect((await admin('PUT', 'quota', { mode: 'realistic', latency: 'slow' })).status).toBe(400);
    await admin('PUT', 'quota', { mode: 'realistic', latency: 'realistic' });
    expect(await (await admin('GET', 'quota/latency')).json()).toMatchObject({ on: true });

    const read = await call(`${ACT}/campaigns?limit=1`);
    expect(read.res.headers.get('server-timing')).toMatch(/^app;dur=[\d.]+, latency;dur=200$/);

    // a one-day run: ready 3,010 ms after creation (base 3 s + 10 ms a day), however often it is polled
    const oneDay = new URLSearchParams({ level: 'account', fields: 'spend', time_range: JSON.stringify({ since: '2026-05-01', until: '2026-05-01' }), time_increment: '1' });
    const created = await call(`${ACT}/insights`, { method: 'POST', body: oneDay });
    expect(created.res.headers.get('server-timing')).toMatch(/latency;dur=300, job;dur=3010$/);
    const id = created.body.report_run_id ?? '';
    const statuses: string[] = [];
    for (;;) {
      const s = (await call(`${id}?fields=async_status,async_percent_completion`)).body;
      statuses.push(String(s.async_status));
      if (s.async_status === 'Job Completed') break;
    }
    // Polling alone does not finish a run (more than pollsToComplete (4) polls are not enough before its time):
    // it was still running at the first poll. That it completes no sooner than `job;dur` is measured by
    // bench/src/emulator-timing.ts, not asserted on a clock here.
    expect(statuses[0]).not.toBe('Job Completed');
    await admin('PUT', 'quota', { mode: 'off' });
    expect(await (await admin('GET', 'quota/latency')).json()).toMatchObject({ on: false });
  }, 15_000);
});
