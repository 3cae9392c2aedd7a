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
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list', deepLinking: true, validatorUrl: null }, staticCSP: false });
}
