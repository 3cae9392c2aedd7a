import type { ConnectPlatform } from '../utils/platforms';

/**
 * Whose accounts a dialog lists: a brand's (read with the brand's connection) or, during brand setup when
 * no brand exists yet, the signed-in user's latest grant (body {userId}).
 */
export type AccountListScope = { brandId: string } | { userId: string };

export function accountListRequest(path: string, scope: AccountListScope): { url: string; body: { userId?: string } } {
  return 'brandId' in scope ? { url: `${path}/${encodeURIComponent(scope.brandId)}`, body: {} } : { url: path, body: { userId: scope.userId } };
}

export function accountListQueryKey(platform: ConnectPlatform, scope: AccountListScope): readonly ['setup', ConnectPlatform, string] {
  return ['setup', platform, 'brandId' in scope ? `brand:${scope.brandId}` : `user:${scope.userId}`];
}

// A failed list shows the reconnect button at once: asking again would not fix a missing grant.
export const ACCOUNT_LIST_RETRY = false;
