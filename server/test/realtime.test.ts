import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { brands, userBrands } from '../src/db/schema.js';
import { Browser, createListeningApp, signUpAndLogIn } from './browser.js';
import { DB_KINDS, type TestApp } from './test-app.js';

function open(origin: string, cookie: string, extraHeaders: Record<string, string> = {}): Socket {
  return connect(origin, { path: '/socket.io', transports: ['polling', 'websocket'], extraHeaders: { cookie, origin, ...extraHeaders }, reconnection: false, timeout: 5000 });
}

const once = <T>(socket: Socket, event: string) => new Promise<T>((resolve) => socket.once(event, resolve));

describe.each(DB_KINDS)('realtime on %s', (kind) => {
  let t: TestApp & { origin: string };
  let a: { browser: Browser; id: string; brandId: string };
  let bBrandId: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await createListeningApp(kind);
    const browser = new Browser(t.origin);
    const { id } = await signUpAndLogIn(browser, { username: 'A', email: 'rt-a@example.com', password: 'rt-a-password' });
    const [mine, theirs] = await t.database.db.insert(brands).values([{ name: 'Mine' }, { name: 'Theirs' }]).returning({ id: brands.id });
    await t.database.db.insert(userBrands).values({ userId: id, brandId: mine!.id });
    a = { browser, id, brandId: mine!.id };
    bBrandId = theirs!.id;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t?.close();
  });

  it('refuses a socket without a session', async () => {
    const s = open(t.origin, '');
    sockets.push(s);
    const err = await once<Error>(s, 'connect_error');
    expect(err.message).toBe('unauthorized');
  });

  it('refuses a socket from a foreign origin', async () => {
    const s = open(t.origin, a.browser.cookieHeader(), { origin: 'https://evil.example' });
    sockets.push(s);
    await once<Error>(s, 'connect_error');
    expect(s.connected).toBe(false);
  });

  it('delivers brand messages to the brand room only, after access is checked on join', async () => {
    const s = open(t.origin, a.browser.cookieHeader());
    sockets.push(s);
    await once(s, 'connect');
    s.emit('join-user-room', a.id);
    s.emit('join-brand-room', bBrandId);
    expect(await once<{ message: string }>(s, 'error-message')).toEqual({ message: 'Brand not found' });
    s.emit('join-brand-room', a.brandId);
    s.emit('ping');
    await once(s, 'pong');
    const got: unknown[] = [];
    s.on('brand-notification', (m) => got.push(m));
    s.on('notification', (m) => got.push(m));
    await t.app.realtime.publish({ brandId: bBrandId }, { type: 'metrics-calculation-error', data: { error: 'x', brandId: bBrandId } });
    await t.app.realtime.publish({ brandId: a.brandId }, { type: 'metrics-calculation-complete', data: { success: true, message: 'Metrics updated', brandId: a.brandId } });
    await t.app.realtime.publish({ userId: a.id }, { type: 'metrics-calculation-complete', data: { success: true, message: 'for you', brandId: a.brandId } });
    await new Promise((r) => setTimeout(r, 300));
    expect(got).toEqual([
      { type: 'metrics-calculation-complete', data: { success: true, message: 'Metrics updated', brandId: a.brandId } },
      { type: 'metrics-calculation-complete', data: { success: true, message: 'for you', brandId: a.brandId } },
    ]);
    s.emit('leave-brand-room', a.brandId);
    await new Promise((r) => setTimeout(r, 100));
    await t.app.realtime.publish({ brandId: a.brandId }, { type: 'metrics-calculation-error', data: { error: 'after leaving', brandId: a.brandId } });
    await new Promise((r) => setTimeout(r, 300));
    expect(got).toHaveLength(2);
  });
});
