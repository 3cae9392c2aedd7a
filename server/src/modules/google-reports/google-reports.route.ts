import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { brandIdParamsSchema } from '@parallels/contract/brands';
import { GOOGLE_REPORTS, googleReportRequestSchema, googleReportResponseSchema } from '@parallels/contract/google-reports';
import type { ReportDeps } from '../reports/report-deps.js';
import { buildGoogleReport } from './google-reports.service.js';

// POST /api/google/searchTerm|keyword|age|gender|product/{brandId} (spec/reports.md section 7); the
// brand-access hook guards them (they name :brandId) and leaves the brand on the request.
export async function googleReportsRoutes(app: FastifyInstance, deps: ReportDeps): Promise<void> {
  for (const report of GOOGLE_REPORTS) {
    app.withTypeProvider<ZodTypeProvider>().post(
      `/api/google/${report}/:brandId`,
      { config: { plan: 'reports' }, schema: { params: brandIdParamsSchema, body: googleReportRequestSchema, response: { 200: googleReportResponseSchema } } },
      async (req) => buildGoogleReport(deps, req.brand!, report, req.body),
    );
  }
}
