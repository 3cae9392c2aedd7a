import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES } from '@parallels/contract/auth';
import type { Config } from '../../config.js';

/**
 * Administrators are named in configuration (ADMIN_EMAILS), not granted in the app: there is no screen that
 * makes someone an admin, so no account can promote itself. The users.is_admin column still counts (an
 * operator may set it by SQL); configuration only adds to it, and dropping an email from ADMIN_EMAILS takes
 * the role away at that user's next request.
 */
export function withAdminFlag<T extends { email: string; isAdmin: boolean }>(config: Pick<Config, 'adminEmails'>, user: T): T {
  return user.isAdmin || !config.adminEmails.includes(user.email.toLowerCase()) ? user : { ...user, isAdmin: true };
}

/** preHandler for administrator-only routes: 401 without a session, 403 for a regular user. */
export async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!request.user) {
    await reply.code(401).send({ success: false, message: AUTH_MESSAGES.sessionInvalid });
    return;
  }
  if (!request.user.isAdmin) await reply.code(403).send({ success: false, message: 'Only an administrator can do this.' });
}
