import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { connect as tcpConnect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as socketConnect, type Socket } from 'socket.io-client';
import { sql } from 'drizzle-orm';
import { loadConfig, type Config, type ProcessRole } from '../src/config.js';
import { openDatabase, type DatabaseHandle } from '../src/db/client.js';
import { createServerDatabase } from '../src/db/scratch-database.js';
import { brands, userBrands } from '../src/db/schema.js';
import { startProcess, type RunningProcess } from '../src/process.js';
import { QUEUES } from '../src/sync/queue.js';
import { Browser, freePort, signUpAndLogIn } from './browser.js';
import { PGLITE_TEMPLATE_PATH } from './paths.js';
import { DB_KINDS, type DbKind } from './test-app.js';

// Issue 23, item 1: the same build as all-in-one, API only or worker only (PARALLELS_ROLE), several of each on
// one database. On PostgreSQL (TEST_DATABASE_URL, which CI sets) every process here has its own pool and its own
// LISTEN connection, as separate processes would: the realtime, session and rate-limit checks across two API
// processes are real there. On PGlite, which one process owns, the processes share the one embedded database
// (the only way it can be shared) and the same code paths run: PGlite's own LISTEN, the queue, the shared rows.

const TOKEN_KEYS = `test:${randomBytes(32).toString('base64')}`;
const RATE_LIMIT = 3;

interface Fleet {
  /** a database handle per process (PostgreSQL), or the one embedded database for all (PGlite) */
  open(): Promise<DatabaseHandle>;
  close(): Promise<void>;
}

async function createFleetDatabase(kind: DbKind): Promise<Fleet> {
  const handles: DatabaseHandle[] = [];
  if (kind === 'postgres') {
    const server = await createServerDatabase(process.env.TEST_DATABASE_URL!, 'parallels_t');
    return {
      open: async () => {
        const h = await openDatabase({ url: server.url });
        handles.push(h);
        return h;
      },
      close: async () => {
        for (const h of handles) await h.close();
        await server.drop();
      },
    };
  }
  const shared = await openDatabase({ pgliteDataDirDump: new Blob([await readFile(PGLITE_TEMPLATE_PATH)]) });
  return { open: async () => shared, close: () => shared.close() };
}

async function configFor(role: ProcessRole, kind: DbKind): Promise<Config> {
  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    TOKEN_ENCRYPTION_KEYS: TOKEN_KEYS,
    SANDBOX_SEED_DEMO: 'false',
    AUTH_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // a role other than 'all' needs a server (PGlite is one process's); on PGlite the test shares the one database in-process
    ...(kind === 'postgres' ? { DATABASE_URL: process.env.TEST_DATABASE_URL!, PARALLELS_ROLE: role } : {}),
  });
  return { ...config, role, syncWorkers: role !== 'api' };
}

async function jobState(database: DatabaseHandle, id: string): Promise<string | undefined> {
  const result = (await database.db.execute(sql`select state from pgboss.job where id = ${id}`)) as unknown as { rows: Array<{ state: string }> };
  return result.rows[0]?.state;
}

