import { useMutation } from '@tanstack/react-query';
import { shopifyInstallResponseSchema } from '@parallels/contract/oauth';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type ShopifyInstallResponse = z.infer<typeof shopifyInstallResponseSchema>;

/** POST /api/auth/shopify-install with every query parameter Shopify sent (spec reports.md section 7). */
export function shopifyInstall(params: Record<string, string>): Promise<ShopifyInstallResponse> {
  return apiRequest('/api/auth/shopify-install', { method: 'POST', body: params, schema: shopifyInstallResponseSchema, skipSessionHandling: true });
}

export function useShopifyInstall() {
  return useMutation({ mutationFn: shopifyInstall });
}
