import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { alertRuleBodySchema, alertRuleParamsSchema, alertRuleResponseSchema, alertRulesResponseSchema } from '@parallels/contract/alerts';
import { brandIdParamsSchema } from '@parallels/contract/brands';
import { successResponseSchema } from '@parallels/contract/common';
import type { ReportDeps } from '../reports/report-deps.js';
import { addAlertRule, changeAlertRule, listAlertRules, removeAlertRule } from './alerts.service.js';

// A user's alert rules on a brand (issue 22 item 2): listed, added, changed and removed. Each path names
// :brandId, so the brand-access hook guards them all.
export async function alertRoutes(app: FastifyInstance, deps: Pick<ReportDeps, 'db'>): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/alerts/rules/:brandId', { schema: { params: brandIdParamsSchema, response: { 200: alertRulesResponseSchema } } }, async (req) => ({
    success: true as const,
    data: await listAlertRules(deps, req.brand!.id, req.user!.id),
  }));
  r.post('/api/alerts/rules/:brandId', { schema: { params: brandIdParamsSchema, body: alertRuleBodySchema, response: { 201: alertRuleResponseSchema } } }, async (req, reply) =>
    reply.code(201).send({ success: true as const, data: await addAlertRule(deps, req.brand!.id, req.user!.id, req.body) }),
  );
  r.put('/api/alerts/rules/:brandId/:ruleId', { schema: { params: alertRuleParamsSchema, body: alertRuleBodySchema, response: { 200: alertRuleResponseSchema } } }, async (req) => ({
    success: true as const,
    data: await changeAlertRule(deps, req.brand!.id, req.user!.id, req.params.ruleId, req.body),
  }));
  r.delete('/api/alerts/rules/:brandId/:ruleId', { schema: { params: alertRuleParamsSchema, response: { 200: successResponseSchema } } }, async (req) => {
    await removeAlertRule(deps, req.brand!.id, req.user!.id, req.params.ruleId);
    return { success: true as const };
  });
}
