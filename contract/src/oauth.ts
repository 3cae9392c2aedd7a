import { z } from 'zod';
import { MAX_TEXT_LENGTH, shopNameSchema } from './auth.js';

/** Where the browser returns to after a flow: a path of ours (checked again on the server). */
const returnPathSchema = z.string().max(MAX_TEXT_LENGTH, { error: 'source is too long', abort: true });
/** Grant ids are uuids (docs/decisions/003-grants-not-tokens.md). */
export const grantIdSchema = z.uuid('This connection was not found. Connect the account again.');

// OAuth starts and returns (spec core.md section 7 and 8, reports.md "Return screens").

export const GOOGLE_CONTEXTS = ['userLogin', 'googleAdSetup', 'googleAnalyticsSetup'] as const;
export const googleAuthQuerySchema = z.object({
  context: z.enum(GOOGLE_CONTEXTS, { error: 'context must be userLogin, googleAdSetup or googleAnalyticsSetup' }),
  source: returnPathSchema.optional(),
});
export const authUrlResponseSchema = z.object({ success: z.literal(true), authUrl: z.string() });
/** Facebook's start answers authURL (capital URL) as the spec shows. */
export const facebookAuthResponseSchema = z.object({ success: z.literal(true), authURL: z.string() });

export const sourceQuerySchema = z.object({ source: returnPathSchema.optional() });

export const shopifyAuthBodySchema = z.strictObject({
  shop: shopNameSchema,
  flowType: z.enum(['login', 'brandSetup']),
  source: returnPathSchema.optional(),
});

/** The install screen forwards every query parameter Shopify sent (shop, hmac, timestamp, host, ...). */
export const shopifyInstallBodySchema = z.record(z.string().max(100), z.string().max(MAX_TEXT_LENGTH, { abort: true }));
export const shopifyInstallResponseSchema = z.object({ success: z.boolean(), authUrl: z.string().optional(), error: z.string().optional() });

/** The names the /callback screen receives, each holding an opaque grant id (or a login ticket for `token`). */
export const TOKEN_NAMES = ['fbToken', 'googleadRefreshToken', 'googleanalyticsRefreshToken', 'zohoToken'] as const;
export const tokenNameSchema = z.enum(TOKEN_NAMES);
export type TokenName = z.infer<typeof tokenNameSchema>;

export const loginOauthQuerySchema = z.object({ auth_token: z.string().min(1, 'auth_token is required').max(100, { error: 'This sign-in link has expired. Please sign in again.', abort: true }) });

/** ?brandId=...&<tokenName>=<grant id>: every grant id it names is a uuid. */
export const updateTokensQuerySchema = z
  .object({
    brandId: z.uuid('Brand not found'),
    fbToken: grantIdSchema.optional(),
    googleadRefreshToken: grantIdSchema.optional(),
    googleanalyticsRefreshToken: grantIdSchema.optional(),
    zohoToken: grantIdSchema.optional(),
  })
  .catchall(z.string().max(MAX_TEXT_LENGTH, { abort: true }));
