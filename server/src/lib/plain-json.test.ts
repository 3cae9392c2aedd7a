import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Fastify from 'fastify';
import { jsonChunks, sendJsonChunks } from './plain-json.js';

const joined = (answer: Record<string, unknown>, chunkChars?: number) => Buffer.concat([...jsonChunks(answer, chunkChars)]).toString('utf8');

describe('jsonChunks', () => {
  it('writes exactly what JSON.stringify writes, for any answer and chunk size', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.oneof(fc.jsonValue(), fc.array(fc.jsonValue()), fc.constant(undefined))), fc.integer({ min: 1, max: 200 }), (answer, size) => {
        expect(joined(answer, size)).toBe(JSON.stringify(answer));
      }),
    );
  });

  it('leaves out keys without JSON and writes null for list items without it, as JSON.stringify does', () => {
    const answer = { a: undefined, b: () => 1, c: [undefined, () => 2, 3], d: new Date(0), e: 'é — ✓ 😀', f: null };
    expect(joined(answer, 1)).toBe(JSON.stringify(answer));
    expect(JSON.parse(joined(answer))).toEqual({ c: [null, null, 3], d: '1970-01-01T00:00:00.000Z', e: 'é — ✓ 😀', f: null });
  });

  it('cuts a large list into chunks of about the size asked, never inside a row', () => {
    const data = Array.from({ length: 2000 }, (_, i) => ({ value: `/page/${i}/ü`, sessions: i, rate: i / 7 }));
    const chunks = [...jsonChunks({ success: true, data, months: ['202611'] }, 4096)];
    expect(chunks.length).toBeGreaterThan(10);
    for (const c of chunks.slice(0, -1)) expect(c.length).toBeLessThan(4096 + 200);
    expect(JSON.parse(Buffer.concat(chunks).toString('utf8'))).toEqual({ success: true, data, months: ['202611'] });
  });

  it('is sent as application/json that any client parses', async () => {
    const app = Fastify();
    const answer = { success: true, data: Array.from({ length: 5000 }, (_, i) => ({ i, name: `row ${i}` })) };
    app.get('/big', async (_req, reply) => sendJsonChunks(reply, answer));
    const res = await app.inject({ method: 'GET', url: '/big' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json()).toEqual(answer);
    await app.close();
  });
});
