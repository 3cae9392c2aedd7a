import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '@parallels/contract/common';
import type { DatabaseHandle } from '../../db/client.js';
import type { Config } from '../../config.js';
import { pingDatabase } from './health.sql.js';

export async function healthRoutes(app: FastifyInstance, deps: { database: DatabaseHandle; config: Config }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get('/api/health', { schema: { response: { 200: healthResponseSchema } } }, async () => {
    await pingDatabase(deps.database.db);
    return { status: 'ok' as const, database: deps.database.kind, mode: deps.config.mode, uptimeSeconds: Math.round(process.uptime()) };
  });
}
