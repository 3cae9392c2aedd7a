import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.js';
import { queryRows, type DatabaseHandle } from '../src/db/client.js';
import { PlatformError } from '../src/connectors/platform-error.js';
import { loadTokenKeyring } from '../src/lib/token-keyring.js';
import { insertUser } from '../src/modules/auth/auth.sql.js';
import { accessTokenFor, openGrant, refreshGrantAccess, saveGrant, type Refresher } from '../src/modules/connections/grants.service.js';
import { findGrant, type GrantRow } from '../src/db/grants.sql.js';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.js';
import { DB_KINDS } from './test-app.js';

// Checklist D5: one refresh per grant across worker processes. Each worker has its own pool (here: its own
// database handle) and its own in-process map; a provider that rotates refresh tokens, like Shopify's
// expiring offline tokens, accepts each refresh token once, so a second refresh of the same grant fails
// with invalid_grant and the connection would need reconnecting.

/** A fake token endpoint that rotates: every refresh token works once and is replaced by the next. */
function rotatingProvider(waitForRival: () => Promise<void>) {
  const state = { calls: 0, current: 'shprt_1', refused: 0 };
  const refresh: Refresher = async (refreshToken) => {
    state.calls++;
    if (refreshToken !== state.current) {
      state.refused++;
      throw new PlatformError('shopify', 'auth', 'invalid_grant');
    }
    // hold the reply until the rival caller is waiting for the same grant: the race is then certain
    await waitForRival();
    state.current = `shprt_${state.calls + 1}`;
    return { accessToken: `shpat_${state.calls}`, expiresAt: new Date(Date.now() + 3_600_000), refreshToken: state.current };
  };
  return { state, refresh };
}

describe.each(DB_KINDS)('token refresh across processes on %s', (kind) => {
  let scratch: ScratchDatabase;
  // two workers' database handles; PGlite admits one process, so its "two workers" share one handle
  let first: DatabaseHandle;
  let second: DatabaseHandle;
  let userId: string;
  let grantId: string;
  const keyring = loadTokenKeyring(loadConfig({ NODE_ENV: 'test', TOKEN_ENCRYPTION_KEYS: `test:${randomBytes(32).toString('base64')}` }));

  /**
   * PostgreSQL: resolves once another session waits on an advisory lock (the grant's), or after 5 s, and
   * then the count of refreshes tells. PGlite: one session, whose transactions PGlite runs one at a time;
   * a few turns of the event loop let the rival queue its transaction behind this one.
   */
  const waitForRival = async () => {
    if (kind === 'pglite') return new Promise<void>((resolve) => setTimeout(resolve, 50));
    const end = Date.now() + 5_000;
    while (Date.now() < end) {
      const [row] = await queryRows<{ n: number }>(first.db, sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`);
      if (row!.n > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const stored = async () => openGrant({ db: first.db, keyring }, (await findGrant(first.db, grantId))!);

  beforeAll(async () => {
    scratch = await createScratchDatabase(kind);
    first = await scratch.open();
    second = kind === 'postgres' ? await scratch.open() : first;
    userId = (await insertUser(first.db, { username: 'Refresh', email: 'refresh@example.test', passwordHash: 'x' }))!.id;
  }, 60_000);

  beforeEach(async () => {
    // every test starts from an expired access token and the refresh token the provider expects first
    grantId = await saveGrant({ db: first.db, keyring }, {
      userId, provider: 'shopify', subject: 'parallels-demo.myshopify.com', email: null, scope: 'read_orders',
      accessToken: 'shpat_0', refreshToken: 'shprt_1', expiresAt: new Date(Date.now() - 60_000),
    });
  });

  afterAll(async () => {
    if (second !== first) await second?.close();
    await first?.close();
    await scratch?.drop();
  });

  it('two workers refreshing the same expired grant at once: one refresh, both get its token, the rotated refresh token is stored', async () => {
    const provider = rotatingProvider(waitForRival);
    const [a, b] = await Promise.all([
      refreshGrantAccess({ db: first.db, keyring }, grantId, provider.refresh),
      refreshGrantAccess({ db: second.db, keyring }, grantId, provider.refresh),
    ]);
    expect(provider.state).toEqual({ calls: 1, current: 'shprt_2', refused: 0 });
    expect(openGrant({ db: first.db, keyring }, a).accessToken).toBe('shpat_1');
    expect(openGrant({ db: first.db, keyring }, b).accessToken).toBe('shpat_1');
    expect(await stored()).toMatchObject({ accessToken: 'shpat_1', refreshToken: 'shprt_2' });
  });

  it('two worker processes (each with its own in-process map) calling accessTokenFor with stale rows: one refresh', async () => {
    // a second copy of the module stands for the second process: its own in-flight map
    vi.resetModules();
    const other = await import('../src/modules/connections/grants.service.js');
    expect(other.accessTokenFor).not.toBe(accessTokenFor);
    const provider = rotatingProvider(waitForRival);
    // each worker loaded the grant when its job started: both rows say expired
    const rowA = (await findGrant(first.db, grantId))!;
    const rowB = (await findGrant(second.db, grantId))!;
    const tokens = await Promise.all([
      accessTokenFor({ db: first.db, keyring }, rowA, provider.refresh),
      other.accessTokenFor({ db: second.db, keyring }, rowB, provider.refresh),
    ]);
    expect(tokens).toEqual(['shpat_1', 'shpat_1']);
    expect(provider.state).toEqual({ calls: 1, current: 'shprt_2', refused: 0 });
    expect(await stored()).toMatchObject({ accessToken: 'shpat_1', refreshToken: 'shprt_2' });
    // the callers' rows now hold the new tokens: the next window's call is served without a refresh
    expect(await accessTokenFor({ db: first.db, keyring }, rowA, provider.refresh)).toBe('shpat_1');
    expect(await other.accessTokenFor({ db: second.db, keyring }, rowB, provider.refresh)).toBe('shpat_1');
    expect(provider.state.calls).toBe(1);
  });

  it('a worker whose row went stale after another refreshed uses the stored token, not its spent refresh token', async () => {
    const provider = rotatingProvider(async () => undefined);
    const stale = (await findGrant(second.db, grantId))!;
    expect(await accessTokenFor({ db: first.db, keyring }, (await findGrant(first.db, grantId))!, provider.refresh)).toBe('shpat_1');
    expect(await accessTokenFor({ db: second.db, keyring }, stale, provider.refresh)).toBe('shpat_1');
    expect(provider.state).toEqual({ calls: 1, current: 'shprt_2', refused: 0 });
  });

  it('many callers in one process share one refresh (the in-process map)', async () => {
    const provider = rotatingProvider(async () => undefined);
    const rows: GrantRow[] = await Promise.all(Array.from({ length: 20 }, () => findGrant(first.db, grantId).then((g) => g!)));
    const tokens = await Promise.all(rows.map((row) => accessTokenFor({ db: first.db, keyring }, row, provider.refresh)));
    expect(new Set(tokens)).toEqual(new Set(['shpat_1']));
    expect(provider.state).toEqual({ calls: 1, current: 'shprt_2', refused: 0 });
  });
});
