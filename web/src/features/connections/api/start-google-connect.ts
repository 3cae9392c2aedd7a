import { useMutation } from '@tanstack/react-query';
import { authUrlResponseSchema } from '@parallels/contract/oauth';
import { apiRequest } from '../../../lib/api-client';

export type GoogleConnectContext = 'googleAdSetup' | 'googleAnalyticsSetup';

/** GET /api/auth/google?context=...&source=...: the consent page to send the browser to. */
export async function startGoogleConnect(context: GoogleConnectContext, source: string): Promise<string> {
  const query = new URLSearchParams({ context, source });
  const res = await apiRequest(`/api/auth/google?${query}`, { schema: authUrlResponseSchema });
  return res.authUrl;
}

export function useStartGoogleConnect() {
  return useMutation({ mutationFn: ({ context, source }: { context: GoogleConnectContext; source: string }) => startGoogleConnect(context, source) });
}
