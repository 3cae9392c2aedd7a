import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { brandIdParamsSchema } from '@parallels/contract/brands';
import { GOOGLE_REPORTS, googleReportRequestSchema, googleReportResponseSchema } from '@parallels/contract/google-reports';
import type { ReportDeps } from '../reports/report-deps.js';
import { buildGoogleReport } from './google-reports.service.js';
import { plainJsonSerializer } from '../../lib/plain-json.js';

// POST /api/google/searchTerm|keyword|age|gender|product/{brandId} (spec/reports.md section 7); the
// brand-access hook guards them (they name :brandId) and leaves the brand on the request. Sent as plain JSON
// (lib/plain-json.ts): a page of rows with every month of two years is thousands of figures that zod's second
// pass would only copy (decision 015, "Scale: chip pages by rank ...").
export async function googleReportsRoutes(app: FastifyInstance, deps: ReportDeps): Promise<void> {
  for (const report of GOOGLE_REPORTS) {
    app.withTypeProvider<ZodTypeProvider>().post(
      `/api/google/${report}/:brandId`,
      { config: { plan: 'reports' }, schema: { params: brandIdParamsSchema, body: googleReportRequestSchema, response: { 200: googleReportResponseSchema } }, serializerCompiler: plainJsonSerializer },
      async (req) => buildGoogleReport(deps, req.brand!, report, req.body),
    );
  }
}
