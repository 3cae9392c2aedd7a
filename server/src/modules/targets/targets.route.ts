import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { brandIdParamsSchema } from '@parallels/contract/brands';
import { successResponseSchema } from '@parallels/contract/common';
import {
  addTargetBodySchema,
  brandTargetResponseSchema,
  brandTargetsResponseSchema,
  deleteTargetQuerySchema,
  targetMetricsResponseSchema,
  updateTargetBodySchema,
} from '@parallels/contract/targets';
import { requireUser } from '../auth/session.js';
import type { ReportDeps } from '../reports/report-deps.js';
import { addTarget, changeTarget, listTargets, removeTarget, sourceMonthMetrics } from './targets.service.js';

// Brand targets (spec/reports.md section 7). Routes naming :brandId get the brand-access hook; the list and
// the add call name no brand in the path, so they check the user (and addTarget the body's brand) themselves.
export async function targetRoutes(app: FastifyInstance, deps: ReportDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/performance/brandTarget', { preHandler: requireUser, schema: { response: { 200: brandTargetsResponseSchema } } }, async (req) => ({
    success: true as const,
    data: await listTargets(deps, req.user!.id),
  }));
  r.post('/api/performance/addTarget', { preHandler: requireUser, schema: { body: addTargetBodySchema, response: { 201: brandTargetResponseSchema } } }, async (req, reply) => {
    const data = await addTarget(deps, req.user!.id, req.body);
    return reply.code(201).send({ success: true as const, data });
  });
  r.patch(
    '/api/performance/updateTarget/:brandId',
    { schema: { params: brandIdParamsSchema, body: updateTargetBodySchema, response: { 200: brandTargetResponseSchema } } },
    async (req) => ({ success: true as const, data: await changeTarget(deps, req.brand!, req.body) }),
  );
  r.delete(
    '/api/performance/deleteTarget/:brandId',
    { schema: { params: brandIdParamsSchema, querystring: deleteTargetQuerySchema, response: { 200: successResponseSchema } } },
    async (req) => {
      await removeTarget(deps, req.brand!, req.query.targetId);
      return { success: true as const };
    },
  );
  r.get('/api/performance/metaMetrics/:brandId', { schema: { params: brandIdParamsSchema, response: { 200: targetMetricsResponseSchema } } }, async (req) =>
    sourceMonthMetrics(deps, req.brand!, 'Meta'),
  );
  r.get('/api/performance/googleAdMetrics/:brandId', { schema: { params: brandIdParamsSchema, response: { 200: targetMetricsResponseSchema } } }, async (req) =>
    sourceMonthMetrics(deps, req.brand!, 'Google'),
  );
}
