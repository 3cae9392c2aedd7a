import { useState } from 'react';
import { useToast } from '../../../components/ui/toast';
import { redirectTo } from '../../../lib/browser';
import { errorToast } from '../../../lib/toast-messages';
import { startFacebookConnect } from '../api/start-facebook-connect';
import { startGoogleConnect } from '../api/start-google-connect';
import type { ConnectPlatform } from '../utils/platforms';

/** The provider's consent page for a platform; the callback comes back to `source`. */
export async function providerConsentUrl(platform: ConnectPlatform, source: string): Promise<string> {
  if (platform === 'meta') return startFacebookConnect(source);
  return startGoogleConnect(platform === 'google_ads' ? 'googleAdSetup' : 'googleAnalyticsSetup', source);
}

/** Starts a provider's OAuth and leaves the app; on failure says why and stays. */
export function useConnectProvider() {
  const { toast } = useToast();
  const [pending, setPending] = useState<ConnectPlatform | null>(null);
  const connect = async (platform: ConnectPlatform, source: string) => {
    setPending(platform);
    try {
      redirectTo(await providerConsentUrl(platform, source));
    } catch (error) {
      toast(errorToast(error));
      setPending(null);
    }
  };
  return { connect, pending };
}
