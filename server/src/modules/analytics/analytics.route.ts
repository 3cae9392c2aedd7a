import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { brandIdParamsSchema } from '@parallels/contract/brands';
import {
  CONVERSION_REPORTS,
  conversionReportBodySchema,
  conversionReportSchema,
  dailyFunnelReportSchema,
  dayFunnelReportSchema,
  funnelDayBodySchema,
  funnelRangesBodySchema,
  monthFunnelReportSchema,
} from '@parallels/contract/analytics';
import { plainJsonSerializer, sendJsonChunks } from '../../lib/plain-json.js';
import type { ReportDeps } from '../reports/report-deps.js';
import { buildConversionReport } from './conversion-reports.service.js';
import { buildDailyFunnel, buildDayWiseFunnel, buildMonthlyFunnel } from './funnel-reports.service.js';

// spec/reports.md section 7: POST /api/analytics/{name}ConversionReport/{brandId}, one route per report name (15),
// each with {startDate, endDate}, and the funnel reports' three calls, one per view. The brand-access hook guards
// them all (they name :brandId).
// The conversion answers (a two-year page-path report: 1,500 values x 25 months, 3.9 MB) go out as plain JSON written
// in chunks of rows (lib/plain-json.ts `sendJsonChunks`), the funnel's (two years of days: 730 rows, 141 KB; zod's
// encode 1.6 ms against 0.9 ms for JSON.stringify) as plain JSON; the service tests hold every answer to the schema.

export async function analyticsRoutes(app: FastifyInstance, deps: ReportDeps): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const report of CONVERSION_REPORTS) {
    typed.post(
      `/api/analytics/${report.call}/:brandId`,
      { config: { plan: 'reports' }, schema: { params: brandIdParamsSchema, body: conversionReportBodySchema, response: { 200: conversionReportSchema } } },
      async (req, reply) => sendJsonChunks(reply, await buildConversionReport(deps, req.brand!, report, req.body)),
    );
  }
  // the funnel reports: Daily (dateRanges -> ranges), Day wise (startDate, endDate -> data), Monthly Metrics (dateRanges -> ranges)
  typed.post(
    '/api/analytics/atcreport/:brandId',
    { config: { plan: 'reports' }, schema: { params: brandIdParamsSchema, body: funnelRangesBodySchema, response: { 200: dailyFunnelReportSchema } }, serializerCompiler: plainJsonSerializer },
    async (req) => buildDailyFunnel(deps, req.brand!, req.body),
  );
  typed.post(
    '/api/analytics/dayAtcReport/:brandId',
    { config: { plan: 'reports' }, schema: { params: brandIdParamsSchema, body: funnelDayBodySchema, response: { 200: dayFunnelReportSchema } }, serializerCompiler: plainJsonSerializer },
    async (req) => buildDayWiseFunnel(deps, req.brand!, req.body),
  );
  typed.post(
    '/api/analytics/monthAtcReport/:brandId',
    { config: { plan: 'reports' }, schema: { params: brandIdParamsSchema, body: funnelRangesBodySchema, response: { 200: monthFunnelReportSchema } }, serializerCompiler: plainJsonSerializer },
    async (req) => buildMonthlyFunnel(deps, req.brand!, req.body),
  );
}
