import { z } from 'zod';

// Account lists for the connect dialogs (spec core.md sections 3, 4, 7, 8). With a brandId the list is read
// with the brand's connection; without, with the signed-in user's latest grant (body {userId}).

export const setupListBodySchema = z.object({ userId: z.string().max(100, { abort: true }).optional() }).default({});

export const googleAdsAccountOptionSchema = z.object({
  name: z.string(),
  clientId: z.string(),
  managerId: z.string(),
  hidden: z.boolean(),
  /** what the account reports money in (ISO 4217): the dialog says it, as brands may mix currencies */
  currency: z.string().optional(),
});
export const googleAccountsResponseSchema = z.object({ success: z.literal(true), clientAccounts: z.array(googleAdsAccountOptionSchema) });
export type GoogleAdsAccountOption = z.infer<typeof googleAdsAccountOptionSchema>;

export const ga4PropertyOptionSchema = z.object({ propertyId: z.string(), propertyName: z.string() });
export const ga4PropertiesResponseSchema = z.object({ success: z.literal(true), propertiesList: z.array(ga4PropertyOptionSchema) });
export type Ga4PropertyOption = z.infer<typeof ga4PropertyOptionSchema>;

export const fbAdAccountOptionSchema = z.object({ id: z.string(), adname: z.string(), currency: z.string().optional() });
export const fbAdAccountsResponseSchema = z.object({ success: z.literal(true), adAccounts: z.array(fbAdAccountOptionSchema) });
export type FbAdAccountOption = z.infer<typeof fbAdAccountOptionSchema>;

/**
 * Why a list could not be read. The dialog shows 'Connect to your ... account' for every one of these
 * (spec core.md section 8): NOT_CONNECTED (no grant yet), TOKEN_EXPIRED / UNAUTHENTICATED (reconnect),
 * INVALID_CREDENTIALS, NOT_ADS_USER ('not associated with any Ads accounts'), PLATFORM_UNAVAILABLE.
 */
export const SETUP_ERROR_CODES = ['NOT_CONNECTED', 'TOKEN_EXPIRED', 'UNAUTHENTICATED', 'INVALID_CREDENTIALS', 'NOT_ADS_USER', 'PLATFORM_UNAVAILABLE'] as const;
export const setupErrorCodeSchema = z.enum(SETUP_ERROR_CODES);
export type SetupErrorCode = z.infer<typeof setupErrorCodeSchema>;
