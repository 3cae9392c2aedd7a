import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adMetricsBodySchema, fbAdMetricsResponseSchema, googleAdMetricsResponseSchema } from '@parallels/contract/ad-metrics';
import { brandIdParamsSchema } from '@parallels/contract/brands';
import type { ReportDeps } from '../reports/report-deps.js';
import { facebookAccountMetrics, googleAccountMetrics } from './ad-metrics.service.js';

// The AdMetrics dashboard's calls (spec core.md section 7); guarded by the brand-access hook (:brandId).
export async function adMetricsRoutes(app: FastifyInstance, deps: ReportDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/api/metrics/fbAd/:brandId', { schema: { params: brandIdParamsSchema, body: adMetricsBodySchema, response: { 200: fbAdMetricsResponseSchema } } }, async (req) =>
    facebookAccountMetrics(deps, req.brand!, req.body),
  );
  r.post(
    '/api/metrics/googleAdAndCampaign/:brandId',
    { schema: { params: brandIdParamsSchema, body: adMetricsBodySchema, response: { 200: googleAdMetricsResponseSchema } } },
    async (req) => googleAccountMetrics(deps, req.brand!, req.body),
  );
}
