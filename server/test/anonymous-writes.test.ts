import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { createTestApp, DB_KINDS, type TestApp } from './test-app.js';

// Anonymous calls cannot fill the database (issue 13): the probe stored a 1 MB OAuth state row 20 times in
// 0.9 s. A shop is checked before anything is stored, every anonymous writing route is rate-limited per
// address, and what anonymous callers leave behind expires on a schedule.
const ORIGIN = 'http://localhost:3000';
const LIMIT = 20;
const SWEEP_MS = 200;

describe.each(DB_KINDS)('anonymous writes on %s', (kind) => {
  let t: TestApp;
  const count = async (table: 'oauth_states' | 'login_tickets' | 'sessions' | 'login_failures') =>
    Number((await queryRows<{ n: string }>(t.database.db, sql`select count(*)::text as n from ${sql.identifier(table)}`))[0]!.n);
  const sizeOfStates = async () => Number((await queryRows<{ n: string | null }>(t.database.db, sql`select coalesce(sum(length(shop) + length(coalesce(source, ''))), 0)::text as n from oauth_states`))[0]!.n);
  const startShopify = (shop: string, source?: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/shopify', headers: { origin: ORIGIN }, payload: { shop, flowType: 'login', ...(source ? { source } : {}) } });

  beforeAll(async () => {
    t = await createTestApp(kind, { AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT) }, { housekeepingIntervalMs: SWEEP_MS });
  });
  afterAll(async () => t?.close());

  it('a shop that is not a shop is refused before anything is stored', async () => {
    for (const shop of ['a'.repeat(1_000_000 - 100), 'a'.repeat(64), 'evil.com/x', 'shop\u0000']) {
      const res = await startShopify(shop);
      expect(res.statusCode).toBe(400);
    }
    expect(await count('oauth_states')).toBe(0);
  });

  it('the OAuth state table grows by at most the per-address limit a minute, with small rows', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 10; i++) statuses.push((await startShopify('a'.repeat(63), `/${'p'.repeat(1900)}`)).statusCode);
    // the four refused shops above count towards the limit too
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(LIMIT);
    expect(statuses.slice(-10)).toEqual(Array(10).fill(429));
    expect(await count('oauth_states')).toBeLessThanOrEqual(LIMIT);
    expect(await sizeOfStates()).toBeLessThan(LIMIT * 2100);
  });

  it('every anonymous route that writes is rate-limited; signed webhooks are the only exception', () => {
    const anonymousWriters = t.app.routeList.filter((r) => r.url.startsWith('/api/') && r.anonymous && r.writes);
    expect(anonymousWriters.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['POST /api/auth/signup', 'POST /api/auth/login/normal', 'POST /api/auth/shopify', 'POST /api/auth/shopify-install', 'GET /api/auth/google', 'GET /api/auth/google/callback', 'POST /api/auth/login/oauth']),
    );
    const unlimited = anonymousWriters.filter((r) => !r.rateLimited).map((r) => `${r.method} ${r.url}`);
    expect(unlimited).toEqual(['POST /api/webhooks/shopify']);
  });

  it('expired OAuth states, login tickets, sessions and login failures are deleted on a schedule', async () => {
    const db = t.database.db;
    const [user] = await queryRows<{ id: string }>(db, sql`insert into users (username, email) values ('old', 'old@example.com') returning id`);
    await db.execute(sql`insert into oauth_states (state_hash, session_id_hash, provider, context, created_at) values ('fresh', 'b', 'google', 'userLogin', now()), ('old', 'b', 'google', 'userLogin', now() - interval '11 minutes')`);
    await db.execute(sql`insert into login_tickets (ticket_hash, user_id, created_at) values ('fresh', ${user!.id}, now()), ('old', ${user!.id}, now() - interval '3 minutes')`);
    await db.execute(sql`insert into sessions (id_hash, user_id, created_at, last_seen_at) values
      ('fresh', ${user!.id}, now(), now()),
      ('idle', ${user!.id}, now() - interval '2 hours', now() - interval '31 minutes'),
      ('old', ${user!.id}, now() - interval '13 hours', now())`);
    await db.execute(sql`insert into login_failures (email, failures, window_started_at) values ('fresh@example.com', 3, now()), ('old@example.com', 3, now() - interval '16 minutes')`);
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && (await count('login_failures')) > 1) await new Promise((r) => setTimeout(r, SWEEP_MS));
    const left = async (table: string) => (await queryRows<{ k: string }>(db, sql.raw(`select ${table === 'login_failures' ? 'email' : table === 'oauth_states' ? 'state_hash' : table === 'login_tickets' ? 'ticket_hash' : 'id_hash'} as k from ${table} where ${table === 'oauth_states' ? "provider = 'google'" : 'true'}`))).map((r) => r.k);
    expect(await left('oauth_states')).toEqual(['fresh']);
    expect(await left('login_tickets')).toEqual(['fresh']);
    expect(await left('sessions')).toEqual(['fresh']);
    expect(await left('login_failures')).toEqual(['fresh@example.com']);
  });
});
