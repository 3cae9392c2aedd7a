import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Unknown paths: JSON 404 for the API. With a built web app (web/dist), serves it (web/dist) and answers every non-API GET with index.html so that client
 * routes (/dashboard, /admetrics/...) load on reload. Unknown /api paths stay JSON 404s.
 */
export async function registerWeb(app: FastifyInstance, distDir: string | undefined): Promise<void> {
  const serveSpa = distDir !== undefined && existsSync(join(distDir, 'index.html'));
  if (distDir !== undefined && !serveSpa) app.log.warn({ distDir }, 'web app not built: run `npm run build --workspace web` (npm start does it)');
  if (serveSpa) await app.register(fastifyStatic, { root: distDir, wildcard: false, index: false, maxAge: '1h' });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (!serveSpa || request.method !== 'GET' || path.startsWith('/api/') || path.startsWith('/sandbox/') || path.startsWith('/socket.io/')) {
      return reply.code(404).send({ success: false, message: `Nothing at ${request.method} ${path}` });
    }
    // Hashed assets are served above; anything else is a client route.
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
