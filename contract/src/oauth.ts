import { z } from 'zod';

// OAuth starts and returns (spec core.md section 7 and 8, reports.md "Return screens").

export const GOOGLE_CONTEXTS = ['userLogin', 'googleAdSetup', 'googleAnalyticsSetup'] as const;
export const googleAuthQuerySchema = z.object({
  context: z.enum(GOOGLE_CONTEXTS, { error: 'context must be userLogin, googleAdSetup or googleAnalyticsSetup' }),
  source: z.string().optional(),
});
export const authUrlResponseSchema = z.object({ success: z.literal(true), authUrl: z.string() });
/** Facebook's start answers authURL (capital URL) as the spec shows. */
export const facebookAuthResponseSchema = z.object({ success: z.literal(true), authURL: z.string() });

export const sourceQuerySchema = z.object({ source: z.string().optional() });

export const shopifyAuthBodySchema = z.strictObject({
  shop: z.string().trim().min(1, 'Shop name is required'),
  flowType: z.enum(['login', 'brandSetup']),
  source: z.string().optional(),
});

/** The install screen forwards every query parameter Shopify sent (shop, hmac, timestamp, host, ...). */
export const shopifyInstallBodySchema = z.record(z.string(), z.string());
export const shopifyInstallResponseSchema = z.object({ success: z.boolean(), authUrl: z.string().optional(), error: z.string().optional() });

/** The names the /callback screen receives, each holding an opaque grant id (or a login ticket for `token`). */
export const TOKEN_NAMES = ['fbToken', 'googleadRefreshToken', 'googleanalyticsRefreshToken', 'zohoToken'] as const;
export const tokenNameSchema = z.enum(TOKEN_NAMES);
export type TokenName = z.infer<typeof tokenNameSchema>;

export const loginOauthQuerySchema = z.object({ auth_token: z.string().min(1, 'auth_token is required') });

export const updateTokensQuerySchema = z
  .object({ brandId: z.uuid('Brand not found') })
  .catchall(z.string());
