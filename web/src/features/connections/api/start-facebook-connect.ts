import { useMutation } from '@tanstack/react-query';
import { facebookAuthResponseSchema } from '@parallels/contract/oauth';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/auth/facebook?source=...: Facebook's start answers authURL (capital URL), as the spec shows. */
export async function startFacebookConnect(source: string): Promise<string> {
  const res = await apiRequest(`/api/auth/facebook?${new URLSearchParams({ source })}`, { schema: facebookAuthResponseSchema });
  return res.authURL;
}

export function useStartFacebookConnect() {
  return useMutation({ mutationFn: startFacebookConnect });
}
