import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Vite's dev server (npm run dev --workspace web) proxies the API from this origin; never in production. */
const VITE_DEV_ORIGIN = 'http://localhost:5173';

/**
 * Where requests may come from, fixed by configuration. Never the request's own Host header: a page on
 * evil.test that re-points its DNS name at our address (DNS rebinding) sends Host: evil.test and
 * Origin: http://evil.test, which agree with each other.
 */
export interface RequestOrigins {
  /** origins allowed to change state: PUBLIC_URL's (and the Vite dev server's outside production) */
  origins: ReadonlySet<string>;
  /** in production, the only Host a request may name (PUBLIC_URL's); undefined: any */
  host: string | undefined;
}

export function requestOrigins(config: Config): RequestOrigins {
  const publicUrl = new URL(config.publicUrl);
  const production = config.mode === 'production' || config.env === 'production';
  return { origins: new Set(production ? [publicUrl.origin] : [publicUrl.origin, VITE_DEV_ORIGIN]), host: production ? publicUrl.host : undefined };
}

/**
 * Requests that change state must come from our own pages: a foreign Origin (or, without Origin, a
 * cross-site Sec-Fetch-Site) is refused. SameSite=Lax cookies are the first line; this is the second
 * (security checklist C1). Server-to-server calls (webhooks) send neither header and pass.
 */
export function isForeignRequest(method: string, headers: IncomingHttpHeaders, allowed: RequestOrigins): boolean {
  if (SAFE_METHODS.has(method)) return false;
  const origin = headers.origin;
  if (origin !== undefined) return !allowed.origins.has(origin);
  return headers['sec-fetch-site'] === 'cross-site';
}

/** In production a request must name our host: anything else was not sent to Parallels (or was rebound to it). */
export function isUnknownHost(headers: IncomingHttpHeaders, allowed: RequestOrigins): boolean {
  return allowed.host !== undefined && headers.host?.toLowerCase() !== allowed.host;
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
  const allowed = requestOrigins(config);

  app.addHook('onRequest', async (request, reply) => {
    // a load balancer's health probe names the instance's own address
    if (isUnknownHost(request.headers, allowed) && request.url !== '/api/health') {
      request.log.warn({ host: request.headers.host }, 'request for an unknown host refused');
      return reply.code(421).send({ success: false, message: 'This address does not serve Parallels.' });
    }
    if (isForeignRequest(request.method, request.headers, allowed)) {
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
