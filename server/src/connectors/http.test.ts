import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonArrayElements, JsonArraySplitter, platformFetch, platformRequest } from './http.js';
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
      if (req.url?.startsWith('/drop-array')) {
        // a searchStream cut after its first batch
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('[{"results":[{"n":1}]},{"results":[{"n"');
        setTimeout(() => res.socket?.destroy(), 20);
        return;
      }
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

  it('a JSON array dropped mid-answer gives the elements that arrived whole, then unavailable', async () => {
    const seen: unknown[] = [];
    const err = await (async () => {
      for await (const element of jsonArrayElements('google_ads', await platformRequest({ platform: 'google_ads', url: `${base}/drop-array` }))) seen.push(element);
    })().catch((e: unknown) => e);
    expect(seen).toEqual([{ results: [{ n: 1 }] }]);
    expect(err).toBeInstanceOf(PlatformError);
    expect(err).toMatchObject({ kind: 'unavailable', message: 'google_ads stopped answering mid-response (HTTP 200)' });
  });

  it('an empty 200 where Meta sends a page is unavailable, not a TypeError', async () => {
    const session = new MetaSession({ graphUrl: base, version: 'v23.0' } as never, 'token', { maxAttempts: 1, sleep: async () => {} });
    const err = await session.all(`${base}/empty`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PlatformError);
    expect(err).toMatchObject({ kind: 'unavailable', message: 'Meta sent a page without data' });
  });
});

/** A 200 answer whose body arrives in the given pieces. */
function answerIn(pieces: string[]): Response {
  const bytes = new TextEncoder();
  return new Response(
    new ReadableStream<Uint8Array>({
      start(c) {
        for (const p of pieces) c.enqueue(bytes.encode(p));
        c.close();
      },
    }),
    { status: 200 },
  );
}

async function elements(pieces: string[]): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const e of jsonArrayElements('google_ads', answerIn(pieces))) out.push(e);
  return out;
}

describe('jsonArrayElements: a JSON array answer read element by element', () => {
  const awkward = [{ results: [{ text: 'a, b] } { [ "quoted" \\ back\\slash \u00e9 ✓', n: [1, [2, {}]] }] }, null, 7, 'x,]', [], {}, { error: { code: 503 } }];
  const text = ` \n${JSON.stringify(awkward, null, 1)}\n `;

  it('gives every element, whatever the pieces the body comes in (one character at a time, or split in a multi-byte character)', async () => {
    expect(await elements([text])).toEqual(awkward);
    expect(await elements([...text])).toEqual(awkward);
    const bytes = new TextEncoder().encode(text);
    const cut = bytes.indexOf(0xe2) + 1; // inside ✓
    const r = new Response(
      new ReadableStream<Uint8Array>({
        start(c) {
          c.enqueue(bytes.slice(0, cut));
          c.enqueue(bytes.slice(cut));
          c.close();
        },
      }),
    );
    const out: unknown[] = [];
    for await (const e of jsonArrayElements('google_ads', r)) out.push(e);
    expect(out).toEqual(awkward);
  });

  it('gives nothing for an empty body or an empty array', async () => {
    expect(await elements([])).toEqual([]);
    expect(await elements(['  '])).toEqual([]);
    expect(await elements(['[', ' ]'])).toEqual([]);
  });

  it('classifies a cut-off, an invalid element and an answer that is not an array as unavailable', async () => {
    await expect(elements(['[{"a":1},', '{"b":'])).rejects.toMatchObject({ kind: 'unavailable', message: 'google_ads sent a malformed response (HTTP 200)' });
    await expect(elements(['[{"a":1}'])).rejects.toMatchObject({ kind: 'unavailable', message: 'google_ads sent a malformed response (HTTP 200)' });
    await expect(elements(['[{"a":tru}]'])).rejects.toMatchObject({ kind: 'unavailable', message: 'google_ads sent a malformed response (HTTP 200)' });
    await expect(elements(['[1,]'])).rejects.toMatchObject({ kind: 'unavailable', message: 'google_ads sent a malformed response (HTTP 200)' });
    await expect(elements(['[1] x'])).rejects.toMatchObject({ kind: 'unavailable', message: 'google_ads sent a malformed response (HTTP 200)' });
    await expect(elements(['{"results":[]}'])).rejects.toMatchObject({ kind: 'unavailable', message: 'google_ads sent an answer that is not a JSON array (HTTP 200)' });
  });

  it('holds only the unfinished element between pieces', () => {
    const splitter = new JsonArraySplitter();
    expect(splitter.push('[{"a":"x,')).toEqual([]);
    expect(splitter.push('y"},{"b"')).toEqual(['{"a":"x,y"}']);
    expect(splitter.push(':2}]')).toEqual(['{"b":2}']);
    expect(() => splitter.end()).not.toThrow();
  });
});
