import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { planById, PRICING_MESSAGES } from '@parallels/contract/pricing';
import { effectivePlan } from './pricing.service.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** what the brand's plan must include for this route: 'reports' (report screens and their exports) */
    plan?: 'reports';
  }
}

/** The path prefixes of report calls (spec/reports.md): every route under them must declare `plan: 'reports'`. */
export const REPORT_ROUTE_PREFIXES = ['/api/report/', '/api/analytics/', '/api/google/', '/api/segment/', '/api/meta/'] as const;

/**
 * The plan check for brand-scoped report routes: the brand's plan must include reports (Startup and up), else
 * 402 with the plan to upgrade to. Runs after the brand-access hook, so a foreign brand still answers 404. The
 * subscription came with the session's query (auth.sql findSessionUser): no round trip of its own.
 */
export function requirePlanWithReports() {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const brand = request.brand;
    if (!brand) return;
    if (planById(effectivePlan(brand.subscription ?? undefined)).reports) return;
    await reply.code(402).send({ success: false, message: PRICING_MESSAGES.reportsNeedPlan, code: 'PLAN_LIMIT', requiredPlan: 'STARTUP' });
  };
}

/**
 * Adds the plan check to every route that declares `config: { plan: 'reports' }` as it registers (like the
 * brand-access hook, so no report route can forget it; a test enumerates the report prefixes).
 */
export function enforcePlans(app: FastifyInstance): void {
  const reportsPlan = requirePlanWithReports();
  app.addHook('onRoute', (route) => {
    if (route.config?.plan !== 'reports') return;
    const existing = route.preValidation ? (Array.isArray(route.preValidation) ? route.preValidation : [route.preValidation]) : [];
    route.preValidation = [...existing, reportsPlan];
  });
}
