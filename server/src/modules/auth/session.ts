import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES } from '@parallels/contract/auth';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { SessionBrand, UserRow } from './auth.sql.js';
import { requestedBrandId, toBrandUuid } from '../brands/brand-access.js';
import { resolveSession } from './auth.service.js';
import { withAdminFlag } from './admin.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** the signed-in user, set by the session hook; null when there is no valid session */
    user: UserRow | null;
    /**
     * On a brand-scoped route: the brand it names, when the signed-in user may open it (null otherwise). Set by
     * the session hook in the same query as the user; the brand-access hook answers 404 when it is null.
     */
    brand: SessionBrand | null;
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

/** Reads the session cookie on every API request and sets request.user (and request.brand on brand-scoped routes). */
export function registerSessionHook(app: FastifyInstance, deps: { db: Database; config: Config }): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('brand', null);
  // preValidation (before the body is validated): the brand-access hook, also preValidation, needs the user.
  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const sessionId = request.cookies[deps.config.session.cookieName];
    if (!sessionId) return;
    request.sessionId = sessionId;
    // a brand-scoped route (marked at registration by enforceBrandAccess): check access in the same query
    const brandId = request.routeOptions.config.brandAccess ? toBrandUuid(requestedBrandId(request)) : undefined;
    const found = await resolveSession(deps, sessionId, new Date(), brandId);
    request.user = found ? withAdminFlag(deps.config, found.user) : null;
    request.brand = found?.brand ?? null;
  });
}

/** preHandler for routes that need a signed-in user: 401 otherwise (the web app then goes to /login). */
export async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!request.user) {
    await reply.code(401).send({ success: false, message: AUTH_MESSAGES.sessionInvalid });
  }
}
