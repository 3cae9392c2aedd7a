import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlatformError } from '../platform-error.js';
import { googleAdsError, searchStream, searchStreamBatches } from './google-ads-api.js';

const config = { url: 'http://ads.test', version: 'v23', developerToken: 'dev', operationsPerDay: 15_000 };

function answer(status: number, body: unknown): void {
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(body === undefined ? '' : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

afterEach(() => vi.restoreAllMocks());

describe('searchStream', () => {
  it('given several batches, when read, then their results are concatenated in order', async () => {
    answer(200, [{ results: [{ n: 1 }, { n: 2 }], fieldMask: 'x' }, { results: [{ n: 3 }], fieldMask: 'x', requestId: 'r', queryResourceConsumption: '101' }]);
    expect(await searchStream(config, 'tok', '2345678901', 'SELECT', '1234567890')).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    const [url, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(url).toBe('http://ads.test/v23/customers/2345678901/googleAds:searchStream');
    expect(init?.headers).toMatchObject({ authorization: 'Bearer tok', 'developer-token': 'dev', 'login-customer-id': '1234567890' });
  });

  it('given either empty shape ([] or a batch without results), when read, then there are no rows', async () => {
    answer(200, []);
    expect(await searchStream(config, 'tok', '1', 'q')).toEqual([]);
    answer(200, [{ fieldMask: 'campaign.id', requestId: 'r' }]);
    expect(await searchStream(config, 'tok', '1', 'q')).toEqual([]);
  });

  it('given an array-wrapped 429, when read, then it is a rate limit with the quotaErrorDetails retryDelay', async () => {
    answer(429, [{ error: { code: 429, status: 'RESOURCE_EXHAUSTED', details: [{ errors: [{ errorCode: { quotaError: 'RESOURCE_TEMPORARILY_EXHAUSTED' }, message: 'Too many requests. Retry in 45 seconds.', details: { quotaErrorDetails: { retryDelay: '45s' } } }] }] } }]);
    await expect(searchStream(config, 'tok', '1', 'q')).rejects.toMatchObject({ kind: 'rate_limit', details: { retryAfterMs: 45_000, code: 'RESOURCE_TEMPORARILY_EXHAUSTED' } });
  });

  it('given a stream that fails after its first batch (HTTP 200), when read, then the error element is thrown, not ignored', async () => {
    answer(200, [{ results: [{ n: 1 }] }, { error: { code: 503, message: 'The service is currently unavailable.', status: 'UNAVAILABLE' } }]);
    const e = await searchStream(config, 'tok', '1', 'q').catch((x: unknown) => x);
    expect(e).toBeInstanceOf(PlatformError);
    expect(e).toMatchObject({ kind: 'unavailable' });
  });

  it('given a large answer, when read batch by batch, then each batch is handed on before the next is read', async () => {
    const batches = Array.from({ length: 3 }, (_, b) => ({ results: Array.from({ length: 4 }, (_, i) => ({ n: b * 4 + i })), fieldMask: 'x' }));
    const body = JSON.stringify(batches);
    const sent: string[] = [];
    const pieces = body.match(/.{1,7}/gs)!;
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(
        new ReadableStream<string>({
          pull(c) {
            const next = pieces.shift();
            if (next === undefined) c.close();
            else {
              sent.push(next);
              c.enqueue(next);
            }
          },
        }).pipeThrough(new TextEncoderStream()),
        { status: 200 },
      ),
    );
    const seen: Array<{ rows: number[]; sentSoFar: number }> = [];
    await searchStreamBatches<{ n: number }>(config, 'tok', '1', 'q', (rows) => void seen.push({ rows: rows.map((r) => r.n), sentSoFar: sent.join('').length }));
    expect(seen.map((s) => s.rows)).toEqual([[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]]);
    // the first batch was handed on long before the whole answer had arrived
    expect(seen[0]!.sentSoFar).toBeLessThan(body.length / 2);
  });

  it('given an error element or a receiver that fails, when read, then the rest of the answer is cancelled, not left open', async () => {
    for (const [first, onBatch] of [
      ['[{"error":{"code":503,"status":"UNAVAILABLE"}},', () => undefined],
      ['[{"results":[{"n":1}]},', () => Promise.reject(new Error('disk full'))],
    ] as const) {
      let cancelled = false;
      vi.spyOn(globalThis, 'fetch').mockResolvedValue(
        new Response(
          new ReadableStream<Uint8Array>({
            start: (c) => c.enqueue(new TextEncoder().encode(first)), // and then nothing more for now
            cancel: () => void (cancelled = true),
          }),
          { status: 200 },
        ),
      );
      await expect(searchStreamBatches(config, 'tok', '1', 'q', onBatch)).rejects.toBeInstanceOf(Error);
      expect(cancelled).toBe(true);
    }
  });

  it('given an answer that is not an array, when read, then it is a malformed (retryable) answer', async () => {
    answer(200, { results: [] });
    await expect(searchStream(config, 'tok', '1', 'q')).rejects.toMatchObject({ kind: 'unavailable' });
  });
});

describe('googleAdsError', () => {
  it('given the classes of failure, when classified, then auth, permission and not_ads_user are told apart', () => {
    const h = new Headers();
    expect(googleAdsError(401, [{ error: { code: 401, status: 'UNAUTHENTICATED', message: 'Request had invalid authentication credentials.' } }], h).kind).toBe('auth');
    expect(googleAdsError(403, [{ error: { code: 403, status: 'PERMISSION_DENIED', details: [{ errors: [{ errorCode: { authorizationError: 'USER_PERMISSION_DENIED' } }] }] } }], h).kind).toBe('permission');
    expect(googleAdsError(401, { error: { code: 401, status: 'UNAUTHENTICATED', details: [{ errors: [{ errorCode: { authenticationError: 'NOT_ADS_USER' } }] }] } }, h).kind).toBe('not_ads_user');
  });
});
