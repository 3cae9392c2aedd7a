import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type DbKind, type TestApp } from './test-app.js';

/**
 * A free loopback port below the kernel's ephemeral range (32768-60999 on Linux), so no outbound connection of a
 * parallel test (a pg client, an HTTP call) can take it between this check and the app's listen: the app must know
 * its own URL before it is built (OAuth redirect URIs), which leaves seconds between the two on PostgreSQL.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await canListen(port)) return port;
  }
  throw new Error('no free loopback port between 20000 and 32000');
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/** The app listening for real, with the emulators mounted, so connectors make real HTTP calls to them. */
export async function createListeningApp(kind: DbKind, env: Record<string, string> = {}, options: { sync?: boolean; now?: () => Date } = {}): Promise<TestApp & { origin: string }> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const t = await createTestApp(kind, { PORT: String(port), PUBLIC_URL: origin, ...env }, options);
    try {
      await t.app.listen({ port, host: '127.0.0.1' });
      return { ...t, origin };
    } catch (error) {
      await t.close();
      // Another test's explicit pick of the same port in the meantime: build again on a new one.
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt === 3) throw error;
    }
  }
}

export interface BrowserResponse {
  status: number;
  location: string | null;
  body: string;
  json<T = unknown>(): T;
}

/**
 * A tiny browser: keeps cookies per origin (no domain tricks needed on loopback), sends our Origin on
 * state-changing calls like a page of the app would, and never follows redirects on its own.
 */
export class Browser {
  private readonly cookies = new Map<string, string>();

  constructor(readonly origin: string) {}

  cookieHeader(): string {
    return [...this.cookies.entries()].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  async request(method: string, pathOrUrl: string, body?: unknown, form?: Record<string, string>): Promise<BrowserResponse> {
    const url = pathOrUrl.startsWith('http') ? pathOrUrl : `${this.origin}${pathOrUrl}`;
    const headers: Record<string, string> = { cookie: this.cookieHeader() };
    if (method !== 'GET') headers.origin = this.origin;
    let payload: string | undefined;
    if (form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(form).toString();
    } else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(url, { method, headers, body: payload, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(c) || value === '') this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
    const text = await res.text();
    return { status: res.status, location: res.headers.get('location'), body: text, json: <T>() => JSON.parse(text) as T };
  }

  get(path: string) {
    return this.request('GET', path);
  }

  post(path: string, body: unknown = {}) {
    return this.request('POST', path, body);
  }
}

/**
 * Submits an emulator consent page like a person would: the form's hidden fields and selected options, and
 * the button with the given label ('Allow' or 'Cancel'). `choose` overrides a select (e.g. another test user).
 */
export async function submitConsent(browser: Browser, pageUrl: string, button: 'Allow' | 'Cancel' | 'Approve' | 'Decline', choose: Record<string, string> = {}): Promise<BrowserResponse> {
  const page = await browser.get(pageUrl);
  if (page.status !== 200) throw new Error(`consent page answered ${page.status}: ${page.body.slice(0, 200)}`);
  const html = page.body;
  const form = /<form[^>]*action="([^"]*)"/i.exec(html);
  if (!form) throw new Error('no form on the consent page');
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input([^>]*)>/gi)) {
    const attrs = m[1]!;
    const name = /name="([^"]*)"/.exec(attrs)?.[1];
    const value = /value="([^"]*)"/.exec(attrs)?.[1] ?? '';
    const type = /type="([^"]*)"/.exec(attrs)?.[1] ?? 'text';
    if (!name) continue;
    if ((type === 'checkbox' || type === 'radio') && !/\schecked/.test(attrs)) continue;
    fields[name] = decode(value);
  }
  for (const m of html.matchAll(/<select[^>]*name="([^"]*)"[^>]*>([\s\S]*?)<\/select>/gi)) {
    const selected = /<option[^>]*value="([^"]*)"[^>]*selected/.exec(m[2]!)?.[1] ?? /<option[^>]*value="([^"]*)"/.exec(m[2]!)?.[1];
    if (selected !== undefined) fields[m[1]!] = decode(selected);
  }
  const buttonMatch = [...html.matchAll(/<button([^>]*)>([^<]*)</gi)].find((b) => b[2]!.trim() === button);
  if (!buttonMatch) throw new Error(`no '${button}' button on the consent page`);
  const bName = /name="([^"]*)"/.exec(buttonMatch[1]!)?.[1];
  const bValue = /value="([^"]*)"/.exec(buttonMatch[1]!)?.[1];
  if (bName) fields[bName] = bValue ?? '';
  Object.assign(fields, choose);
  const action = new URL(decode(form[1]!), pageUrl).toString();
  return browser.request('POST', action, undefined, fields);
}

function decode(v: string): string {
  return v.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>');
}

export async function signUpAndLogIn(browser: Browser, who: { username: string; email: string; password: string }): Promise<{ id: string }> {
  await browser.post('/api/auth/signup', who);
  const res = await browser.post('/api/auth/login/normal', { email: who.email, password: who.password });
  if (res.status !== 200) throw new Error(`login failed: ${res.body}`);
  return res.json<{ user: { id: string } }>().user;
}

export type { FastifyInstance };
