import { useMutation } from '@tanstack/react-query';
import { planPageResponseSchema, pricingCallbackResponseSchema, type PlanId, type PricingCallbackResponse } from '@parallels/contract/pricing';
import { apiRequest } from '../../../lib/api-client';

/** The store's plan page for the brand (Shopify hosts the plans and the approval). */
export async function getPlanPage(input: { brandId: string; plan: Exclude<PlanId, 'FREE'> }): Promise<string> {
  const res = await apiRequest(`/api/pricing/plan-page/${encodeURIComponent(input.brandId)}?plan=${input.plan}`, { schema: planPageResponseSchema });
  return res.url;
}

export function usePlanPage() {
  return useMutation({ mutationFn: getPlanPage });
}

/** GET /api/pricing/callback: the server checks the charge with Shopify and activates the plan. */
export function confirmSubscription(query: { shop: string; chargeId: string }): Promise<PricingCallbackResponse> {
  return apiRequest(`/api/pricing/callback?${new URLSearchParams({ shop: query.shop, charge_id: query.chargeId })}`, { schema: pricingCallbackResponseSchema });
}
