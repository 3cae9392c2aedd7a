import { describe, expect, it } from 'vitest';
import { ga4Error, ga4QuotaKind, msUntilPacificMidnight } from './ga4-api.js';

const DOC = 'To learn more, see https://developers.google.com/analytics/devguides/reporting/data/v1/quotas';
const status = (code: number, message: string, s: string) => ({ error: { code, message, status: s } });
const none = new Headers();

describe('GA4 errors', () => {
  it('given 401 UNAUTHENTICATED or a missing scope, when classified, then auth (reconnect)', () => {
    expect(ga4Error(401, status(401, 'Request had invalid authentication credentials. Expected OAuth 2 access token', 'UNAUTHENTICATED'), none).kind).toBe('auth');
    expect(ga4Error(403, status(403, 'Request had insufficient authentication scopes.', 'PERMISSION_DENIED'), none).kind).toBe('auth');
  });

  it('given 403 on the property, 5xx or 400, when classified, then permission, unavailable, bad_request', () => {
    expect(ga4Error(403, status(403, 'User does not have sufficient permissions for this property.', 'PERMISSION_DENIED'), none).kind).toBe('permission');
    expect(ga4Error(503, status(503, 'The service is currently unavailable.', 'UNAVAILABLE'), none)).toMatchObject({ kind: 'unavailable', retryable: true });
    expect(ga4Error(400, status(400, 'Field fooBar is not a valid dimension.', 'INVALID_ARGUMENT'), none)).toMatchObject({ kind: 'bad_request', retryable: false });
  });

  it('given 429 RESOURCE_EXHAUSTED without Retry-After, when classified, then the wait follows the quota named', () => {
    const now = Date.parse('2026-06-15T06:20:00Z'); // 23:20 in Los Angeles (PDT)
    const wait = (message: string) => ga4Error(429, status(429, message, 'RESOURCE_EXHAUSTED'), none, now).details.retryAfterMs;
    expect(wait(`Exhausted concurrent requests quota. ${DOC}`)).toBe(30_000);
    expect(wait(`Exhausted property tokens per hour. These quota tokens will return in under an hour. ${DOC}`)).toBe(40 * 60_000 + 5_000);
    expect(wait(`Exhausted potentially thresholded requests quota. These quota tokens will return in under an hour. ${DOC}`)).toBe(40 * 60_000 + 5_000);
    expect(wait(`Exhausted property tokens per day. These quota tokens will return in under 24 hours. ${DOC}`)).toBe(40 * 60_000 + 5_000);
    expect(ga4Error(429, {}, new Headers({ 'retry-after': '7' }), now).details.retryAfterMs).toBe(7_000);
  });

  it('names the quota of each GA4 message', () => {
    expect(ga4QuotaKind('Exhausted property tokens for a project per hour. These quota tokens will return in under an hour.')).toBe('hourly');
    expect(ga4QuotaKind('Exhausted server errors per project per property per hour.')).toBe('hourly');
    expect(ga4QuotaKind('Exhausted property tokens per day.')).toBe('daily');
    expect(ga4QuotaKind('Exhausted concurrent requests quota.')).toBe('concurrent');
    expect(ga4QuotaKind('Quota exceeded')).toBe('unknown');
  });

  it('counts to midnight in Los Angeles in winter and summer time', () => {
    expect(msUntilPacificMidnight(Date.parse('2026-01-15T20:00:00Z'))).toBe(12 * 3_600_000); // 12:00 PST
    expect(msUntilPacificMidnight(Date.parse('2026-07-15T19:00:00.500Z'))).toBe(12 * 3_600_000 - 500); // 12:00:00.5 PDT
  });
});
