import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { brandIdParamsSchema } from '@parallels/contract/brands';
import { performanceReportSchema, reportQuerySchema } from '@parallels/contract/marketing-insights';
import { plainJsonSerializer } from '../../lib/plain-json.js';
import type { ReportDeps } from '../reports/report-deps.js';
import { buildPerformanceReport } from './marketing-insights.service.js';

// GET /api/report/{brandId}?startDate&endDate[&compareStartDate&compareEndDate] (spec/reports.md section 7);
// the brand-access hook guards it (it names :brandId) and leaves the brand on the request; its plan must
// include reports (402 otherwise). A two-year answer with a compare range holds ~1,500 days of figures: sent as
// plain JSON (lib/plain-json.ts), its test holds it to the schema.
export async function marketingInsightsRoutes(app: FastifyInstance, deps: ReportDeps): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/report/:brandId',
    { config: { plan: 'reports' }, schema: { params: brandIdParamsSchema, querystring: reportQuerySchema, response: { 200: performanceReportSchema } }, serializerCompiler: plainJsonSerializer },
    async (req) => buildPerformanceReport(deps, req.brand!, req.query),
  );
}
