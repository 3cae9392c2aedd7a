import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { readyResponseSchema, type ReadyResponse } from '@parallels/contract/common';
import type { Database } from '../../db/client.js';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import type { Registry } from 'prom-client';
import { metricsAllowed } from './metrics.js';
import { pingDatabase, queueTablesAnswer } from './ops.sql.js';

/** Readiness for a load balancer or an orchestrator (GET /api/ready) and Prometheus metrics (GET /metrics). */
export async function opsRoutes(app: FastifyInstance, deps: { db: Database; config: Config; registry: Registry }): Promise<void> {
  const production = deps.config.mode === 'production' || deps.config.env === 'production';
  const { registry } = deps;

  app.withTypeProvider<ZodTypeProvider>().get('/api/ready', { schema: { response: { 200: readyResponseSchema, 503: readyResponseSchema } } }, async (_request, reply) => {
    const answer: ReadyResponse = { status: 'ready', database: 'ok', queue: 'ok' };
    try {
      await pingDatabase(deps.db);
    } catch {
      answer.database = 'down';
    }
    if (answer.database === 'down') answer.queue = 'down';
    else {
      try {
        if (!(await queueTablesAnswer(deps.db))) answer.queue = 'missing';
      } catch {
        answer.queue = 'down';
      }
    }
    if (answer.database !== 'ok' || answer.queue !== 'ok') answer.status = 'not_ready';
    return reply.code(answer.status === 'ready' ? 200 : 503).send(answer);
  });

  // Prometheus text, not JSON: no zod schema, and out of the API reference (hidden).
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!metricsAllowed(request, deps.config.metricsToken, production)) throw new AppError('forbidden', 'Send the metrics token (METRICS_TOKEN) as a bearer token.');
    const body = await registry.metrics();
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(body);
  });
}
