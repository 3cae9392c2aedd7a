import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { TokenName } from '@parallels/contract/oauth';
import { apiRequest } from '../../../lib/api-client';

// The spec answers {success}; a false one is the "update failed" case, so it must parse, not throw.
const updateTokensResponseSchema = z.object({ success: z.boolean() });
export type UpdateTokensResponse = z.infer<typeof updateTokensResponseSchema>;

/**
 * PUT /api/auth/updateTokens/<name>?brandId=&<name>=<grant id> (Zoho: /updateTokens/zoho/zohoToken):
 * attaches the grant the provider's callback issued to the brand's connections of that platform.
 */
export function updateTokens({ token, brandId, grant }: { token: TokenName; brandId: string | null; grant: string }): Promise<UpdateTokensResponse> {
  const path = token === 'zohoToken' ? '/api/auth/updateTokens/zoho/zohoToken' : `/api/auth/updateTokens/${token}`;
  // The help desk is the product's: an administrator without a brand connects it too.
  const query = new URLSearchParams({ ...(brandId ? { brandId } : {}), [token]: grant });
  return apiRequest(`${path}?${query}`, { method: 'PUT', schema: updateTokensResponseSchema });
}

export function useUpdateTokens() {
  return useMutation({ mutationFn: updateTokens });
}
