import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from 'socket.io-client';
import { createTestApp, DB_KINDS, type TestApp } from './test-app.js';
import { createListeningApp } from './browser.js';

// DNS rebinding (issue 13): a page on evil.test whose name is re-pointed at our address sends
// Host: evil.test and Origin: http://evil.test. Both agree, so the Origin check must compare against the
// configured PUBLIC_URL, never the Host header; and in production an unknown Host is refused outright.
const REBOUND = { host: 'evil.test', origin: 'http://evil.test' };

describe.each(DB_KINDS)('Host and Origin on %s', (kind) => {
  describe('sandbox', () => {
    let t: TestApp & { origin: string };
    beforeAll(async () => {
      t = await createListeningApp(kind);
    });
    afterAll(async () => t?.close());

    it('refuses state changes from a rebound origin that matches its own Host header', async () => {
      const signup = await t.app.inject({ method: 'POST', url: '/api/auth/signup', headers: REBOUND, payload: { username: 'eve', email: 'eve@example.com', password: 'eve-password-1' } });
      expect(signup.statusCode).toBe(403);
      const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: REBOUND });
      expect(logout.statusCode).toBe(403);
      const ok = await t.app.inject({ method: 'POST', url: '/api/auth/signup', headers: { origin: t.origin }, payload: { username: 'eve', email: 'eve@example.com', password: 'eve-password-1' } });
      expect(ok.statusCode).toBe(201);
    });

    it('refuses a Socket.IO handshake from the rebound origin', async () => {
      const url = `${t.origin}/socket.io/?EIO=4&transport=polling`;
      const rebound = await fetch(url, { headers: { origin: REBOUND.origin } });
      expect(rebound.status).toBe(403);
      const own = await fetch(url, { headers: { origin: t.origin } });
      expect(own.status).toBe(200);
      await own.text();
    });

    it('a socket client from the rebound origin never connects', async () => {
      const socket = connect(t.origin, { path: '/socket.io', transports: ['polling'], extraHeaders: { origin: REBOUND.origin }, reconnection: false, timeout: 3000 });
      const outcome = await new Promise<string>((resolve) => {
        socket.on('connect', () => resolve('connected'));
        socket.on('connect_error', () => resolve('refused'));
      });
      socket.close();
      expect(outcome).toBe('refused');
    });
  });

  describe('production', () => {
    let t: TestApp;
    const PUBLIC = 'https://app.parallels.test';
    beforeAll(async () => {
      t = await createTestApp(kind, { NODE_ENV: 'production', PUBLIC_URL: PUBLIC });
    });
    afterAll(async () => t?.close());

    it('refuses a request naming another Host, with a 4xx and before any route runs', async () => {
      for (const host of ['evil.test', 'localhost:3000', '127.0.0.1', 'app.parallels.test.evil.test']) {
        const res = await t.app.inject({ method: 'GET', url: '/api/auth/check-token', headers: { host } });
        expect(res.statusCode, host).toBe(421);
        const post = await t.app.inject({ method: 'POST', url: '/api/auth/signup', headers: { host, origin: `https://${host}` }, payload: { username: 'eve', email: 'eve@example.com', password: 'eve-password-1' } });
        expect(post.statusCode, host).toBe(421);
      }
      const own = await t.app.inject({ method: 'GET', url: '/api/auth/check-token', headers: { host: 'app.parallels.test' } });
      expect(own.statusCode).toBe(401);
      const signup = await t.app.inject({ method: 'POST', url: '/api/auth/signup', headers: { host: 'APP.parallels.test', origin: PUBLIC }, payload: { username: 'eve', email: 'eve@example.com', password: 'eve-password-1' } });
      expect(signup.statusCode).toBe(201);
    });

    it('leaves the health probe of a load balancer alone', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { host: '10.0.0.7:3000' } });
      expect(res.statusCode).toBe(200);
    });
  });
});
