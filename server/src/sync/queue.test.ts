import { describe, expect, it } from 'vitest';
import { PlatformError } from '../connectors/platform-error.js';
import { deferOnLongWait, LONG_WAIT_MS } from './queue.js';

describe('deferOnLongWait', () => {
  const quota = (ms: number) => new PlatformError('ga4', 'rate_limit', 'hourly tokens used up', { retryAfterMs: ms });

  it('a platform asking for an hour: the job is sent again to start after it, and this run ends', async () => {
    const sent: number[] = [];
    const waits: number[] = [];
    const result = await deferOnLongWait(
      async () => {
        throw quota(3_605_000);
      },
      async (s) => sent.push(s),
      (ms) => waits.push(ms),
    );
    expect(result).toEqual({ deferredMs: 3_605_000 });
    expect(sent).toEqual([3605]);
    expect(waits).toEqual([3_605_000]);
  });

  it('short waits, other errors and token problems go to the queue as failures (its retries and the job’s own handling)', async () => {
    const never = async () => {
      throw new Error('should not resend');
    };
    await expect(deferOnLongWait(async () => Promise.reject(quota(LONG_WAIT_MS)), never)).rejects.toThrow('hourly tokens');
    await expect(deferOnLongWait(async () => Promise.reject(new Error('boom')), never)).rejects.toThrow('boom');
    await expect(deferOnLongWait(async () => Promise.reject(new PlatformError('meta', 'auth', 'expired', { retryAfterMs: 9e9 })), never)).rejects.toThrow('expired');
  });

  it('passes a result through', async () => {
    expect(await deferOnLongWait(async () => 7, async () => undefined)).toBe(7);
  });
});
