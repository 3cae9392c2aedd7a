import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { brandIdParamsSchema } from '@parallels/contract/brands';
import { META_REPORT_TABS, metaReportRequestSchema, metaReportResponseSchemas } from '@parallels/contract/meta-reports';
import { sendJsonChunks } from '../../lib/plain-json.js';
import type { ReportDeps } from '../reports/report-deps.js';
import { buildMetaReport } from './meta-reports.service.js';

// POST /api/meta/report/{audience|placement|platform|country|device|gender|age}/{brandId} (spec/reports.md
// section 7): one route per breakdown, so each declares its own response schema. The brand-access hook guards
// them (they name :brandId) and leaves the brand on the request. A two-year answer holds every value's months for
// every account and the blend (country: 7 lists x 20 values x 25 months, 608 KB): sent as plain JSON written in
// chunks of list items (lib/plain-json.ts `sendJsonChunks`),
// the tests hold every tab's answer to its schema.
export async function metaReportRoutes(app: FastifyInstance, deps: ReportDeps): Promise<void> {
  for (const breakdown of META_REPORT_TABS) {
    app.withTypeProvider<ZodTypeProvider>().post(
      `/api/meta/report/${breakdown}/:brandId`,
      { config: { plan: 'reports' }, schema: { params: brandIdParamsSchema, body: metaReportRequestSchema, response: { 200: metaReportResponseSchemas[breakdown] } } },
      async (req, reply) => sendJsonChunks(reply, await buildMetaReport(deps, req.brand!, breakdown, req.body)),
    );
  }
}
