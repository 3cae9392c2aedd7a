import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { pageOnOtherHost, registerWeb } from './web.js';

async function appServing(canonicalUrl?: string) {
  const dist = mkdtempSync(join(tmpdir(), 'parallels-web-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Parallels</title>');
  const app = Fastify();
  await registerWeb(app, dist, { canonicalUrl });
  return app;
}

describe('serving the web app', () => {
  it('sends a page opened on another host name to PUBLIC_URL first (sandbox), path and query kept', async () => {
    const app = await appServing('http://localhost:3000');
    const other = await app.inject({ method: 'GET', url: '/dashboard?openModal=facebook', headers: { host: '127.0.0.1:3000' } });
    expect(other.statusCode).toBe(302);
    expect(other.headers.location).toBe('http://localhost:3000/dashboard?openModal=facebook');
    const same = await app.inject({ method: 'GET', url: '/dashboard', headers: { host: 'localhost:3000' } });
    expect(same.statusCode).toBe(200);
    expect(same.body).toContain('<title>Parallels</title>');
    // the API answers on any host (its own origin checks apply)
    expect((await app.inject({ method: 'GET', url: '/api/nothing', headers: { host: '127.0.0.1:3000' } })).statusCode).toBe(404);
    await app.close();
  });

  it('without a canonical address (production) serves the page on any host', async () => {
    const app = await appServing();
    expect((await app.inject({ method: 'GET', url: '/dashboard', headers: { host: '127.0.0.1:3000' } })).statusCode).toBe(200);
    await app.close();
  });

  it('compares host names without case, with the port', () => {
    expect(pageOnOtherHost('LOCALHOST:3000', 'http://localhost:3000')).toBeNull();
    expect(pageOnOtherHost('localhost:3001', 'http://localhost:3000')).toBe('http://localhost:3000');
    expect(pageOnOtherHost('app.example.com', 'https://app.example.com')).toBeNull();
  });
});
