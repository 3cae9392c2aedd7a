import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createTicketResponseSchema, departmentListSchema, helpDeskStatusSchema, supportTicketBodySchema, supportTicketSchema, ticketIdParamsSchema } from '@parallels/contract/support';
import { requireUser } from '../auth/session.js';
import { requireAdmin } from '../auth/admin.js';
import { createTicket, departments, helpDeskStatus, retryTicket, type SupportDeps } from './support.service.js';

// Support tickets (spec core.md section 7) through the product's own help-desk connection.
export async function supportRoutes(app: FastifyInstance, deps: SupportDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/zoho/departments', { preHandler: requireUser, schema: { response: { 200: departmentListSchema } } }, async () => departments(deps));

  r.post('/api/zoho/create-ticket', { preHandler: requireUser, schema: { body: supportTicketBodySchema, response: { 200: createTicketResponseSchema, 202: createTicketResponseSchema } } }, async (req, reply) => {
    const result = await createTicket(deps, req.user!, req.body);
    return reply.code(result.status === 'sent' ? 200 : 202).send(result);
  });

  r.get('/api/zoho/status', { preHandler: requireAdmin, schema: { response: { 200: helpDeskStatusSchema } } }, async () => helpDeskStatus(deps.db));

  r.post('/api/zoho/tickets/:ticketId/retry', { preHandler: requireAdmin, schema: { params: ticketIdParamsSchema, response: { 200: supportTicketSchema } } }, async (req) =>
    retryTicket(deps, req.params.ticketId),
  );
}
