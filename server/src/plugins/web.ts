import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Unknown paths: JSON 404 for the API. With a built web app (web/dist), serves it (web/dist) and answers every non-API GET with index.html so that client
 * routes (/dashboard, /admetrics/...) load on reload. Unknown /api paths stay JSON 404s. With `canonicalUrl`
 * (sandbox mode: PUBLIC_URL), a page asked for on another host name is redirected there.
 */
export async function registerWeb(app: FastifyInstance, distDir: string | undefined, { canonicalUrl }: { canonicalUrl?: string } = {}): Promise<void> {
  const serveSpa = distDir !== undefined && existsSync(join(distDir, 'index.html'));
  if (distDir !== undefined && !serveSpa) app.log.warn({ distDir }, 'web app not built: run `npm run build --workspace web` (npm start does it)');
  if (serveSpa) await app.register(fastifyStatic, { root: distDir, wildcard: false, index: false, maxAge: '1h' });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (!serveSpa || request.method !== 'GET' || path.startsWith('/api/') || (path.startsWith('/sandbox/') && !isSandboxPage(path)) || path.startsWith('/socket.io/')) {
      return reply.code(404).send({ success: false, message: `Nothing at ${request.method} ${path}` });
    }
    // A page opened on another host name than PUBLIC_URL (127.0.0.1 for localhost) would hold its session cookie
    // on that host, and OAuth returns, which come back to PUBLIC_URL, would land without it: go there first.
    const target = canonicalUrl && pageOnOtherHost(request.headers.host, canonicalUrl);
    if (target) return reply.redirect(`${target}${request.url}`, 302);
    // Hashed assets are served above; anything else is a client route.
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}

/** The web app's own pages under /sandbox (the sandbox inbox); the rest of /sandbox is the emulators'. */
function isSandboxPage(path: string): boolean {
  return path === '/sandbox/mail' || path.startsWith('/sandbox/mail/');
}

/** PUBLIC_URL's origin when `host` (the request's Host header) is another host, else null. */
export function pageOnOtherHost(host: string | undefined, canonicalUrl: string): string | null {
  const canonical = new URL(canonicalUrl);
  if (!host || host.toLowerCase() === canonical.host.toLowerCase()) return null;
  return canonical.origin;
}
