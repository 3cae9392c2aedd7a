import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { brandIdParamsSchema } from '@parallels/contract/brands';
import { metaInterestRequestSchema, metaInterestResponseSchema } from '@parallels/contract/meta-interest';
import { plainJsonSerializer } from '../../lib/plain-json.js';
import type { ReportDeps } from '../reports/report-deps.js';
import { buildMetaInterest } from './meta-interest.service.js';

// POST /api/meta/interest/{brandId} (spec/reports.md section 7); the brand-access hook guards it. Sent as plain
// JSON (lib/plain-json.ts: every interest per account and blended); test/meta-rollups.test.ts holds its answers to
// the schema.
export async function metaInterestRoutes(app: FastifyInstance, deps: ReportDeps): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/meta/interest/:brandId',
    {
      config: { plan: 'reports' },
      schema: { params: brandIdParamsSchema, body: metaInterestRequestSchema, response: { 200: metaInterestResponseSchema } },
      serializerCompiler: plainJsonSerializer,
    },
    async (req) => buildMetaInterest(deps, req.brand!, req.body),
  );
}
