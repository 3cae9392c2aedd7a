import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { brandIdParamsSchema } from '@parallels/contract/brands';
import { CONVERSION_REPORTS, conversionReportBodySchema, conversionReportSchema } from '@parallels/contract/analytics';
import type { ReportDeps } from '../reports/report-deps.js';
import { buildConversionReport } from './conversion-reports.service.js';

// spec/reports.md section 7: POST /api/analytics/{name}ConversionReport/{brandId}, one route per report name
// (15), each with {startDate, endDate}. The brand-access hook guards them (they name :brandId).
export async function analyticsRoutes(app: FastifyInstance, deps: ReportDeps): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const report of CONVERSION_REPORTS) {
    typed.post(
      `/api/analytics/${report.call}/:brandId`,
      { schema: { params: brandIdParamsSchema, body: conversionReportBodySchema, response: { 200: conversionReportSchema } } },
      async (req) => buildConversionReport(deps, req.brand!, report, req.body),
    );
  }
}
