import { z } from 'zod';

// Plans and Shopify billing (spec core.md sections 3 and 9, reports.md "Return screens"). The dialog and the
// server's limits read the same list.

export const PLAN_IDS = ['FREE', 'STARTUP', 'GROWTH'] as const;
export const planIdSchema = z.enum(PLAN_IDS, { error: 'plan must be FREE, STARTUP or GROWTH' });
export type PlanId = z.infer<typeof planIdSchema>;

export const TRIAL_DAYS = 14;

export interface Plan {
  id: PlanId;
  name: 'Free Plan' | 'Startup Plan' | 'Growth Plan';
  price: string;
  monthlyUsd: number;
  popular: boolean;
  /** how many brands an account may have on this plan */
  maxBrands: number;
  /** the report screens and exports */
  reports: boolean;
  features: string[];
}

export const PLANS: Plan[] = [
  { id: 'FREE', name: 'Free Plan', price: 'Free', monthlyUsd: 0, popular: false, maxBrands: 1, reports: false, features: ['One brand', 'Dashboard, AdMetrics and monthly targets', 'Data synced every 3 hours'] },
  { id: 'STARTUP', name: 'Startup Plan', price: '$10/month', monthlyUsd: 10, popular: true, maxBrands: 1, reports: true, features: ['Everything in Free', 'All reports and exports', 'Campaign labels and groups'] },
  { id: 'GROWTH', name: 'Growth Plan', price: '$50/month', monthlyUsd: 50, popular: false, maxBrands: 10, reports: true, features: ['Everything in Startup', 'Up to 10 brands'] },
];

export const planById = (id: PlanId): Plan => PLANS.find((p) => p.id === id)!;
/** 'Free Plan', 'Startup Plan', 'Growth Plan' map to FREE, STARTUP, GROWTH (spec core.md section 3). */
export const planByName = (name: string): Plan | undefined => PLANS.find((p) => p.name === name);
export const planRank = (id: PlanId): number => PLAN_IDS.indexOf(id);

/** Shopify's subscription states, lower-cased; anything but active means the Free plan's limits. */
export const SUBSCRIPTION_STATUSES = ['free', 'active', 'pending', 'declined', 'cancelled', 'frozen', 'expired'] as const;
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);

/** GET /api/pricing/details/{brandId} (spec core.md section 3: subscription details). */
export const subscriptionDetailsSchema = z.object({
  planName: z.enum(['Free Plan', 'Startup Plan', 'Growth Plan']),
  status: subscriptionStatusSchema,
  trialDaysRemaining: z.number().int().min(0),
  trialEndsOn: z.string().nullable(),
  daysUntilBilling: z.number().int().min(0).nullable(),
  billingOn: z.string().nullable(),
});
export type SubscriptionDetails = z.infer<typeof subscriptionDetailsSchema>;

export const planPageQuerySchema = z.object({ plan: planIdSchema.exclude(['FREE']).optional() });
export const planPageResponseSchema = z.object({ success: z.literal(true), url: z.string() });

export const PRICING_MESSAGES = {
  missingParameters: 'Missing required parameters',
  reportsNeedPlan: 'Reports and exports come with the Startup Plan. Upgrade to see them.',
} as const;

/** A 402 answer's code: the brand's plan does not include what was asked (requiredPlan says which does). */
export const PLAN_LIMIT_CODE = 'PLAN_LIMIT';

/** GET /api/pricing/callback: shop and charge_id as Shopify returned them; checked with Shopify, never trusted. */
export const pricingCallbackQuerySchema = z.object({ shop: z.string().optional(), charge_id: z.string().optional() });
export const pricingCallbackResponseSchema = z.object({ success: z.literal(true), planName: subscriptionDetailsSchema.shape.planName, brandIds: z.array(z.string()) });
export type PricingCallbackResponse = z.infer<typeof pricingCallbackResponseSchema>;
