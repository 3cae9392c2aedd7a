import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformFetch } from './http.js';
import { MetaSession } from './meta/meta-client.js';
import { PlatformError } from './platform-error.js';

// What a platform's connection can do wrong besides a status code: drop mid-answer, or answer 200 with
// nothing. Both are outages to retry (PlatformError 'unavailable'), never a TypeError that fails the sync
// with a programming error, and never an empty answer read as "no data".
describe('platformFetch on a broken connection', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url?.startsWith('/drop')) {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
        res.write('{"data": [');
        setTimeout(() => res.socket?.destroy(), 20);
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('a connection dropped mid-answer is unavailable, not an empty answer', async () => {
    const err = await platformFetch({ platform: 'meta', url: `${base}/drop` }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PlatformError);
    expect(err).toMatchObject({ kind: 'unavailable', message: 'meta stopped answering mid-response (HTTP 200)' });
  });

  it('an empty 200 where Meta sends a page is unavailable, not a TypeError', async () => {
    const session = new MetaSession({ graphUrl: base, version: 'v23.0' } as never, 'token', { maxAttempts: 1, sleep: async () => {} });
    const err = await session.all(`${base}/empty`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PlatformError);
    expect(err).toMatchObject({ kind: 'unavailable', message: 'Meta sent a page without data' });
  });
});
