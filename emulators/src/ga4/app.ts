import type { FastifyError, FastifyInstance, FastifyPluginAsync } from 'fastify';
import { registerAdminRoutes } from '../common/admin.js';
import type { EmulatorContext } from '../common/context.js';
import { REALISTIC_LATENCY, registerServerTiming } from '../common/timing.js';
import { registerAdminApi } from './admin-api.js';
import { SCOPE_READONLY } from './auth.js';
import { registerDataApi } from './data-api.js';
import { invalidArgument, notFound, sendError } from './errors.js';
import { QuotaTracker } from './quota.js';
import { createServe } from './serve.js';

/**
 * Google Analytics 4 emulator: the Admin API (accountSummaries, properties.get) and the Data API v1beta
 * (runReport, batchRunReports, getMetadata) on one mount, since their paths do not overlap.
 * GA4_ADMIN_URL and GA4_DATA_URL both point at this mount. Tokens come from the shared Google token
 * store (the Google OAuth emulator issues them; admin POST /__admin/tokens mints one directly).
 */
export function ga4Emulator(ctx: EmulatorContext): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    const quota = new QuotaTracker(ctx.clock);
    // Admin API calls by default; Data API reports set theirs by the batch size (serve.ts)
    registerServerTiming(app, ctx, () => REALISTIC_LATENCY.ga4.adminMs);
    const serve = createServe(app, ctx, quota);

    app.setErrorHandler((error: FastifyError, _req, reply) => {
      // body parser failures answer the way Google's front end does
      if (error.code?.startsWith('FST_ERR_CTP')) return sendError(reply, invalidArgument(`Invalid JSON payload received. ${error.message}`));
      return reply.code(error.statusCode ?? 500).send({ error: { code: error.statusCode ?? 500, message: error.message, status: 'INTERNAL' } });
    });
    app.setNotFoundHandler((_req, reply) => sendError(reply, notFound()));

    registerAdminApi(app, ctx, serve);
    registerDataApi(app, ctx, quota, serve);

    registerAdminRoutes(app, ctx, {
      mintToken: (body) => mintToken(ctx, body),
      extra: (admin) => {
        admin.get<{ Querystring: { property?: string; project?: string } }>('/__admin/property-quota', async (req, reply) => {
          if (!req.query.property) return reply.code(400).send({ error: 'property query parameter required (properties/N)' });
          return quota.snapshot(req.query.property, req.query.project ?? ctx.world.apps.google.clientId);
        });
        admin.post<{ Body: { property?: string; project?: string; tokens?: number; serverErrors?: number; thresholdedRequests?: number } }>('/__admin/property-quota', async (req, reply) => {
          const b = req.body ?? {};
          if (!b.property) return reply.code(400).send({ error: 'body must have property (properties/N)' });
          const project = b.project ?? ctx.world.apps.google.clientId;
          quota.consume(b.property, project, b);
          return quota.snapshot(b.property, project);
        });
        admin.delete('/__admin/property-quota', async () => {
          quota.reset();
          return { reset: true };
        });
      },
    });
  };
}

/** Admin: an access token for a Google identity (default: the first identity with GA4 access). */
function mintToken(ctx: EmulatorContext, body: Record<string, unknown>): Record<string, unknown> {
  const ids = ctx.world.google.identities;
  const identity = typeof body.sub === 'string' ? ids.find((i) => i.sub === body.sub)
    : typeof body.email === 'string' ? ids.find((i) => i.email === body.email)
      : ids.find((i) => i.ga4AccountIds.length > 0);
  if (!identity) throw new Error(`unknown Google identity ${String(body.sub ?? body.email)}`);
  const scope = typeof body.scope === 'string' ? body.scope : SCOPE_READONLY;
  const ttl = typeof body.ttlSeconds === 'number' ? body.ttlSeconds : 3599;
  const clientId = typeof body.clientId === 'string' ? body.clientId : ctx.world.apps.google.clientId;
  const record = ctx.tokens.issue({ kind: 'access', subject: identity.sub, clientId, scope, ttlSeconds: ttl });
  return { access_token: record.token, expires_in: ttl, scope, token_type: 'Bearer', sub: identity.sub };
}
