import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld } from '@parallels/emulators/common/world';
import { createTestApp, type TestApp } from './test-app.js';
import { freePort } from './browser.js';

/**
 * SANDBOX_EMULATORS=process (decision 028, the default of `npm start`): the emulators run in a child process and
 * the app forwards /sandbox/<platform> to it. What the app's connectors and the browser get through the forward
 * must be what the emulators mounted in the app answer: the same status, type and bytes, for JSON and form
 * bodies, streamed answers and errors.
 */
const world = createWorld();
const google = world.google.identities[0]!;
const meta = world.meta.identities[0]!;
const shop = world.shopify.shops.find((s) => s.merchantId === 'demo')!;
const customer = world.google.customers.find((c) => c.merchantId === 'demo' && !c.manager)!;
const adAccount = world.meta.adAccounts.find((a) => a.merchantId === 'demo')!;

/** child processes of this one whose command line runs the emulators' process */
function emulatorChildren(parent = process.pid): number[] {
  const out = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(parent)], { encoding: 'utf8' }).trim();
  return out
    .split('\n')
    .filter((line) => line.includes('emulator-process'))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
}

function withoutKeys(env: NodeJS.ProcessEnv, keys: string[]): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([key]) => !keys.includes(key)));
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('sandbox emulators in their own process', () => {
  let inProcess: TestApp;
  let forwarded: TestApp;
  const tokens = new Map<TestApp, { google: Record<string, unknown>; meta: Record<string, unknown>; shopify: Record<string, unknown> }>();

  beforeAll(async () => {
    inProcess = await createTestApp('pglite');
    forwarded = await createTestApp('pglite', { SANDBOX_EMULATORS: 'process' });
    expect(inProcess.config.sandboxEmulators).toBe('in-process');
    expect(forwarded.config.sandboxEmulators).toBe('process');
    for (const t of [inProcess, forwarded]) {
      const mint = async (platform: string, body: Record<string, unknown>) => (await t.app.inject({ method: 'POST', url: `/sandbox/${platform}/__admin/tokens`, payload: body })).json<Record<string, unknown>>();
      tokens.set(t, {
        google: await mint('google', { sub: google.sub, scope: 'openid email https://www.googleapis.com/auth/adwords https://www.googleapis.com/auth/analytics.readonly' }),
        meta: await mint('meta', { userId: meta.id }),
        shopify: await mint('shopify', { shop: shop.domain }),
      });
    }
  }, 120_000);

  afterAll(async () => {
    await inProcess?.close();
    await forwarded?.close();
  });

  async function both(request: (t: TestApp, token: (platform: 'google' | 'meta' | 'shopify', field?: string) => string) => Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }>) {
    const [a, b] = await Promise.all(
      [inProcess, forwarded].map((t) => request(t, (platform, field = 'access_token') => String(tokens.get(t)![platform][field]))),
    );
    return { inProcess: a!, forwarded: b! };
  }

  // a Google Ads answer carries a new request id each time; everything else is the same bytes
  const summary = (r: { statusCode: number; headers: Record<string, unknown>; body: string }) => ({
    status: r.statusCode,
    type: r.headers['content-type'],
    body: r.body.replace(/"requestId":"[^"]+"/g, '"requestId":"?"'),
  });
  const same = (a: ReturnType<typeof summary>, b: ReturnType<typeof summary>) => {
    expect({ status: b.status, type: b.type, bytes: b.body.length }).toEqual({ status: a.status, type: a.type, bytes: a.body.length });
    expect(b.body === a.body).toBe(true);
  };

  it('forwards a Google Ads searchStream (a JSON POST answered as a stream) byte for byte', async () => {
    const { inProcess: a, forwarded: b } = await both((t, token) =>
      t.app.inject({
        method: 'POST',
        url: `/sandbox/google-ads/${t.config.platforms.googleAds.version}/customers/${customer.id}/googleAds:searchStream`,
        headers: { authorization: `Bearer ${token('google')}`, 'developer-token': t.config.platforms.googleAds.developerToken },
        payload: { query: "SELECT campaign.id, campaign.name, segments.date, metrics.cost_micros, metrics.clicks FROM campaign WHERE segments.date BETWEEN '2026-01-01' AND '2026-01-31'" },
      }),
    );
    expect(a.statusCode).toBe(200);
    expect(JSON.parse(a.body)[0].results.length).toBeGreaterThan(10);
    same(summary(a), summary(b));
  });

  it('forwards Meta insights (a GET with a query string) and Shopify GraphQL alike', async () => {
    const insights = await both((t, token) =>
      t.app.inject({
        method: 'GET',
        url: `/sandbox/meta/${t.config.platforms.meta.version}/${adAccount.id}/insights?fields=spend,impressions,clicks&time_increment=1&time_range=${encodeURIComponent(JSON.stringify({ since: '2026-02-01', until: '2026-02-10' }))}&access_token=${token('meta')}`,
      }),
    );
    expect(insights.inProcess.statusCode).toBe(200);
    expect(JSON.parse(insights.inProcess.body).data).toHaveLength(10);
    same(summary(insights.inProcess), summary(insights.forwarded));

    const shopName = await both((t, token) =>
      t.app.inject({
        method: 'POST',
        url: `/sandbox/shopify/${shop.domain}/admin/api/${t.config.platforms.shopify.version}/graphql.json`,
        headers: { 'x-shopify-access-token': token('shopify') },
        payload: { query: '{ shop { name currencyCode ianaTimezone } }' },
      }),
    );
    expect(JSON.parse(shopName.inProcess.body).data.shop.name).toBe(shop.name);
    same(summary(shopName.inProcess), summary(shopName.forwarded));
  });

  it('forwards a form-encoded OAuth token exchange, and errors with their status and body', async () => {
    const refreshed = await both((t, token) =>
      t.app.inject({
        method: 'POST',
        url: '/sandbox/google/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token('google', 'refresh_token'), client_id: t.config.platforms.google.clientId, client_secret: t.config.platforms.google.clientSecret }).toString(),
      }),
    );
    expect(refreshed.inProcess.statusCode).toBe(200);
    expect(refreshed.forwarded.statusCode).toBe(200);
    expect(JSON.parse(refreshed.forwarded.body)).toMatchObject({ token_type: 'Bearer', access_token: expect.any(String) });

    const refused = await both((t) =>
      t.app.inject({
        method: 'POST',
        url: '/sandbox/google/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'grant_type=refresh_token&refresh_token=not-a-token&client_id=x&client_secret=y',
      }),
    );
    expect(refused.inProcess.statusCode).toBeGreaterThanOrEqual(400);
    same(summary(refused.inProcess), summary(refused.forwarded));

    const unauthenticated = await both((t) =>
      t.app.inject({ method: 'POST', url: `/sandbox/google-ads/${t.config.platforms.googleAds.version}/customers/${customer.id}/googleAds:searchStream`, payload: { query: 'SELECT campaign.id FROM campaign' } }),
    );
    expect(unauthenticated.inProcess.statusCode).toBe(401);
    same(summary(unauthenticated.inProcess), summary(unauthenticated.forwarded));
  });

  it('passes an injected fault through once, as the emulator answered it (the forward does not retry a 503)', async () => {
    for (const t of [inProcess, forwarded]) {
      const res = await t.app.inject({ method: 'PUT', url: '/sandbox/meta/__admin/faults', payload: { key: adAccount.id, plan: { serverError: {}, times: 1 } } });
      expect(res.statusCode).toBeLessThan(300);
    }
    const insights = (t: TestApp, token: (platform: 'meta') => string) =>
      t.app.inject({ method: 'GET', url: `/sandbox/meta/${t.config.platforms.meta.version}/${adAccount.id}/insights?fields=spend&access_token=${token('meta')}` });
    const failed = await both(insights);
    expect(failed.inProcess.statusCode).toBe(503);
    same(summary(failed.inProcess), summary(failed.forwarded));
    const next = await both(insights);
    expect(next.forwarded.statusCode).toBe(200);
  });

  it('stops the emulators\' process when the app closes', async () => {
    const t = await createTestApp('pglite', { SANDBOX_EMULATORS: 'process' });
    // this suite's forwarded app has its own child too: the new app's is the one that was not there before
    const started = emulatorChildren();
    expect(started).toHaveLength(2);
    await t.close();
    // close() waits for the child's exit
    expect(emulatorChildren()).toHaveLength(1);
  }, 60_000);
});

