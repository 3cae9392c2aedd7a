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
import { brandRoutes } from './modules/brands/brands.route.js';
import { enforceBrandAccess } from './modules/brands/brand-access.js';
import { setupRoutes } from './modules/connections/setup.route.js';
import { createAccountDirectory } from './modules/connections/account-directory.js';
import { oauthRoutes } from './modules/oauth/oauth.route.js';
import { shopifyWebhookRoutes } from './modules/webhooks/shopify-webhooks.route.js';
import { loadTokenKeyring } from './lib/token-keyring.js';
import { scrubUrl } from './lib/log-scrub.js';
import { startSyncQueue, type SyncQueue } from './sync/queue.js';
import { attachRealtime, type RealtimePublisher } from './realtime/realtime.js';
import { healthRoutes } from './modules/health/health.route.js';
import { summaryRoutes } from './modules/summary/summary.route.js';
import { adMetricsRoutes } from './modules/ad-metrics/ad-metrics.route.js';
import { mountSandboxEmulators } from './sandbox/emulators.js';

export interface RegisteredRoute {
  method: string;
  url: string;
  brandAccess: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** every route as registered (the brand-access enumeration test reads it) */
    routeList: RegisteredRoute[];
    /** the sync queue, when this process runs it */
    syncQueue: SyncQueue | undefined;
    /** realtime messages to users' and brands' rooms */
    realtime: RealtimePublisher;
  }
}

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  /** serve the built web app (off in server tests) */
  serveWeb?: boolean;
  /** mount the platform emulators under /sandbox (default: in sandbox mode) */
  emulators?: boolean;
  /** run the sync queue and its workers in this process (npm start does; most tests do not) */
  sync?: boolean;
  /** the clock reports count days from (tests pin it); defaults to the real one */
  now?: () => Date;
}

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** The Fastify app with every route; tests import this and call app.inject(). main.ts only listens. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.token', '*.access_token', '*.refresh_token'], censor: '[redacted]' },
      serializers: {
        req: (req: { method: string; url: string; id: string }) => ({ id: req.id, method: req.method, url: scrubUrl(req.url) }),
      },
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
  const keyring = loadTokenKeyring(config);
  registerSessionHook(app, { db, config });
  // Before any route: every route naming a brand gets the one access hook as it registers.
  enforceBrandAccess(app);
  const routeList: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeList.push({ method, url: route.url, brandAccess: route.config?.brandAccess === true });
  });
  app.decorate('routeList', routeList);

  const accounts = createAccountDirectory({ db, keyring, config });
  const publisher = await attachRealtime(app, { database, config });
  app.decorate('realtime', publisher);
  let syncQueue: SyncQueue | undefined;
  if (deps.sync) {
    syncQueue = await startSyncQueue(database, { db, config, keyring, log: app.log, publisher, historyDays: config.syncHistoryDays }, { pollingIntervalSeconds: config.env === 'test' ? 0.5 : 2 });
    app.addHook('onClose', async () => syncQueue?.stop());
  }
  app.decorate('syncQueue', syncQueue);
  await app.register(healthRoutes, { database, config });
  await app.register(authRoutes, { db, config });
  await app.register(userRoutes, { db });
  await app.register(oauthRoutes, { db, config, keyring });
  await app.register(brandRoutes, { db, accounts, onConnectionsAdded: syncQueue ? (brandId: string) => syncQueue.backfillPending(brandId) : undefined });
  await app.register(setupRoutes, { accounts });
  await app.register(shopifyWebhookRoutes, { db, config });
  const reportDeps = { db, now: deps.now ?? (() => new Date()) };
  await app.register(summaryRoutes, reportDeps);
  await app.register(adMetricsRoutes, reportDeps);

  if (deps.emulators ?? config.mode === 'sandbox') await mountSandboxEmulators(app, config);
  await registerWeb(app, deps.serveWeb ? (config.webDistDir ?? DEFAULT_WEB_DIST) : undefined, { canonicalUrl: config.mode === 'sandbox' ? config.publicUrl : undefined });
  return app;
}
