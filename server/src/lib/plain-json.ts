import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * A route's answer as plain JSON, without the response schema's second pass. For answers that are large and
 * built by our own typed service (a two-year report: tens of thousands of figures), zod's encode of the answer
 * only copies it (the schemas have no transforms) and cost more than the query; the schema stays declared for
 * the docs and the web still parses the answer with it. Every route that uses this has a test holding its
 * answers to exactly what the schema lets through (valid, and no key it would strip), so nothing extra leaks.
 * Decision 014 has the measurements.
 */
export const plainJsonSerializer = () => (data: unknown) => JSON.stringify(data);

/** about 32 KB of JSON a chunk: small enough to stay out of V8's large-object space */
const CHUNK_CHARS = 32_768;

/**
 * An answer's JSON, exactly what `JSON.stringify(answer)` writes, as Buffers of about 32 KB: each element of its
 * top-level lists is stringified apart. For the large answers (an unpaged page-path report: 3.9 MB) one string
 * and one Buffer of the whole cost more than building it: fresh large allocations are slow, and the socket can
 * take the first rows while the rest is written (bench/README, "Where large answers spend it").
 */
export function* jsonChunks(answer: Record<string, unknown>, chunkChars = CHUNK_CHARS): Generator<Buffer> {
  let out = '{';
  let first = true;
  for (const key of Object.keys(answer)) {
    const value = answer[key];
    const json = Array.isArray(value) ? null : (JSON.stringify(value) as string | undefined);
    // as JSON.stringify: a key whose value has no JSON (undefined, a function, a symbol) is left out
    if (json === undefined) continue;
    out += `${first ? '' : ','}${JSON.stringify(key)}:`;
    first = false;
    if (!Array.isArray(value)) {
      out += json;
      continue;
    }
    out += '[';
    for (let i = 0; i < value.length; i++) {
      // in a list, a value without JSON is null, as JSON.stringify writes it
      out += (i === 0 ? '' : ',') + (JSON.stringify(value[i]) ?? 'null');
      if (out.length >= chunkChars) {
        yield Buffer.from(out);
        out = '';
      }
    }
    out += ']';
  }
  yield Buffer.from(`${out}}`);
}

/** Sends a large answer as JSON written in chunks (`jsonChunks`); the route's schema still documents it. */
export function sendJsonChunks(reply: FastifyReply, answer: object): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(Readable.from(jsonChunks(answer as Record<string, unknown>), { objectMode: false }));
}
