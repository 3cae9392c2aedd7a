import { useMutation } from '@tanstack/react-query';
import { authUrlResponseSchema } from '@parallels/contract/oauth';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/shopify {shop, flowType:'brandSetup', source}: Shopify comes back to `source`. */
export async function startShopifyConnect({ shop, source }: { shop: string; source: string }): Promise<string> {
  const res = await apiRequest('/api/auth/shopify', { method: 'POST', body: { shop, flowType: 'brandSetup', source }, schema: authUrlResponseSchema });
  return res.authUrl;
}

export function useStartShopifyConnect() {
  return useMutation({ mutationFn: startShopifyConnect });
}