describe('npm start with the emulators in their own process', () => {
  it('serves the sandbox through the app, and the emulators\' process ends when the app is killed', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'parallels-emulator-process-'));
    const port = await freePort();
    const serverDir = fileURLToPath(new URL('..', import.meta.url));
    const app = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      // as `npm start`: embedded PGlite, development, the emulators' default
      env: { ...withoutKeys(process.env, ['DATABASE_URL', 'SANDBOX_EMULATORS', 'NODE_ENV']), DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`, SYNC_WORKERS: 'false', LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    });
    try {
      let ok = false;
      for (let i = 0; i < 600 && !ok; i++) {
        ok = await fetch(`http://127.0.0.1:${port}/sandbox/google/.well-known/openid-configuration`).then((r) => r.ok, () => false);
        if (!ok) await new Promise((r) => setTimeout(r, 100));
      }
      expect(ok).toBe(true);
      const discovery = (await (await fetch(`http://127.0.0.1:${port}/sandbox/google/.well-known/openid-configuration`)).json()) as { authorization_endpoint: string };
      // links the emulators write point at the app's origin, where the browser reaches them
      expect(discovery.authorization_endpoint).toBe(`http://127.0.0.1:${port}/sandbox/google/o/oauth2/v2/auth`);
      const [child] = emulatorChildren(app.pid!);
      expect(child).toBeGreaterThan(0);
      app.kill('SIGKILL');
      let gone = false;
      for (let i = 0; i < 100 && !gone; i++) {
        gone = !alive(child!);
        if (!gone) await new Promise((r) => setTimeout(r, 100));
      }
      expect(gone).toBe(true);
    } finally {
      app.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
