import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { findNul } from './input-guard.js';

describe('findNul', () => {
  it('names the first field holding a NUL, at any depth, in keys and values', () => {
    expect(findNul({ name: 'ok', items: [{ title: 'a\u0000b' }] })).toBe('items.0.title');
    expect(findNul({ ['k\u0000']: 1 })).toBe('k\u0000');
    expect(findNul('x\u0000')).toBe('(value)');
    expect(findNul(Object.assign(Object.create(null), { q: 'fine' }))).toBeUndefined();
  });

  it('does not walk a raw body: a stream (a forwarded request) or a Buffer', () => {
    // a stream links back to its socket and server: walking it never ends (the /sandbox proxy's bodies)
    const stream = new PassThrough();
    (stream as unknown as { self: unknown }).self = stream;
    expect(findNul(stream)).toBeUndefined();
    expect(findNul(Buffer.from('a\u0000b'))).toBeUndefined();
  });

  it('visits an object once, so a cycle ends', () => {
    const a: Record<string, unknown> = { name: 'a' };
    a.self = a;
    expect(findNul(a)).toBeUndefined();
    a.later = 'x\u0000';
    expect(findNul(a)).toBe('later');
  });
});
