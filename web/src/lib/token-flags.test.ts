import { afterEach, describe, expect, it } from 'vitest';
import { tokenFlagForUrl, tokenFlags } from './token-flags';

afterEach(() => tokenFlags.clearAll());

describe('token flags (spec core.md sections 4 and 8)', () => {
  it.each([
    ['/api/meta/insights/b1', 'fbToken'],
    // the spec's rule is "contains /meta"; its Facebook report calls say fbAd and facebook-ads (decision 005)
    ['/api/metrics/fbAd/b1', 'fbToken'],
    ['/api/summary/facebook-ads/b1', 'fbToken'],
    ['/api/metrics/googleAdAndCampaign/b1', 'googleAdsToken'],
    ['/api/analytics/report/b1', 'googleAnalyticsToken'],
    ['/api/summary/analytics/b1', 'googleAnalyticsToken'],
    ['/api/google/search-terms/b1', 'googleAdsToken'],
    ['/api/summary/google-ads/b1', 'googleAdsToken'],
    ['/api/brands/b1?source=/meta-reports/b1', null],
    ['/api/auth/google?context=googleAdSetup', null],
  ])('%s -> %s', (url, flag) => {
    expect(tokenFlagForUrl(url)).toBe(flag);
  });

  it('a 403 sets the flag and a success on the same kind of call clears it', () => {
    tokenFlags.recordResponse(403, '/api/summary/google-ads/b1');
    tokenFlags.recordResponse(403, '/api/meta/campaigns/b1');
    expect(tokenFlags.get()).toEqual({ fbToken: true, googleAnalyticsToken: false, googleAdsToken: true });
    tokenFlags.recordResponse(200, '/api/google/keywords/b1');
    expect(tokenFlags.get().googleAdsToken).toBe(false);
    expect(tokenFlags.get().fbToken).toBe(true);
    // Other failures and other calls leave the flags alone.
    tokenFlags.recordResponse(500, '/api/meta/campaigns/b1');
    tokenFlags.recordResponse(403, '/api/brands/b1');
    expect(tokenFlags.get()).toEqual({ fbToken: true, googleAnalyticsToken: false, googleAdsToken: false });
  });

  it('the connect dialogs’ own lists do not raise the prompt, but a working list clears it', () => {
    tokenFlags.recordResponse(403, '/api/setup/google-accounts/b1');
    expect(tokenFlags.get().googleAdsToken).toBe(false);
    tokenFlags.recordResponse(403, '/api/google/keywords/b1');
    tokenFlags.recordResponse(200, '/api/setup/google-accounts/b1');
    expect(tokenFlags.get().googleAdsToken).toBe(false);
  });

  it('clears all at once', () => {
    tokenFlags.recordResponse(403, '/api/meta/x');
    tokenFlags.recordResponse(403, '/api/analytics/x');
    tokenFlags.clearAll();
    expect(tokenFlags.get()).toEqual({ fbToken: false, googleAnalyticsToken: false, googleAdsToken: false });
  });
});
