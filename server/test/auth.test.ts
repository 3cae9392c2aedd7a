import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { AUTH_MESSAGES } from '@parallels/contract/auth';
import { queryRows } from '../src/db/client.js';
import { createTestApp, DB_KINDS, sessionCookie, type TestApp } from './test-app.js';

const ORIGIN = 'http://localhost:3000';
const json = { 'content-type': 'application/json', origin: ORIGIN };

describe.each(DB_KINDS)('auth on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { AUTH_RATE_LIMIT_PER_MINUTE: '1000', LOGIN_LOCKOUT_ATTEMPTS: '5' });
  });
  afterAll(async () => t?.close());

  const signup = (body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/auth/signup', headers: json, payload: body });
  const login = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login/normal', headers: { ...json, ...headers }, payload: body });

  describe('signup', () => {
    it('creates an account with an argon2id hash (m=19456, t=2, p=1)', async () => {
      const res = await signup({ username: 'Asha', email: 'Asha@Example.com', password: 'correct horse' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ success: true, message: AUTH_MESSAGES.signedUp });
      const rows = await queryRows<{ email: string; password_hash: string }>(t.database.db, sql`select email, password_hash from users where email = 'asha@example.com'`);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(rows[0]!.password_hash).not.toContain('correct horse');
    });

    it.each([
      [{ email: 'a@b.co', password: 'longenough' }, 'username', 'Username is required'],
      [{ username: '  ', email: 'a@b.co', password: 'longenough' }, 'username', 'Username is required'],
      [{ username: 'A', password: 'longenough' }, 'email', 'Email is required'],
      [{ username: 'A', email: '', password: 'longenough' }, 'email', 'Email is required'],
      [{ username: 'A', email: 'not-an-email', password: 'longenough' }, 'email', 'Email is invalid'],
      [{ username: 'A', email: 'a@b.co' }, 'password', 'Password is required'],
      [{ username: 'A', email: 'a@b.co', password: '' }, 'password', 'Password is required'],
      [{ username: 'A', email: 'a@b.co', password: 'short' }, 'password', 'Password must be at least 8 characters'],
    ])('rejects %j with a message for %s', async (body, field, message) => {
      const res = await signup(body);
      expect(res.statusCode).toBe(400);
      const payload = res.json();
      expect(payload.success).toBe(false);
      expect(payload.errors).toContainEqual({ field, message });
      expect(payload.message).toContain(message);
    });

    it('rejects unknown fields (no mass assignment)', async () => {
      const res = await signup({ username: 'A', email: 'x@y.zz', password: 'longenough', isAdmin: true });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/isAdmin/);
    });

    it('answers 409 with a clear message for a duplicate email, whatever its case', async () => {
      await signup({ username: 'Dup', email: 'dup@example.com', password: 'password-1' });
      const res = await signup({ username: 'Dup2', email: 'DUP@example.com', password: 'password-2' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ success: false, message: AUTH_MESSAGES.duplicateEmail });
    });
  });

  describe('login and sessions', () => {
    beforeAll(async () => {
      await signup({ username: 'Ravi', email: 'ravi@example.com', password: 'ravi-password' });
    });

    it('logs in, sets an HttpOnly SameSite=Lax session cookie and counts logins', async () => {
      const first = await login({ email: 'ravi@example.com', password: 'ravi-password' });
      expect(first.statusCode).toBe(200);
      const body = first.json();
      expect(body).toEqual({
        success: true,
        user: { id: expect.any(String), username: 'Ravi', email: 'ravi@example.com', isAdmin: false, brands: [], loginCount: 1 },
      });
      const setCookie = String(first.headers['set-cookie']);
      expect(setCookie).toMatch(/^sid=[A-Za-z0-9_-]{43};/);
      expect(setCookie).toContain('HttpOnly');
      expect(setCookie).toContain('SameSite=Lax');
      expect(setCookie).toContain('Path=/');
      const second = await login({ email: 'RAVI@example.com', password: 'ravi-password' });
      expect(second.json().user.loginCount).toBe(2);
    });

    it('stores only the SHA-256 of the session id', async () => {
      const res = await login({ email: 'ravi@example.com', password: 'ravi-password' });
      const id = sessionCookie(res).split('=')[1]!;
      const rows = await queryRows<{ id_hash: string }>(t.database.db, sql`select id_hash from sessions`);
      expect(rows.some((r) => r.id_hash === id)).toBe(false);
      expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.id_hash))).toBe(true);
    });

    it('answers 401 with the same body for a wrong password and an unknown email', async () => {
      const wrong = await login({ email: 'ravi@example.com', password: 'wrong-password' });
      const unknown = await login({ email: 'nobody@example.com', password: 'wrong-password' });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ success: false, message: AUTH_MESSAGES.wrongCredentials });
      expect(unknown.json()).toEqual(wrong.json());
      expect(wrong.headers['set-cookie']).toBeUndefined();
    });

    it.each([
      [{ password: 'x' }, 'Email is required'],
      [{ email: 'bad', password: 'x' }, 'Email is invalid'],
      [{ email: 'a@b.co' }, 'Password is required'],
    ])('rejects %j with 400', async (body, message) => {
      const res = await login(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    });

    it('checks the session, renews it on login and ends it on logout', async () => {
      const a = sessionCookie(await login({ email: 'ravi@example.com', password: 'ravi-password' }));
      const check = await t.app.inject({ method: 'GET', url: '/api/auth/check-token', headers: { cookie: a } });
      expect(check.statusCode).toBe(200);
      // with its user, so a browser that lost its stored state is restored instead of sent to /login
      expect(check.json()).toMatchObject({ isValid: true, message: AUTH_MESSAGES.sessionValid, user: { email: 'ravi@example.com', username: expect.any(String) } });

      // Logging in again from the same browser replaces the session (fixation defence).
      const b = sessionCookie(await login({ email: 'ravi@example.com', password: 'ravi-password' }, { cookie: a }));
      expect(b).not.toBe(a);
      const old = await t.app.inject({ method: 'GET', url: '/api/auth/check-token', headers: { cookie: a } });
      expect(old.statusCode).toBe(401);
      expect(old.json()).toEqual({ isValid: false, message: AUTH_MESSAGES.sessionInvalid });

      const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { origin: ORIGIN, cookie: b } });
      expect(out.statusCode).toBe(200);
      expect(out.json()).toEqual({ success: true });
      expect(String(out.headers['set-cookie'])).toMatch(/sid=;/);
      const after = await t.app.inject({ method: 'GET', url: '/api/auth/check-token', headers: { cookie: b } });
      expect(after.statusCode).toBe(401);
    });

    it('ends a session idle longer than SESSION_IDLE_MINUTES', async () => {
      const c = sessionCookie(await login({ email: 'ravi@example.com', password: 'ravi-password' }));
      await t.database.db.execute(sql`update sessions set last_seen_at = now() - interval '29 minutes'`);
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/check-token', headers: { cookie: c } })).statusCode).toBe(200);
      await t.database.db.execute(sql`update sessions set last_seen_at = now() - interval '31 minutes'`);
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/check-token', headers: { cookie: c } })).statusCode).toBe(401);
    });

    it('ends a session older than SESSION_ABSOLUTE_HOURS even when active', async () => {
      const c = sessionCookie(await login({ email: 'ravi@example.com', password: 'ravi-password' }));
      await t.database.db.execute(sql`update sessions set created_at = now() - interval '12 hours 1 minute', last_seen_at = now()`);
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/check-token', headers: { cookie: c } })).statusCode).toBe(401);
    });

    it('locks an account after repeated failures, for known and unknown emails alike, leaving others alone', async () => {
      await signup({ username: 'Lock', email: 'lock@example.com', password: 'lock-password' });
      for (let i = 0; i < 5; i++) expect((await login({ email: 'lock@example.com', password: 'nope-nope' })).statusCode).toBe(401);
      const locked = await login({ email: 'lock@example.com', password: 'lock-password' });
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({ success: false, message: AUTH_MESSAGES.accountLocked });
      for (let i = 0; i < 5; i++) await login({ email: 'ghost@example.com', password: 'nope-nope' });
      expect((await login({ email: 'ghost@example.com', password: 'nope-nope' })).statusCode).toBe(429);
      expect((await login({ email: 'ravi@example.com', password: 'ravi-password' })).statusCode).toBe(200);
      // The window passes: the account opens again.
      await t.database.db.execute(sql`update login_failures set window_started_at = now() - interval '16 minutes'`);
      expect((await login({ email: 'lock@example.com', password: 'lock-password' })).statusCode).toBe(200);
    });
  });

  describe('cross-site requests', () => {
    it('refuses a state change from a foreign Origin', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login/normal', headers: { ...json, origin: 'https://evil.example' }, payload: { email: 'ravi@example.com', password: 'ravi-password' } });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/Cross-site request refused/);
    });

    it('refuses a cross-site request without Origin by Sec-Fetch-Site', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { 'sec-fetch-site': 'cross-site' } });
      expect(res.statusCode).toBe(403);
    });

    it("accepts PUBLIC_URL's origin only, whatever Host the request names", async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { origin: ORIGIN, host: 'localhost:80' } });
      expect(res.statusCode).toBe(200);
      const sameHost = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { origin: 'http://localhost:80', host: 'localhost:80' } });
      expect(sameHost.statusCode).toBe(403);
    });

    it('refuses bodies that are not JSON (form or text posts from other sites)', async () => {
      const text = await t.app.inject({ method: 'POST', url: '/api/auth/login/normal', headers: { 'content-type': 'text/plain', origin: ORIGIN }, payload: '{"email":"a@b.co","password":"x"}' });
      expect(text.statusCode).toBe(415);
      const form = await t.app.inject({ method: 'POST', url: '/api/auth/login/normal', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN }, payload: 'email=a@b.co&password=x' });
      expect(form.statusCode).toBe(415);
    });
  });

  describe('users', () => {
    it('returns the signed-in user with their brands, and nobody else', async () => {
      await signup({ username: 'Meera', email: 'meera@example.com', password: 'meera-password' });
      const res = await login({ email: 'meera@example.com', password: 'meera-password' });
      const cookie = sessionCookie(res);
      const me = res.json().user;
      const own = await t.app.inject({ method: 'GET', url: `/api/users/getuser/${me.id}?token=abc`, headers: { cookie } });
      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual({ success: true, user: me, brands: [] });
      const other = await t.app.inject({ method: 'GET', url: '/api/users/getuser/00000000-0000-0000-0000-000000000000', headers: { cookie } });
      expect(other.statusCode).toBe(404);
      const anon = await t.app.inject({ method: 'GET', url: `/api/users/getuser/${me.id}` });
      expect(anon.statusCode).toBe(401);
    });
  });
});