async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function portIsClosed(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tcpConnect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

describe('PARALLELS_ROLE', () => {
  it("is 'all' by default, and api or worker only with a database server", () => {
    expect(loadConfig({}).role).toBe('all');
    expect(loadConfig({}).syncWorkers).toBe(true);
    expect(() => loadConfig({ PARALLELS_ROLE: 'api' })).toThrow(/DATABASE_URL: required when PARALLELS_ROLE=api/);
    expect(() => loadConfig({ PARALLELS_ROLE: 'worker' })).toThrow(/DATABASE_URL: required when PARALLELS_ROLE=worker/);
    expect(() => loadConfig({ PARALLELS_ROLE: 'both' })).toThrow(/PARALLELS_ROLE/);
    const url = 'postgres://db.internal/parallels';
    expect(loadConfig({ PARALLELS_ROLE: 'api', DATABASE_URL: url, SYNC_WORKERS: 'true' }).syncWorkers).toBe(false);
    expect(loadConfig({ PARALLELS_ROLE: 'worker', DATABASE_URL: url, SYNC_WORKERS: 'false' }).syncWorkers).toBe(true);
  });
});

describe.each(DB_KINDS)('two API processes and a worker on one %s database', (kind) => {
  let fleet: Fleet;
  let apiA: RunningProcess;
  let apiB: RunningProcess;
  let worker: RunningProcess | undefined;
  let workerPort: number;
  let brandId: string;
  let browser: Browser;
  let userId: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    fleet = await createFleetDatabase(kind);
    apiA = await startProcess(await configFor('api', kind), await fleet.open(), { serveWeb: false });
    apiB = await startProcess(await configFor('api', kind), await fleet.open(), { serveWeb: false });
    browser = new Browser(apiA.url!);
    ({ id: userId } = await signUpAndLogIn(browser, { username: 'Roles', email: 'roles@example.com', password: 'roles-password-1' }));
    const db = (await fleet.open()).db;
    const [brand] = await db.insert(brands).values({ name: 'Fleet' }).returning({ id: brands.id });
    brandId = brand!.id;
    await db.insert(userBrands).values({ userId, brandId });
  }, 60_000);
  afterAll(async () => {
    for (const s of sockets) s.close();
    await worker?.app.close();
    await apiB?.app.close();
    await apiA?.app.close();
    await fleet?.close();
  });

  it('an API process queues jobs and runs none; a worker runs them and opens no port', async () => {
    expect(apiA.app.syncQueue).toBeDefined();
    const jobId = await apiA.app.syncQueue!.boss.send(QUEUES.calculate, { brandId }, { singletonKey: brandId });
    expect(jobId).toBeTruthy();
    // both API processes poll nothing: the job is still waiting well after several test polling intervals (0.5 s)
    await new Promise((r) => setTimeout(r, 2_500));
    expect(await jobState(await fleet.open(), jobId!)).toBe('created');

    const config = await configFor('worker', kind);
    workerPort = config.port;
    worker = await startProcess(config, await fleet.open());
    expect(worker.url).toBeUndefined();
    expect(worker.app.server.listening).toBe(false);
    expect(await portIsClosed(workerPort)).toBe(true);
    expect(await until('the worker to finish the job', async () => {
      const state = await jobState(await fleet.open(), jobId!);
      return state === 'completed' || state === 'failed' ? state : undefined;
    })).toBe('completed');
  }, 40_000);

  it('a session made on one API process is good on the other', async () => {
    const res = await fetch(`${apiB.url}/api/auth/check-token`, { headers: { cookie: browser.cookieHeader() } });
    expect(res.status).toBe(200);
  });

  it('counts a client against one rate limit, whichever API process it reaches', async () => {
    const attempt = (p: RunningProcess) =>
      fetch(`${p.url}/api/auth/login/normal`, { method: 'POST', headers: { 'content-type': 'application/json', origin: p.url! }, body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password-1' }) }).then((r) => r.status);
    // beforeAll's login on A was this client's first of RATE_LIMIT (3) in the minute
    const statuses = [await attempt(apiB), await attempt(apiA), await attempt(apiB)];
    expect(statuses.slice(0, 2)).toEqual([401, 401]);
    // counted per process, this would be B's second call of three allowed
    expect(statuses[2]).toBe(429);
  });

  it("delivers a message published by another API process, or by the worker, to a socket on this one", async () => {
    const s = socketConnect(apiA.url!, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie: browser.cookieHeader(), origin: apiA.url! }, reconnection: false, timeout: 5000 });
    sockets.push(s);
    await new Promise<void>((resolve, reject) => {
      s.once('connect', () => resolve());
      s.once('connect_error', reject);
    });
    s.emit('join-brand-room', brandId);
    s.emit('join-user-room', userId);
    s.emit('ping');
    await new Promise<void>((resolve) => s.once('pong', () => resolve()));
    const got: unknown[] = [];
    s.on('brand-notification', (m) => got.push(m));
    s.on('notification', (m) => got.push(m));
    await apiB.app.realtime.publish({ brandId }, { type: 'metrics-calculation-complete', data: { success: true, message: 'from B', brandId } });
    await worker!.app.realtime.publish({ userId }, { type: 'metrics-calculation-complete', data: { success: true, message: 'from the worker', brandId } });
    await until('both messages', async () => (got.length >= 2 ? true : undefined), 20_000);
    expect(got).toEqual([
      { type: 'metrics-calculation-complete', data: { success: true, message: 'from B', brandId } },
      { type: 'metrics-calculation-complete', data: { success: true, message: 'from the worker', brandId } },
    ]);
  }, 30_000); // delivery, not speed: on a loaded CI machine the socket and the cross-process hop take seconds
});
