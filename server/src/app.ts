import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { AUTH_MESSAGES } from '@parallels/contract/auth';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerSecurity } from './plugins/security.js';
import { registerWeb } from './plugins/web.js';
import { registerSessionHook } from './modules/auth/session.js';
import { authRoutes } from './modules/auth/auth.route.js';
import { userRoutes } from './modules/users/users.route.js';
import { healthRoutes } from './modules/health/health.route.js';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  /** serve the built web app (off in server tests) */
  serveWeb?: boolean;
}

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** The Fastify app with every route; tests import this and call app.inject(). main.ts only listens. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.token', '*.access_token', '*.refresh_token'], censor: '[redacted]' },
    },
    trustProxy: false,
    bodyLimit: 1024 * 1024,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON only: a text/plain or form body is how a cross-site form would smuggle a request in.
  app.removeContentTypeParser('text/plain');

  registerErrorHandler(app);
  registerSecurity(app, config);
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, context) => ({ statusCode: context.statusCode, message: AUTH_MESSAGES.tooManyRequests }),
  });
  const db = database.db;
  registerSessionHook(app, { db, config });

  await app.register(healthRoutes, { database, config });
  await app.register(authRoutes, { db, config });
  await app.register(userRoutes, { db });

  await registerWeb(app, deps.serveWeb ? (config.webDistDir ?? DEFAULT_WEB_DIST) : undefined);
  return app;
}
