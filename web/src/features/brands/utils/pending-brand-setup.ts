import { z } from 'zod';
import type { AddBrandBody, Platform } from '@parallels/contract/brands';

/**
 * The brand-setup form while the brand does not exist yet (spec core.md section 3, "Brand setup form").
 * Kept in sessionStorage so it survives the round trips through Shopify's, Meta's and Google's consent
 * pages, and tied to the user so another sign-in in the same tab starts afresh.
 */
const pendingSchema = z.object({
  userId: z.string(),
  brandName: z.string(),
  accounts: z.object({
    fbAdAccounts: z.array(z.string()),
    googleAdAccount: z.array(z.object({ clientId: z.string(), managerId: z.string() })),
    ga4PropertyId: z.string().nullable(),
  }),
  /** the store and the grant id the Shopify connect returned (access_token: never a token, see the contract) */
  shopify: z.object({ shopName: z.string(), grant: z.string() }).nullable(),
});
export type PendingBrandSetup = z.infer<typeof pendingSchema>;
export type PendingAccounts = PendingBrandSetup['accounts'];

const STORAGE_KEY = 'parallels.pendingBrandSetup';

export function emptyBrandSetup(userId: string): PendingBrandSetup {
  return { userId, brandName: '', accounts: { fbAdAccounts: [], googleAdAccount: [], ga4PropertyId: null }, shopify: null };
}

export function loadPendingBrandSetup(userId: string): PendingBrandSetup {
  try {
    const parsed = pendingSchema.safeParse(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null'));
    return parsed.success && parsed.data.userId === userId ? parsed.data : emptyBrandSetup(userId);
  } catch {
    return emptyBrandSetup(userId);
  }
}

export function savePendingBrandSetup(form: PendingBrandSetup): void {
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(form));
}

export function clearPendingBrandSetup(): void {
  sessionStorage.removeItem(STORAGE_KEY);
}

/**
 * Shopify's connect comes back to the setup page with ?access_token&shop_name&shop (spec core.md
 * section 4); the store joins the pending form.
 */
export function shopifyReturn(params: URLSearchParams): PendingBrandSetup['shopify'] {
  const grant = params.get('access_token');
  const shopName = params.get('shop_name') || params.get('shop')?.replace(/\.myshopify\.com$/, '');
  return grant && shopName ? { shopName, grant } : null;
}

export const SHOPIFY_RETURN_PARAMS = ['access_token', 'shop_name', 'shop'] as const;

/** In the order the page shows them. */
export function connectedPlatforms(form: PendingBrandSetup): Platform[] {
  const list: Platform[] = [];
  if (form.shopify) list.push('shopify');
  if (form.accounts.fbAdAccounts.length > 0) list.push('meta');
  if (form.accounts.googleAdAccount.length > 0) list.push('google_ads');
  if (form.accounts.ga4PropertyId) list.push('ga4');
  return list;
}

export function addBrandBody(form: PendingBrandSetup): AddBrandBody {
  return {
    name: form.brandName,
    fbAdAccounts: form.accounts.fbAdAccounts,
    googleAdAccount: form.accounts.googleAdAccount,
    ga4Account: form.accounts.ga4PropertyId ? { PropertyID: form.accounts.ga4PropertyId } : null,
    shopifyAccount: form.shopify ? { shopName: form.shopify.shopName, shopifyAccessToken: form.shopify.grant } : null,
  };
}
