import { OAuthCallback } from '../../features/oauth-return/components/oauth-callback';

export function CallbackRoute() {
  return <OAuthCallback />;
}
