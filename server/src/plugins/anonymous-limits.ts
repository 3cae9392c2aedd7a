import type { RouteOptions } from 'fastify';
import type { Config } from '../config.js';
import { requireUser } from '../modules/auth/session.js';
import { isBrandScoped } from '../modules/brands/brand-access.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** a GET that writes (an OAuth start stores a state, a callback consumes one): limited like a POST */
    writes?: boolean;
    /** the caller proves who it is by a signature over the body (webhooks): no per-address limit */
    signed?: boolean;
  }
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A route anyone can call without a session. */
export function isAnonymous(route: Pick<RouteOptions, 'url' | 'preHandler'> & { config?: { brandScoped?: boolean } }): boolean {
  const preHandlers = [route.preHandler ?? []].flat();
  return !preHandlers.includes(requireUser) && !isBrandScoped({ url: route.url, brandScoped: route.config?.brandScoped });
}

/** A route that stores, changes or deletes something. */
export function isWriting(route: Pick<RouteOptions, 'method'> & { config?: { writes?: boolean } }): boolean {
  return [route.method].flat().some((m) => !READ_METHODS.has(m)) || route.config?.writes === true;
}

/**
 * Every API route that an anonymous caller can make write gets the per-address limit (the login limit,
 * AUTH_RATE_LIMIT_PER_MINUTE) unless it sets its own: anonymous calls cannot fill the database. Registered
 * before @fastify/rate-limit, whose own onRoute hook then reads the config this one sets.
 */
export function limitAnonymousWrites(route: RouteOptions, config: Config): void {
  if (!route.url.startsWith('/api/') || route.config?.signed) return;
  if (route.config?.rateLimit !== undefined || !isAnonymous(route) || !isWriting(route)) return;
  route.config = { ...route.config, rateLimit: { max: config.auth.rateLimitPerMinute, timeWindow: '1 minute' } };
}
