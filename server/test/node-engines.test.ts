import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/decisions/008: on Node 20 a fresh install warns only about the packages that record explains.
const root = join(import.meta.dirname, '..', '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

type Version = [number, number, number];
/** '20', '20.19', 'v12.22.7', '10.x', '12.*' -> its numbers, missing or wildcard parts as undefined */
function partial(text: string): Array<number | undefined> {
  return text.replace(/^v/, '').split('.').slice(0, 3).map((p) => (/^\d+$/.test(p) ? Number(p) : undefined));
}
function compare(a: Version, b: Array<number | undefined>): number {
  for (let i = 0; i < 3; i++) {
    const d = a[i]! - (b[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}
function comparator(v: Version, c: string): boolean {
  if (c === '*' || c === '' || c === 'x') return true;
  const m = /^(>=|<=|>|<|=|\^|~)?(.*)$/.exec(c)!;
  const op = m[1] ?? '';
  const p = partial(m[2]!);
  switch (op) {
    case '>=': return compare(v, p) >= 0;
    case '>': return compare(v, p) > 0;
    case '<=': return compare(v, p) <= 0;
    case '<': return compare(v, p) < 0;
    case '^': return v[0] === p[0] && compare(v, p) >= 0;
    case '~': return v[0] === p[0] && (p[1] === undefined || v[1] === p[1]) && compare(v, p) >= 0;
    default: return p.every((n, i) => n === undefined || n === v[i]);
  }
}
/** whether a Node version meets an `engines.node` range (the npm range forms package-lock.json holds) */
function satisfies(version: string, range: string): boolean {
  const [major, minor, patch] = partial(version);
  const v: Version = [major ?? 0, minor ?? 0, patch ?? 0];
  return range.split('||').some((part) => part.trim().replace(/([<>=^~]+)\s+/g, '$1').split(/\s+/).every((c) => comparator(v, c)));
}

describe('Node 20 engines', () => {
  it('reads npm ranges the way npm does for the forms in our lock', () => {
    expect(satisfies('20.19.0', '>=22')).toBe(false);
    expect(satisfies('20.19', '^20.19.0 || ^22.12.0 || >=24.0.0')).toBe(true);
    expect(satisfies('20.19.0', '>=22.12.0')).toBe(false);
    expect(satisfies('20.19.0', '>= 0.6')).toBe(true);
    expect(satisfies('20.19.0', '^20.19.0 || >=22.12.0')).toBe(true);
    expect(satisfies('20.18.3', '^20.19.0 || >=22.12.0')).toBe(false);
    expect(satisfies('20.19.0', '18 || 20 || >=22')).toBe(true);
    expect(satisfies('20.19.0', '10.* || >= 12.*')).toBe(true);
    expect(satisfies('20.19.0', '>=16 || 14 >=14.17')).toBe(true);
    expect(satisfies('20.19.0', '>=23.5.0 || ^22.13.0 || ^20.17.0')).toBe(true);
    expect(satisfies('20.19.0', '>=v12.22.7')).toBe(true);
    expect(satisfies('20.19.0', '^18.18.0 || ^20.9.0 || >=21.1.0')).toBe(true);
    expect(satisfies('20.19.0', '6.* || 8.* || >= 10.*')).toBe(true);
  });

  it('a fresh install on the oldest Node we support warns only about the packages docs/decisions/008 explains', () => {
    const minimum = /^>=\s*([\d.]+)$/.exec((JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node)?.[1];
    expect(minimum).toBeDefined();
    const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { version?: string; engines?: { node?: string } | string[] }> };
    const refused = Object.entries(lock.packages)
      .filter(([, p]) => !Array.isArray(p.engines) && p.engines?.node !== undefined && !satisfies(minimum!, p.engines.node))
      .map(([path, p]) => `${path.replace(/^.*node_modules\//, '')}@${p.version}`)
      .sort();
    const explained = [...read('docs/decisions/008-node-20-engines.md').matchAll(/^\| `([^`]+@[\d.]+)` \|/gm)].map((m) => m[1]!).sort();
    expect(explained.length).toBeGreaterThan(0);
    expect(refused).toEqual(explained);
  });

  it('the ESM-only packages load through require() on this Node, as their CommonJS users load them', async () => {
    const require = createRequire(import.meta.url);
    const cookie = require('cookie') as { parseCookie: (s: string) => Record<string, string>; stringifySetCookie: (c: object) => string };
    expect(cookie.parseCookie('sid=a%20b; x=1')).toEqual({ sid: 'a b', x: '1' });
    expect(cookie.stringifySetCookie({ name: 'sid', value: 'v', httpOnly: true, sameSite: 'lax', path: '/' })).toBe('sid=v; Path=/; HttpOnly; SameSite=Lax');
    const disposition = require('content-disposition') as { create: (name: string) => string };
    expect(disposition.create('report.xlsx')).toBe('attachment; filename=report.xlsx');
    const { PgBoss } = await import('pg-boss');
    expect(typeof PgBoss).toBe('function');
  });
});
