import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origin the browser used to reach us, from the Host header (which a page cannot forge). */
function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * Requests that change state must come from our own pages: a foreign Origin (or, without Origin, a
 * cross-site Sec-Fetch-Site) is refused. SameSite=Lax cookies are the first line; this is the second
 * (security checklist C1). Server-to-server calls (webhooks) send neither header and pass.
 */
export function isForeignRequest(request: FastifyRequest, allowedOrigins: ReadonlySet<string>): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.origin;
  if (origin !== undefined) return origin !== ownOrigin(request) && !allowedOrigins.has(origin);
  return request.headers['sec-fetch-site'] === 'cross-site';
}

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

export function registerSecurity(app: FastifyInstance, config: Config): void {
  const allowed = new Set([new URL(config.publicUrl).origin]);

  app.addHook('onRequest', async (request, reply) => {
    if (isForeignRequest(request, allowed)) {
      request.log.warn({ origin: request.headers.origin, url: request.url }, 'cross-site request refused');
      return reply.code(403).send({ success: false, message: 'Cross-site request refused. Use Parallels from its own address.' });
    }
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Content-Security-Policy', CSP);
    if (config.session.secureCookie) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
  });
}
