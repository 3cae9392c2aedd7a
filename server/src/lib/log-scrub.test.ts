import { describe, expect, it } from 'vitest';
import { scrubUrl } from './log-scrub.js';

describe('log scrubbing', () => {
  it('redacts credentials in query strings and keeps the rest', () => {
    expect(scrubUrl('/api/auth/google/callback?code=4/0Asecret&state=abc&scope=email')).toBe('/api/auth/google/callback?code=%5Bredacted%5D&state=%5Bredacted%5D&scope=email');
    expect(scrubUrl('/api/auth/login/oauth?auth_token=t1')).toBe('/api/auth/login/oauth?auth_token=%5Bredacted%5D');
    expect(scrubUrl('/api/auth/updateTokens/fbToken?brandId=b&fbToken=g')).toBe('/api/auth/updateTokens/fbToken?brandId=b&fbToken=%5Bredacted%5D');
    expect(scrubUrl('/api/health')).toBe('/api/health');
  });
});
