import { PlatformError } from './platform-error.js';

export interface RetryOptions {
  /** attempts in all, the first included */
  maxAttempts?: number;
  baseMs?: number;
  capMs?: number;
  /** injectable for tests (fake time) */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  onRetry?: (error: PlatformError, attempt: number, delayMs: number) => void;
  /**
   * Longest wait worth spending inside one call (default 5 minutes). A platform asking for longer (a daily
   * quota) fails the call at once: the job queue retries the job later instead of a worker sleeping for hours.
   */
  maxWaitMs?: number;
}

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Exponential backoff with full jitter (checklist G5): delay in [0, min(cap, base * 2^n)], but never less
 * than what the platform asked for (Retry-After, Meta's regain time, Google's retryDelay, Shopify's bucket).
 * Only rate limits and outages are retried; auth, permission and bad requests fail at once.
 */
export async function withRetry<T>(fn: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const { maxAttempts = 6, baseMs = 1000, capMs = 60_000, sleep = defaultSleep, random = Math.random, maxWaitMs = 5 * 60_000 } = options;
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (e) {
      if (!(e instanceof PlatformError) || !e.retryable || attempt >= maxAttempts) throw e;
      if ((e.details.retryAfterMs ?? 0) > maxWaitMs) throw e;
      const jitter = random() * Math.min(capMs, baseMs * 2 ** (attempt - 1));
      const delay = Math.max(jitter, e.details.retryAfterMs ?? 0);
      options.onRetry?.(e, attempt, delay);
      await sleep(delay);
    }
  }
}
