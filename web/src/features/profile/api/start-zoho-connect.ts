import { useMutation } from '@tanstack/react-query';
import { authUrlResponseSchema } from '@parallels/contract/oauth';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/auth/zoho?source=...: the help desk's consent page; the callback comes back to /profile. */
export async function startZohoConnect(source: string): Promise<string> {
  const res = await apiRequest(`/api/auth/zoho?${new URLSearchParams({ source })}`, { schema: authUrlResponseSchema });
  return res.authUrl;
}

export function useStartZohoConnect() {
  return useMutation({ mutationFn: startZohoConnect });
}
