import { describe, it, expect } from 'vitest';
import { blockingOperation, bulkFailure, isRunning, pollDelays, streamLines } from './shopify-bulk.js';
import { throttleWaitMs } from './shopify-graphql.js';

async function collect(chunks: string[]): Promise<string[]> {
  const bytes = new TextEncoder().encode(chunks.join(''));
  // re-split the bytes at the chunk boundaries given, so a multi-byte character can straddle two chunks
  const parts: Uint8Array[] = [];
  let at = 0;
  for (const c of chunks) {
    const n = new TextEncoder().encode(c).length;
    parts.push(bytes.slice(at, at + n));
    at += n;
  }
  async function* source() {
    for (const p of parts) yield p;
  }
  const out: string[] = [];
  for await (const line of streamLines(source())) out.push(line);
  return out;
}

describe('streamLines', () => {
  it('given JSONL cut anywhere into chunks, when streamed, then whole lines come out, blank lines and CRs dropped', async () => {
    expect(await collect(['{"id":"a"}\n{"id":', '"b"}\r\n\n{"id":"c"}'])).toEqual(['{"id":"a"}', '{"id":"b"}', '{"id":"c"}']);
  });

  it('given a UTF-8 character split between two chunks, when streamed, then it is decoded whole', async () => {
    const whole = await collect(['{"name":"Caf', 'é ₹"}\n']);
    expect(whole).toEqual(['{"name":"Café ₹"}']);
    // split inside the bytes of '₹' (3 bytes)
    const text = '{"name":"₹"}\n';
    const bytes = new TextEncoder().encode(text);
    async function* source() {
      yield bytes.slice(0, 11);
      yield bytes.slice(11);
    }
    const out: string[] = [];
    for await (const line of streamLines(source())) out.push(line);
    expect(out).toEqual(['{"name":"₹"}']);
  });
});

describe('bulk operation states', () => {
  it('given the OPERATION_IN_PROGRESS userError, when read, then the running operation id comes out', () => {
    expect(blockingOperation([{ code: 'OPERATION_IN_PROGRESS', field: null, message: 'A bulk query operation for this app and shop is already in progress: gid://shopify/BulkOperation/720918.' }])).toBe('gid://shopify/BulkOperation/720918');
    expect(blockingOperation([{ code: null, field: null, message: 'A bulk query operation for this app and shop is already in progress.' }])).toBeNull();
    expect(blockingOperation([{ code: 'INVALID', field: ['query'], message: 'Invalid bulk query' }])).toBeUndefined();
  });

  it('given final states, when classified, then ACCESS_DENIED is permission and every other failure is unavailable', () => {
    const op = { id: 'gid://shopify/BulkOperation/1', objectCount: '0', url: null };
    expect(bulkFailure({ ...op, status: 'FAILED', errorCode: 'ACCESS_DENIED' })).toMatchObject({ kind: 'permission', details: { code: 'ACCESS_DENIED' } });
    expect(bulkFailure({ ...op, status: 'FAILED', errorCode: 'TIMEOUT' })).toMatchObject({ kind: 'unavailable', details: { code: 'TIMEOUT' } });
    expect(bulkFailure({ ...op, status: 'CANCELED', errorCode: null })).toMatchObject({ kind: 'unavailable', details: { code: 'CANCELED' } });
    expect(['CREATED', 'RUNNING', 'CANCELING'].every((s) => isRunning(s as 'RUNNING'))).toBe(true);
    expect(['COMPLETED', 'FAILED', 'CANCELED', 'EXPIRED'].some((s) => isRunning(s as 'RUNNING'))).toBe(false);
  });

  it('given polling, when delays are drawn, then they start short, poll every half second for a minute, then double up to 10 s', () => {
    const next = pollDelays();
    const delays = Array.from({ length: 140 }, next);
    expect(delays.slice(0, 3)).toEqual([250, 500, 500]);
    const firstMinute = delays.findIndex((_, i) => delays.slice(0, i + 1).reduce((a, b) => a + b, 0) >= 60_000);
    expect(delays.slice(1, firstMinute + 1).every((d) => d === 500)).toBe(true);
    expect(delays.slice(firstMinute + 1, firstMinute + 7)).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
  });
});

describe('throttleWaitMs', () => {
  it('given extensions.cost, when the bucket is short for the next query, then the refill time is waited', () => {
    const cost = { requestedQueryCost: 802, actualQueryCost: 658, throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 202, restoreRate: 100 } };
    expect(throttleWaitMs(cost, 802)).toBe(6000);
    expect(throttleWaitMs({ ...cost, throttleStatus: { ...cost.throttleStatus, currentlyAvailable: 1954 } }, 802)).toBe(0);
    expect(throttleWaitMs(undefined, 802)).toBe(0);
  });
});
