import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * OpenAPI 3.1 from the routes' own zod schemas (the contract's), at /api/docs/json, and Swagger UI at /api/docs:
 * its own static files served by the server on demand, never part of the web app's bundle. Registered before
 * the routes, since @fastify/swagger collects them as they register. Only /api routes are documented (the
 * sandbox emulators and the web app are not the API).
 */
// The product's mark (web/public/favicon.svg) and name, in place of Swagger UI's default logo.
const MARK = '<rect width="32" height="32" rx="8" fill="#4f46e5"/><path d="M10 8h3v16h-3zM19 8h3v16h-3z" fill="#fff"/>';
const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 170 32" width="170" height="32">${MARK}<text x="42" y="23" font-family="system-ui, sans-serif" font-size="20" font-weight="600" fill="#fff">Parallels API</text></svg>`;
const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${MARK}</svg>`;

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Parallels API', version: '1.0.0', description: 'The JSON API the Parallels web app uses. Sign in with POST /api/auth/login/normal; the session cookie carries the rest.' },
    },
    transform: (input) => {
      if (!input.url.startsWith('/api/') || input.url.startsWith('/api/docs')) return { schema: { ...input.schema, hide: true }, url: input.url };
      return jsonSchemaTransform(input);
    },
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true, validatorUrl: null },
    staticCSP: false,
    logo: { type: 'image/svg+xml', content: LOGO, href: '/api/docs', target: '_self' },
    theme: {
      title: 'Parallels API reference',
      favicon: [{ filename: 'favicon.svg', rel: 'icon', type: 'image/svg+xml', sizes: 'any', content: FAVICON }],
    },
  });
}
