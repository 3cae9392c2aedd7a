import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getUserResponseSchema } from '@parallels/contract/users';
import type { Database } from '../../db/client.js';
import { requireUser } from '../auth/session.js';
import { getUserWithBrands } from './users.service.js';

export async function userRoutes(app: FastifyInstance, deps: { db: Database }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/users/getuser/:userId',
    {
      preHandler: requireUser,
      // `token` is sent by the OAuth callback screen; the cookie session is what authenticates.
      schema: { params: z.object({ userId: z.string() }), querystring: z.object({ token: z.string().optional() }), response: { 200: getUserResponseSchema } },
    },
    async (req) => getUserWithBrands(deps.db, req.user!, req.params.userId),
  );
}
