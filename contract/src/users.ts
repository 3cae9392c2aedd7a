import { z } from 'zod';
import { userSchema } from './auth.js';

/** A brand as the user's brand list shows it; the full brand arrives with brand setup. */
export const brandSummarySchema = z.object({ _id: z.string(), name: z.string() });
export type BrandSummary = z.infer<typeof brandSummarySchema>;

export const getUserResponseSchema = z.object({
  success: z.literal(true),
  user: userSchema,
  brands: z.array(brandSummarySchema),
});
export type GetUserResponse = z.infer<typeof getUserResponseSchema>;

export const userIdParamsSchema = z.object({ userId: z.uuid('Unknown user') });
