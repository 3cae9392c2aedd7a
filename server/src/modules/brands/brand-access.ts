import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { AUTH_MESSAGES } from '@parallels/contract/auth';
import type { Database } from '../../db/client.js';
import { isBrandOfUser } from './brands.sql.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the route takes its brand from the query (`?brandId=`): it gets the access hook too */
    brandScoped?: boolean;
    /** set at registration on every route the access hook guards (the route-enumeration test reads it) */
    brandAccess?: boolean;
  }
}

export const BRAND_NOT_FOUND = 'Brand not found';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The brand a request names: a `:brandId` path parameter, or `?brandId=` for the few calls that use a query. */
export function requestedBrandId(request: FastifyRequest): string | undefined {
  const params = request.params as Record<string, string | undefined> | undefined;
  const query = request.query as Record<string, string | undefined> | undefined;
  return params?.brandId ?? query?.brandId;
}

/** The brand id if it is a uuid (the only kind a brand has); anything else names no brand. */
export function toBrandUuid(brandId: string | undefined): string | undefined {
  return brandId !== undefined && UUID.test(brandId) ? brandId : undefined;
}

export async function userHasBrand(db: Database, userId: string, brandId: string): Promise<boolean> {
  if (!toBrandUuid(brandId)) return false;
  return isBrandOfUser(db, userId, brandId);
}

/**
 * THE access check for every brand-scoped route (ARCHITECTURE principle 8): a user reaches only brands on
 * their own list; another user's brand and a brand that does not exist answer the same 404, so ids cannot be
 * probed. The session hook has already looked the brand up for this user, in the query that found the session
 * (request.brand). A test enumerates every route and fails if a brand-scoped one lacks this hook.
 */
export async function requireBrandAccess(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!request.user) {
    await reply.code(401).send({ success: false, message: AUTH_MESSAGES.sessionInvalid });
    return;
  }
  const brandId = requestedBrandId(request);
  if (!brandId || request.brand?.id !== brandId) {
    await reply.code(404).send({ success: false, message: BRAND_NOT_FOUND });
  }
}

/** A route is brand-scoped when its path or its querystring schema names a brand. */
export function isBrandScoped(route: Pick<RouteOptions, 'url'> & { brandScoped?: boolean }): boolean {
  return route.url.includes(':brandId') || route.brandScoped === true;
}

/**
 * Adds the access hook to every brand-scoped route at registration, so no route can forget it.
 * Routes that take the brand in the query mark themselves with `config: { brandScoped: true }`.
 */
export function enforceBrandAccess(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!isBrandScoped({ url: route.url, brandScoped: route.config?.brandScoped })) return;
    // preValidation: access is decided before the body is looked at, so a foreign brand never reveals
    // anything through validation messages.
    const existing = route.preValidation ? (Array.isArray(route.preValidation) ? route.preValidation : [route.preValidation]) : [];
    route.preValidation = [requireBrandAccess, ...existing];
    route.config = { ...route.config, brandAccess: true };
  });
}
