import { describe, expect, it } from 'vitest';
import { PlatformError } from './platform-error.js';
import { withRetry } from './retry.js';

describe('withRetry', () => {
  it('retries rate limits and outages with jittered exponential delays, never before Retry-After', async () => {
    const delays: number[] = [];
    let calls = 0;
    const result = await withRetry(
      async () => {
        calls++;
        if (calls === 1) throw new PlatformError('meta', 'rate_limit', 'slow down', { retryAfterMs: 5000 });
        if (calls < 4) throw new PlatformError('meta', 'unavailable', 'down');
        return 'ok';
      },
      { sleep: async (ms) => void delays.push(ms), random: () => 0.5, baseMs: 1000 },
    );
    expect(result).toBe('ok');
    expect(calls).toBe(4);
    expect(delays).toEqual([5000, 1000, 2000]);
  });

  it('does not retry auth, permission or bad requests', async () => {
    for (const kind of ['auth', 'permission', 'bad_request', 'not_ads_user'] as const) {
      let calls = 0;
      await expect(withRetry(async () => { calls++; throw new PlatformError('google_ads', kind, kind); }, { sleep: async () => undefined })).rejects.toThrow(kind);
      expect(calls).toBe(1);
    }
  });

  it('does not sleep through a wait longer than maxWaitMs: the job is retried later instead', async () => {
    let calls = 0;
    const slept: number[] = [];
    await expect(withRetry(async () => { calls++; throw new PlatformError('google_ads', 'rate_limit', 'daily quota', { retryAfterMs: 6 * 3600_000 }); }, { sleep: async (ms) => void slept.push(ms) })).rejects.toThrow('daily quota');
    expect(calls).toBe(1);
    expect(slept).toEqual([]);
  });

  it('gives up after maxAttempts with the last error', async () => {
    let calls = 0;
    await expect(withRetry(async () => { calls++; throw new PlatformError('ga4', 'unavailable', `down ${calls}`); }, { maxAttempts: 3, sleep: async () => undefined })).rejects.toThrow('down 3');
    expect(calls).toBe(3);
  });

  it('keeps every jittered delay within [0, cap]', async () => {
    const delays: number[] = [];
    let calls = 0;
    await withRetry(async () => { if (++calls < 8) throw new PlatformError('x', 'unavailable', 'down'); return 1; }, { maxAttempts: 8, capMs: 4000, sleep: async (ms) => void delays.push(ms) });
    for (const d of delays) expect(d >= 0 && d <= 4000).toBe(true);
  });
});
