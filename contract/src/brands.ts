import { z } from 'zod';
import { userSchema } from './auth.js';
import { grantIdSchema } from './oauth.js';

// spec/core.md sections 3 and 7. Platform tokens never travel to the browser: where the spec's shapes
// carry a token (shopifyAccessToken, the OAuth callback's fbToken, ...), ours carry an opaque grant id that
// names a token the server keeps encrypted (docs/decisions/003-grants-not-tokens.md).

export const PLATFORMS = ['shopify', 'meta', 'google_ads', 'ga4'] as const;
export const platformSchema = z.enum(PLATFORMS);
export type Platform = z.infer<typeof platformSchema>;

export const PLATFORM_LABELS: Record<Platform, string> = {
  shopify: 'Shopify',
  meta: 'Facebook',
  google_ads: 'Google Ads',
  ga4: 'Google Analytics',
};

/** The most ad accounts of one platform a brand connects in one request. */
const MAX_ACCOUNTS = 100;

/** A brand's name as people read it: stored with underscores for spaces (spec core.md), shown with spaces. */
export function brandDisplayName(name: string): string {
  return name.replaceAll('_', ' ');
}

export const brandIdParamsSchema = z.object({ brandId: z.uuid('Brand not found') });
export type BrandIdParams = z.infer<typeof brandIdParamsSchema>;

export const brandNameSchema = z
  .string({ error: 'Please enter a brand name' })
  .trim()
  .min(1, 'Please enter a brand name')
  .max(80, { error: 'Brand name must be at most 80 characters', abort: true });

/** Google Ads customer ids are 10 digits without hyphens; the UI may show them with hyphens. */
export const googleCustomerIdSchema = z
  .string()
  .max(20, { error: 'A Google Ads account id has 10 digits', abort: true })
  .transform((v) => v.replaceAll('-', ''))
  .pipe(z.string().regex(/^\d{10}$/, 'A Google Ads account id has 10 digits'));

export const googleAdAccountSchema = z.object({
  clientId: googleCustomerIdSchema,
  /** the manager (MCC) the client is reached through; '' when reached directly */
  managerId: z.union([z.literal(''), googleCustomerIdSchema]).default(''),
});
export type GoogleAdAccount = z.infer<typeof googleAdAccountSchema>;

export const metaAdAccountIdSchema = z
  .string()
  .max(24, { error: 'A Facebook ad account id looks like act_1234567890', abort: true })
  .regex(/^(act_)?\d{1,20}$/, 'A Facebook ad account id looks like act_1234567890')
  .transform((v) => (v.startsWith('act_') ? v : `act_${v}`));

export const ga4AccountSchema = z.object({
  PropertyID: z
    .string()
    .max(31, { error: 'A GA4 property id is a number', abort: true })
    .regex(/^(properties\/)?\d{1,20}$/, 'A GA4 property id is a number')
    .transform((v) => v.replace(/^properties\//, '')),
});

/** Shop names are entered without .myshopify.com (spec core.md section 2). */
export const storeNameSchema = z
  .string()
  .max(100, { error: 'Enter the store name without .myshopify.com (letters, digits and hyphens)', abort: true })
  .trim()
  .toLowerCase()
  .transform((v) => v.replace(/\.myshopify\.com$/, ''))
  .pipe(z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'Enter the store name without .myshopify.com (letters, digits and hyphens)'));

export const connectionStatusSchema = z.enum(['active', 'reauth_required', 'error']);
export type ConnectionStatus = z.infer<typeof connectionStatusSchema>;

export const connectionSchema = z.object({
  id: z.string(),
  platform: platformSchema,
  accountId: z.string(),
  accountName: z.string(),
  managerId: z.string().nullable(),
  status: connectionStatusSchema,
  statusMessage: z.string().nullable(),
  /** sync: pending, backfilling (with progress 0..1), fresh, failing (lastError says why) */
  syncState: z.enum(['pending', 'backfilling', 'fresh', 'failing']),
  backfillProgress: z.number().min(0).max(1),
  lastSyncedAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type Connection = z.infer<typeof connectionSchema>;

export const brandSchema = z.object({
  _id: z.string(),
  name: z.string(),
  currency: z.string(),
  /** the brand's IANA timezone: its calendar day is "today" for its reports and the web's date picker */
  timezone: z.string(),
  shopifyAccount: z.object({ shopName: z.string() }).nullable(),
  fbAdAccounts: z.array(z.string()),
  googleAdAccount: z.array(z.object({ clientId: z.string(), managerId: z.string() })),
  ga4Account: z.object({ PropertyID: z.string() }).nullable(),
  connections: z.array(connectionSchema),
});
export type Brand = z.infer<typeof brandSchema>;

/**
 * The spec's setup form sends every part, empty when that platform is not connected
 * (`ga4Account: {PropertyID: ''}`, `shopifyAccount: {shopName: '', shopifyAccessToken: ''}`, or `{}`): a part
 * whose fields are all empty or absent means not connected, like null. A part with some fields filled is
 * checked in full.
 */
function emptyPartIsNull<T extends z.ZodType>(part: T) {
  return z.preprocess((v) => (v !== null && typeof v === 'object' && !Array.isArray(v) && Object.values(v).every((f) => f === undefined || f === null || f === '') ? null : v), part.nullable().optional());
}

export const addBrandBodySchema = z.strictObject({
  name: brandNameSchema,
  googleAdAccount: z.array(googleAdAccountSchema).max(MAX_ACCOUNTS).default([]),
  ga4Account: emptyPartIsNull(ga4AccountSchema),
  fbAdAccounts: z.array(metaAdAccountIdSchema).max(MAX_ACCOUNTS).default([]),
  shopifyAccount: emptyPartIsNull(
    z.strictObject({
      shopName: storeNameSchema,
      /** the grant id the Shopify callback returned (never a token) */
      shopifyAccessToken: z.string({ error: 'Connect the Shopify store first' }).min(1, 'Connect the Shopify store first').pipe(grantIdSchema),
    }),
  ),
});
export type AddBrandBody = z.input<typeof addBrandBodySchema>;

export const addBrandResponseSchema = z.object({ success: z.literal(true), brand: brandSchema });
export type AddBrandResponse = z.infer<typeof addBrandResponseSchema>;

export const updateBrandBodySchema = z.union([
  z.strictObject({ fbAdAccounts: z.array(metaAdAccountIdSchema).max(MAX_ACCOUNTS) }),
  z.strictObject({ googleAdAccount: z.array(googleAdAccountSchema).max(MAX_ACCOUNTS) }),
  z.strictObject({ ga4Account: ga4AccountSchema.nullable() }),
]);
export type UpdateBrandBody = z.input<typeof updateBrandBodySchema>;

export const filterBrandsBodySchema = z.strictObject({ brandIds: z.array(z.uuid('Brand not found')).max(200) });
export const brandListSchema = z.array(brandSchema);

export const currencyResponseSchema = z.object({ success: z.literal(true), currency: z.string() });

export const addBrandToUserBodySchema = z.strictObject({ userId: z.uuid('User not found'), brandId: z.uuid('Brand not found') });
export const addBrandToUserResponseSchema = z.object({ success: z.literal(true), user: userSchema });
export type AddBrandToUserResponse = z.infer<typeof addBrandToUserResponseSchema>;
