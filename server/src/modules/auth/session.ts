import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES } from '@parallels/contract/auth';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { UserRow } from './auth.sql.js';
import { resolveSession } from './auth.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** the signed-in user, set by the session hook; null when there is no valid session */
    user: UserRow | null;
    sessionId: string | null;
  }
}

export function setSessionCookie(reply: FastifyReply, config: Config, sessionId: string): void {
  reply.setCookie(config.session.cookieName, sessionId, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax', // Lax, not Strict: the top-level GET back from an OAuth provider must carry it
    secure: config.session.secureCookie,
    maxAge: config.session.absoluteHours * 3600,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(config.session.cookieName, { path: '/', httpOnly: true, sameSite: 'lax', secure: config.session.secureCookie });
}

/** Reads the session cookie on every API request and sets request.user. */
export function registerSessionHook(app: FastifyInstance, deps: { db: Database; config: Config }): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  // preValidation (before the body is validated): the brand-access hook, also preValidation, needs the user.
  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const sessionId = request.cookies[deps.config.session.cookieName];
    if (!sessionId) return;
    request.sessionId = sessionId;
    request.user = (await resolveSession(deps, sessionId)) ?? null;
  });
}

/** preHandler for routes that need a signed-in user: 401 otherwise (the web app then goes to /login). */
export async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!request.user) {
    await reply.code(401).send({ success: false, message: AUTH_MESSAGES.sessionInvalid });
  }
}
