import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { tutorialCompletionsSchema, tutorialParamsSchema } from '@parallels/contract/tutorials';
import type { Database } from '../../db/client.js';
import { requireUser } from '../auth/session.js';
import * as sqlq from './tutorials.sql.js';

// Each call is one query and the list read back: too thin for a service of its own.
export async function tutorialRoutes(app: FastifyInstance, deps: { db: Database }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const completed = async (userId: string) => ({ completed: await sqlq.listCompleted(deps.db, userId) });
  const options = { preHandler: requireUser, schema: { response: { 200: tutorialCompletionsSchema } } };
  const withParams = { preHandler: requireUser, schema: { params: tutorialParamsSchema, response: { 200: tutorialCompletionsSchema } } };

  r.get('/api/tutorials', options, async (req) => completed(req.user!.id));

  r.put('/api/tutorials/:tutorialId/complete', withParams, async (req) => {
    await sqlq.markCompleted(deps.db, req.user!.id, req.params.tutorialId);
    return completed(req.user!.id);
  });

  // Profile: reset one tutorial, or all of them, so they play again
  r.delete('/api/tutorials/:tutorialId', withParams, async (req) => {
    await sqlq.resetCompleted(deps.db, req.user!.id, req.params.tutorialId);
    return completed(req.user!.id);
  });

  r.delete('/api/tutorials', options, async (req) => {
    await sqlq.resetCompleted(deps.db, req.user!.id);
    return completed(req.user!.id);
  });
}
