import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

// The providers arrive with brand connections; until then these calls fail and the screen says so.
const authUrlSchema = z.object({ authUrl: z.string() });
const shopifyStartSchema = z.object({ success: z.boolean(), authUrl: z.string() });

export async function startGoogleLogin(): Promise<string> {
  const { authUrl } = await apiRequest('/api/auth/google?context=userLogin', { schema: authUrlSchema, skipSessionHandling: true });
  return authUrl;
}

export async function startShopifyLogin(shop: string): Promise<string> {
  const res = await apiRequest('/api/auth/shopify', { method: 'POST', body: { shop, flowType: 'login' }, schema: shopifyStartSchema, skipSessionHandling: true });
  if (!res.success) throw new Error('Failed to connect to Shopify');
  return res.authUrl;
}
