import { useSyncExternalStore } from 'react';

/**
 * Token error flags (spec core.md sections 3 and 4): a 403 on a Meta, analytics or Google call sets the
 * matching flag, a success on such a call clears it, and all can be cleared at once. The app shell shows
 * the token-refresh prompt while any is set.
 */
export type TokenFlag = 'fbToken' | 'googleAnalyticsToken' | 'googleAdsToken';
export type TokenFlags = Record<TokenFlag, boolean>;

const NONE: TokenFlags = { fbToken: false, googleAnalyticsToken: false, googleAdsToken: false };

/** spec core.md section 8: "sets a token-error flag by URL (contains /meta, /analytics or /google)". */
export function tokenFlagForUrl(url: string): TokenFlag | null {
  // Only the path counts: a query such as ?source=/meta-reports/1 must not look like a Meta call.
  const path = url.split(/[?#]/, 1)[0] ?? '';
  // OAuth starts (/api/auth/google, ...) say nothing about whether a stored token still works.
  if (path.startsWith('/api/auth/')) return null;
  // Meta calls: /meta..., and the spec's Facebook calls whose paths do not say "meta" (fbAd, facebook-ads).
  if (path.includes('/meta') || path.includes('/fbAd') || path.includes('/facebook')) return 'fbToken';
  if (path.includes('/analytics')) return 'googleAnalyticsToken';
  if (path.includes('/google')) return 'googleAdsToken';
  return null;
}

let flags: TokenFlags = NONE;
const listeners = new Set<() => void>();

function set(next: TokenFlags): void {
  if (next.fbToken === flags.fbToken && next.googleAnalyticsToken === flags.googleAnalyticsToken && next.googleAdsToken === flags.googleAdsToken) return;
  flags = next;
  for (const l of listeners) l();
}

export const tokenFlags = {
  get: (): TokenFlags => flags,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Fed every API status by the session watcher. */
  recordResponse(status: number, url: string): void {
    const flag = tokenFlagForUrl(url);
    if (!flag) return;
    // The connect dialogs' account lists answer 403 when a provider was never connected and show their
    // own 'Connect to your ... account' button; a "token update" prompt on top of that would be wrong.
    if (status === 403 && !url.startsWith('/api/setup/')) set({ ...flags, [flag]: true });
    else if (status >= 200 && status < 300) set({ ...flags, [flag]: false });
  },
  clearAll(): void {
    set(NONE);
  },
};

export function useTokenFlags(): TokenFlags {
  return useSyncExternalStore(tokenFlags.subscribe, tokenFlags.get, tokenFlags.get);
}

export function anyTokenFlag(f: TokenFlags): boolean {
  return f.fbToken || f.googleAnalyticsToken || f.googleAdsToken;
}
