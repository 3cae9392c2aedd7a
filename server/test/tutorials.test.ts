import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, sessionCookie, type TestApp } from './test-app.js';

describe.each(DB_KINDS)('tutorial completions on %s', (kind) => {
  let t: TestApp;
  const login = async (email: string) => {
    await t.app.inject({ method: 'POST', url: '/api/auth/signup', headers: { origin: t.config.publicUrl }, payload: { username: email.split('@')[0], email, password: 'long-password' } });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login/normal', headers: { origin: t.config.publicUrl }, payload: { email, password: 'long-password' } });
    return sessionCookie(res);
  };
  let asha: string;
  let ravi: string;
  const call = (cookie: string, method: 'GET' | 'PUT' | 'DELETE', url: string) => t.app.inject({ method, url, headers: { cookie, origin: t.config.publicUrl } });

  beforeAll(async () => {
    t = await createTestApp(kind);
    asha = await login('asha@example.com');
    ravi = await login('ravi@example.com');
  });
  afterAll(async () => t?.close());

  it('remembers completed tutorials per user, so another device does not replay them', async () => {
    expect((await call(asha, 'GET', '/api/tutorials')).json()).toEqual({ completed: [] });
    expect((await call(asha, 'PUT', '/api/tutorials/ad-metrics-overview/complete')).json()).toEqual({ completed: ['ad-metrics-overview'] });
    expect((await call(asha, 'PUT', '/api/tutorials/dashboard-overview/complete')).json()).toEqual({ completed: ['dashboard-overview', 'ad-metrics-overview'] });
    // completing twice is harmless
    expect((await call(asha, 'PUT', '/api/tutorials/dashboard-overview/complete')).statusCode).toBe(200);
    // a second session of the same user (another device) sees the same list; another user sees their own
    const second = await t.app.inject({ method: 'POST', url: '/api/auth/login/normal', headers: { origin: t.config.publicUrl }, payload: { email: 'asha@example.com', password: 'long-password' } });
    expect((await call(sessionCookie(second), 'GET', '/api/tutorials')).json()).toEqual({ completed: ['dashboard-overview', 'ad-metrics-overview'] });
    expect((await call(ravi, 'GET', '/api/tutorials')).json()).toEqual({ completed: [] });
  });

  it('resets one tutorial or all of them', async () => {
    expect((await call(asha, 'DELETE', '/api/tutorials/dashboard-overview')).json()).toEqual({ completed: ['ad-metrics-overview'] });
    await call(asha, 'PUT', '/api/tutorials/dashboard-support/complete');
    expect((await call(asha, 'DELETE', '/api/tutorials')).json()).toEqual({ completed: [] });
  });

  it('refuses unknown tutorials and anonymous calls', async () => {
    const bad = await call(asha, 'PUT', '/api/tutorials/not-a-tutorial/complete');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'Unknown tutorial' });
    expect((await t.app.inject({ method: 'GET', url: '/api/tutorials' })).statusCode).toBe(401);
  });
});
