import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { summaryBodySchema, summaryResponseSchema, summarySourceParamsSchema } from '@parallels/contract/summary';
import { plainJsonSerializer } from '../../lib/plain-json.js';
import type { ReportDeps } from '../reports/report-deps.js';
import { buildSummary } from './summary.service.js';

// POST /api/summary/{facebook-ads|google-ads|analytics}/{brandId} (spec core.md section 7). The brand-access
// hook guards it (it names :brandId) and leaves the brand on the request. Sent as plain JSON (lib/plain-json.ts:
// zod's encode cost 0.2-0.3 ms of a 7 ms answer, 4-8 KB); dashboard-reports.test holds every answer to the schema.
export async function summaryRoutes(app: FastifyInstance, deps: ReportDeps): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/summary/:source/:brandId',
    { schema: { params: summarySourceParamsSchema, body: summaryBodySchema, response: { 200: summaryResponseSchema } }, serializerCompiler: plainJsonSerializer },
    async (req) => buildSummary(deps, req.brand!, req.params.source, req.body),
  );
}
