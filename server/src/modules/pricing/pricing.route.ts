import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { brandIdParamsSchema } from '@parallels/contract/brands';
import { planPageQuerySchema, planPageResponseSchema, pricingCallbackQuerySchema, pricingCallbackResponseSchema, subscriptionDetailsSchema } from '@parallels/contract/pricing';
import { requireUser } from '../auth/session.js';
import { confirmCharge, planPageUrl, subscriptionDetails, type PricingDeps } from './pricing.service.js';

export async function pricingRoutes(app: FastifyInstance, deps: PricingDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/pricing/details/:brandId', { schema: { params: brandIdParamsSchema, response: { 200: subscriptionDetailsSchema } } }, async (req) => subscriptionDetails(deps, req.params.brandId));

  // The Pricing dialog's plan buttons: Shopify's plan page for the brand's store (the merchant picks and approves there).
  r.get('/api/pricing/plan-page/:brandId', { schema: { params: brandIdParamsSchema, querystring: planPageQuerySchema, response: { 200: planPageResponseSchema } } }, async (req) => ({
    success: true as const,
    url: await planPageUrl(deps, req.params.brandId),
  }));

  r.get('/api/pricing/callback', { preHandler: requireUser, schema: { querystring: pricingCallbackQuerySchema, response: { 200: pricingCallbackResponseSchema } } }, async (req) =>
    confirmCharge(deps, req.user!.id, req.query),
  );
}