describe.each(DB_KINDS)('rate limits and errors on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { AUTH_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(async () => t?.close());

  it('answers 429 with a message once the per-minute login limit is passed', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login/normal', headers: json, payload: { email: `r${i}@example.com`, password: 'whatever1' } });
      codes.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json()).toEqual({ success: false, message: AUTH_MESSAGES.tooManyRequests });
        expect(res.headers['retry-after']).toBeDefined();
      }
    }
    expect(codes).toEqual([401, 401, 401, 429]);
  });

  it('rate limits signup too', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      codes.push((await t.app.inject({ method: 'POST', url: '/api/auth/signup', headers: json, payload: { username: 'x', email: `s${i}@example.com`, password: 'whatever1' } })).statusCode);
    }
    expect(codes).toEqual([201, 201, 201, 429]);
  });

  it('serves health, and a database failure answers 500 without leaking SQL or stacks', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'ok', database: kind, mode: 'sandbox' });
    const unknown = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().success).toBe(false);

    await t.database.close();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toEqual({ success: false, message: expect.stringMatching(/Something went wrong/), requestId: expect.any(String) });
    expect(res.body).not.toMatch(/select|stack|\/work\/|at .*\.ts/i);
  });
});

describe('production mode', () => {
  it('mounts no emulator and no admin endpoint', async () => {
    const t = await createTestApp('pglite', {
      PARALLELS_MODE: 'production',
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://unused@127.0.0.1/unused',
      PUBLIC_URL: 'https://app.parallels.example',
      META_APP_ID: 'x', META_APP_SECRET: 'x', GOOGLE_CLIENT_ID: 'x', GOOGLE_CLIENT_SECRET: 'x', GOOGLE_ADS_DEVELOPER_TOKEN: 'x',
      SHOPIFY_API_KEY: 'x', SHOPIFY_API_SECRET: 'x', ZOHO_CLIENT_ID: 'x', ZOHO_CLIENT_SECRET: 'x',
    });
    try {
      for (const url of ['/sandbox/google/o/oauth2/v2/auth', '/sandbox/meta/__admin/clock', '/sandbox/shopify/__admin/faults']) {
        expect((await t.app.inject({ method: 'GET', url, headers: { host: 'app.parallels.example' } })).statusCode).toBe(404);
      }
      expect(t.app.routeList.some((r) => r.url.startsWith('/sandbox'))).toBe(false);
      expect(t.config.session.cookieName).toBe('__Host-sid');
    } finally {
      await t.close();
    }
  });
});
