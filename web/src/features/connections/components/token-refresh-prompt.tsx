import { useLocation } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useSession } from '../../../lib/session-store';
import { anyTokenFlag, tokenFlags, useTokenFlags, type TokenFlag } from '../../../lib/token-flags';
import { useConnectProvider } from '../hooks/use-connect-provider';
import type { ConnectPlatform } from '../utils/platforms';

const FLAG_PLATFORMS: Record<TokenFlag, { name: string; platform: ConnectPlatform }> = {
  fbToken: { name: 'Facebook', platform: 'meta' },
  googleAdsToken: { name: 'Google Ads', platform: 'google_ads' },
  googleAnalyticsToken: { name: 'Google Analytics', platform: 'ga4' },
};

/**
 * Shown in the app shell while a token flag is set (a 403 from a Meta, analytics or Google call): the
 * provider refused the stored token, so the user signs in to that provider again and comes back here.
 */
export function TokenRefreshPrompt() {
  const flags = useTokenFlags();
  const { user } = useSession();
  const location = useLocation();
  const { connect, pending } = useConnectProvider();
  if (!anyTokenFlag(flags)) return null;

  const raised = (Object.keys(FLAG_PLATFORMS) as TokenFlag[]).filter((f) => flags[f]);
  const platformNames = raised.map((f) => FLAG_PLATFORMS[f].name).join(' and ');
  // The Google re-login renews the token behind the flag that is set (Ads first when both are).
  const google = flags.googleAdsToken ? 'google_ads' : flags.googleAnalyticsToken ? 'ga4' : null;
  const source = `${location.pathname}${location.search}`;

  return (
    <Card role="region" aria-label="Token update needed" className="mb-6 border-amber-300 bg-amber-50 p-5">
      <p className="font-semibold text-amber-900">{`Just a quick update to your ${platformNames} token is needed to continue`}</p>
      <p className="mt-1 text-sm text-amber-900/80">
        Signed in as <span className="font-medium">{user?.email}</span>. Sign in to the provider again to keep your reports up to date.
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        {google && (
          <Button busy={pending === google} onClick={() => void connect(google, source)}>
            Re-login with Google
          </Button>
        )}
        {flags.fbToken && (
          <Button busy={pending === 'meta'} onClick={() => void connect('meta', source)}>
            Re-login with Facebook
          </Button>
        )}
        <Button variant="ghost" onClick={() => tokenFlags.clearAll()}>
          Later
        </Button>
      </div>
    </Card>
  );
}
