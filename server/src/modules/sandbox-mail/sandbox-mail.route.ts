import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { runScheduleResponseSchema, sandboxMailListSchema, sandboxMailParamsSchema, sandboxMailResponseSchema } from '@parallels/contract/email-reports';
import { AppError } from '../../lib/app-error.js';
import type { CaughtMessage, SandboxInbox } from '../../mail/sandbox-inbox.js';
import { requireUser } from '../auth/session.js';

export const MESSAGE_NOT_FOUND = 'Message not found';

/** A signed-in user reads the mail sent to them; an administrator reads all of it. */
function readableBy(user: { email: string; isAdmin: boolean }, message: CaughtMessage): boolean {
  return user.isAdmin || message.to.some((to) => to.toLowerCase() === user.email.toLowerCase());
}

/**
 * Sandbox mode only (issue 22): the in-process SMTP catcher's messages for /sandbox/mail, and a trigger that
 * runs the digest schedule now whatever the hour (for a newcomer's first look, and the browser test).
 */
export async function sandboxMailRoutes(app: FastifyInstance, deps: { inbox: SandboxInbox; runSchedule?: (options: { anyHour: boolean; userId: string }) => Promise<number> }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/sandbox/mail', { preHandler: requireUser, schema: { response: { 200: sandboxMailListSchema } } }, async (req) => ({
    success: true as const,
    data: deps.inbox.list().filter((m) => readableBy(req.user!, m)).map(({ id, receivedAt, from, to, subject }) => ({ id, receivedAt, from, to, subject })),
  }));
  r.get('/api/sandbox/mail/:messageId', { preHandler: requireUser, schema: { params: sandboxMailParamsSchema, response: { 200: sandboxMailResponseSchema } } }, async (req) => {
    const message = deps.inbox.get(req.params.messageId);
    if (!message || !readableBy(req.user!, message)) throw new AppError('not-found', MESSAGE_NOT_FOUND);
    return { success: true as const, data: message };
  });
  // only where this process runs the email jobs (not with SYNC_WORKERS=false)
  const runSchedule = deps.runSchedule;
  if (runSchedule) {
    r.post('/api/sandbox/mail/run-schedule', { preHandler: requireUser, schema: { response: { 200: runScheduleResponseSchema } } }, async (req) => ({
      success: true as const,
      queued: await runSchedule({ anyHour: true, userId: req.user!.id }),
    }));
  }
}
