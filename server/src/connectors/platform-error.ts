/**
 * Every platform failure, classified the way sync and screens act on it (security checklist G5/D6):
 * - auth: the token is expired, revoked or lacks scope -> the connection needs reconnecting; never retried
 * - rate_limit: retried after `retryAfterMs` (from Retry-After or the platform's own signal)
 * - unavailable: 5xx, timeouts, malformed bodies -> retried with backoff
 * - not_ads_user: a Google account with no Ads account
 * - bad_request: our request is wrong (a bug, or an id that does not exist); not retried
 */
export type PlatformErrorKind = 'auth' | 'rate_limit' | 'unavailable' | 'not_ads_user' | 'permission' | 'bad_request';

export class PlatformError extends Error {
  constructor(
    readonly platform: string,
    readonly kind: PlatformErrorKind,
    message: string,
    readonly details: { status?: number; code?: string; retryAfterMs?: number } = {},
  ) {
    super(message);
  }

  get retryable(): boolean {
    return this.kind === 'rate_limit' || this.kind === 'unavailable';
  }
}
