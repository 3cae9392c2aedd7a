import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { AUTH_MESSAGES } from '@parallels/contract/auth';
import type { Config, ProcessRole } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerSecurity } from './plugins/security.js';
import { registerInputGuard } from './plugins/input-guard.js';
import { isAnonymous, isWriting, limitAnonymousWrites } from './plugins/anonymous-limits.js';
import { registerWeb } from './plugins/web.js';
import { databaseRateLimitStore } from './plugins/rate-limit-store.js';
import { registerSessionHook } from './modules/auth/session.js';
import { scheduleHousekeeping } from './modules/auth/housekeeping.js';
import { authRoutes } from './modules/auth/auth.route.js';
import { userRoutes } from './modules/users/users.route.js';
import { brandRoutes } from './modules/brands/brands.route.js';
import { enforceBrandAccess } from './modules/brands/brand-access.js';
import { setupRoutes } from './modules/connections/setup.route.js';
import { createAccountDirectory } from './modules/connections/account-directory.js';
import { oauthRoutes } from './modules/oauth/oauth.route.js';
import { shopifyWebhookRoutes } from './modules/webhooks/shopify-webhooks.route.js';
import { loadTokenKeyring } from './lib/token-keyring.js';
import { scrubUrl, serializeError } from './lib/log-scrub.js';
import { startSyncQueue, type SyncQueue } from './sync/queue.js';
import { attachRealtime, type RealtimePublisher } from './realtime/realtime.js';
import { healthRoutes } from './modules/health/health.route.js';
import { summaryRoutes } from './modules/summary/summary.route.js';
import { adMetricsRoutes } from './modules/ad-metrics/ad-metrics.route.js';
import { marketingInsightsRoutes } from './modules/marketing-insights/marketing-insights.route.js';
import { googleReportsRoutes } from './modules/google-reports/google-reports.route.js';
import { segmentRoutes } from './modules/segment/segment.route.js';
import { analyticsRoutes } from './modules/analytics/analytics.route.js';
import { targetRoutes } from './modules/targets/targets.route.js';
import { metaReportRoutes } from './modules/meta-reports/meta-reports.route.js';
import { metaInterestRoutes } from './modules/meta-interest/meta-interest.route.js';
import { metaCampaignRoutes } from './modules/meta-campaigns/meta-campaigns.route.js';
import { mountSandboxEmulators } from './sandbox/emulators.js';
import { supportRoutes } from './modules/support/support.route.js';
import { startSupportJobs } from './modules/support/support.job.js';
import { forgetBrandJobs } from './sync/forget-brand-jobs.js';
import { tutorialRoutes } from './modules/tutorials/tutorials.route.js';
import { pricingRoutes } from './modules/pricing/pricing.route.js';
import { enforcePlans } from './modules/pricing/plan-guard.js';
import { startSandboxInbox, type SandboxInbox } from './mail/sandbox-inbox.js';
import { createMailer } from './mail/mailer.js';
import { emailReportRoutes } from './modules/email-reports/email-reports.route.js';
import { startEmailJobs, type EmailJobs } from './modules/email-reports/email-reports.job.js';
import type { EmailDeps } from './modules/email-reports/email-reports.service.js';
import { sandboxMailRoutes } from './modules/sandbox-mail/sandbox-mail.route.js';
import { alertRoutes } from './modules/alerts/alerts.route.js';
import { RequestsInFlight, WRITE_STEP_MAX_WAIT_MS } from './db/requests-in-flight.js';
import { keepPgliteStatistics } from './db/pglite-statistics.js';
import { registerOpenApi } from './modules/ops/openapi.js';
import { opsRoutes } from './modules/ops/ops.route.js';
import { createMetrics } from './modules/ops/metrics.js';
import { startAlertJobs } from './modules/alerts/alerts.job.js';

export interface RegisteredRoute {
  method: string;
  url: string;
  brandAccess: boolean;
  /** callable without a session */
  anonymous: boolean;
  /** stores, changes or deletes something */
  writes: boolean;
  rateLimited: boolean;
  /** what the brand's plan must include (config.plan), checked after brand access */
  plan?: 'reports';
  /** the route's zod schemas (the fuzz test builds its requests from them) */
  schema: RouteOptions['schema'];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** every route as registered (the brand-access enumeration test reads it) */
    routeList: RegisteredRoute[];
    /** the sync queue, when this process runs it */
    syncQueue: SyncQueue | undefined;
    /** realtime messages to users' and brands' rooms */
    realtime: RealtimePublisher;
    /** email: the sandbox inbox (sandbox mode without SMTP_URL), the email jobs (when this process runs the queue), what sends */
    mail: { inbox: SandboxInbox | undefined; jobs: EmailJobs | undefined; deps: EmailDeps };
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
  /**
   * what this process is (default: config.role). 'api' without `sync` still queues jobs (a new connection's
   * backfill, a support ticket's retry) for the workers, and runs none; 'worker' has no sockets.
   */
  role?: ProcessRole;
  /** the clock reports count days from (tests pin it); defaults to the real one */
  now?: () => Date;
  /** how often expired OAuth states, login tickets, sessions and login failures are deleted (tests shorten it) */
  housekeepingIntervalMs?: number;
}

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** The app's pino options: secrets redacted, URLs scrubbed, SQL errors without their parameter values. */
export function loggerOptions(config: Config) {
  return {
    level: config.logLevel,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.token', '*.access_token', '*.refresh_token'], censor: '[redacted]' },
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({ id: req.id, method: req.method, url: scrubUrl(req.url) }),
      err: (err: Error) => serializeError(err) as { type: string; message: string; stack: string; [key: string]: unknown },
    },
  };
}

/** The Fastify app with every route; tests import this and call app.inject(). main.ts only listens. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: loggerOptions(config),
    // the n proxies in front are trusted (proxy-addr's hop count; Fastify's types take it only as a function)
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
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
  registerInputGuard(app);
  await app.register(cookie);
  app.addHook('onRoute', (route) => limitAnonymousWrites(route, config));
  const db = database.db;
  await app.register(rateLimit, {
    global: false,
    // counted in the database: shared by every API process of a deployment (PARALLELS_ROLE)
    store: databaseRateLimitStore(db),
    errorResponseBuilder: (_req, context) => ({ statusCode: context.statusCode, message: AUTH_MESSAGES.tooManyRequests }),
  });
  const keyring = loadTokenKeyring(config);
  registerSessionHook(app, { db, config });
  // Before any route: every route naming a brand gets the one access hook as it registers.
  enforceBrandAccess(app);
  // Then the plan check on routes that declare what the plan must include (report routes: Startup and up).
  enforcePlans(app);
  const routeList: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routeList.push({
        method,
        url: route.url,
        brandAccess: route.config?.brandAccess === true,
        anonymous: isAnonymous(route),
        writes: isWriting(route),
        rateLimited: typeof route.config?.rateLimit === 'object',
        plan: route.config?.plan,
        schema: route.schema,
      });
    }
  });
  app.decorate('routeList', routeList);
  // OpenAPI 3.1 from the routes' schemas (before any route: it collects them as they register), /api/docs
  await registerOpenApi(app);

  const accounts = createAccountDirectory({ db, keyring, config });
  const role = deps.role ?? config.role;
  const publisher = await attachRealtime(app, { database, config, serve: role !== 'worker' });
  app.decorate('realtime', publisher);
  let syncQueue: SyncQueue | undefined;
  // Jobs: worked here (all-in-one, worker), only queued here for the workers (an API process), or neither (tests).
  const work = deps.sync === true;
  if (work || role === 'api') {
    // On embedded PGlite a window that nothing reads yet is written in short transactions that let this
    // process's requests go first (decision 027); PostgreSQL's readers never wait for a writer.
    const requests = database.kind === 'pglite' ? new RequestsInFlight() : undefined;
    requests?.track(app);
    const shortWrites = requests && { beforeEach: () => requests.idle(WRITE_STEP_MAX_WAIT_MS) };
    // PGlite has no autovacuum: the tables the sync fills are analyzed as they grow (decision 029)
    if (requests && work) {
      const stopStatistics = keepPgliteStatistics(db, app.log, shortWrites);
      app.addHook('onClose', async () => stopStatistics());
    }
    syncQueue = await startSyncQueue(
      database,
      { db, config, keyring, log: app.log, publisher, historyDays: config.syncHistoryDays, shortWrites },
      { work, pollingIntervalSeconds: config.env === 'test' ? 0.5 : 2 },
    );
    app.addHook('onClose', async () => syncQueue?.stop());
  }
  app.decorate('syncQueue', syncQueue);
  await app.register(healthRoutes, { database, config });
  await app.register(opsRoutes, { db: database.db, config, registry: createMetrics(app, database.db) });
  await app.register(authRoutes, { db, config });
  await app.register(userRoutes, { db });
  const backfillBrand = syncQueue ? (brandId: string) => syncQueue.backfillPending(brandId) : undefined;
  await app.register(oauthRoutes, { db, config, keyring, onConnectionsAdded: backfillBrand, onReconnected: backfillBrand });
  await app.register(brandRoutes, {
    db,
    accounts,
    onConnectionsAdded: backfillBrand,
    onBrandDeleted: syncQueue ? (brandId: string, connectionIds: string[]) => forgetBrandJobs(syncQueue.boss, brandId, connectionIds) : undefined,
  });
  await app.register(setupRoutes, { accounts });
  await app.register(shopifyWebhookRoutes, { db, config });
  const reportDeps = { db, now: deps.now ?? (() => new Date()) };
  await app.register(summaryRoutes, reportDeps);
  await app.register(adMetricsRoutes, reportDeps);
  await app.register(marketingInsightsRoutes, reportDeps);
  await app.register(googleReportsRoutes, reportDeps);
  await app.register(segmentRoutes, reportDeps);
  await app.register(analyticsRoutes, reportDeps);
  await app.register(targetRoutes, reportDeps);
  await app.register(metaReportRoutes, reportDeps);
  await app.register(metaInterestRoutes, reportDeps);
  await app.register(metaCampaignRoutes, { ...reportDeps, rangeReach: { db, config, keyring, now: reportDeps.now } });

  let stopHousekeeping: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stopHousekeeping = scheduleHousekeeping(db, config, app.log, deps.housekeepingIntervalMs);
  });
  app.addHook('onClose', async () => stopHousekeeping?.());
  const supportDeps = { db, config, keyring };
  const scheduleRetry = syncQueue ? await startSupportJobs(syncQueue.boss, supportDeps, { work, pollingIntervalSeconds: config.env === 'test' ? 0.5 : 2 }) : undefined;
  await app.register(supportRoutes, { ...supportDeps, scheduleRetry });
  await app.register(tutorialRoutes, { db });
  await app.register(pricingRoutes, { db, config, keyring, now: deps.now });

  // Email (issue 22): SMTP_URL's server, or in sandbox mode the in-process inbox every message lands in.
  const inbox = config.mail.sandboxInbox ? await startSandboxInbox() : undefined;
  const smtpUrl = config.mail.smtpUrl ?? inbox?.url;
  const mailer = smtpUrl ? createMailer(smtpUrl, config.mail.from) : undefined;
  if (!mailer) app.log.warn('SMTP_URL is not set: email reports are not sent');
  app.addHook('onClose', async () => {
    mailer?.close();
    await inbox?.close();
  });
  const emailDeps: EmailDeps = { ...reportDeps, config, keyring, mailer, log: app.log };
  const emailJobs = syncQueue ? await startEmailJobs(syncQueue.boss, emailDeps, { work, pollingIntervalSeconds: config.env === 'test' ? 0.5 : 2 }) : undefined;
  app.decorate('mail', { inbox, jobs: emailJobs, deps: emailDeps });
  await app.register(emailReportRoutes, emailDeps);
  // Alerts: rules and built-in conditions checked every 5 minutes, in the brand's room and by email.
  if (syncQueue && work) await startAlertJobs(syncQueue.boss, { ...reportDeps, realtime: publisher, enqueueEmail: mailer ? emailJobs?.enqueue : undefined }, app.log, { pollingIntervalSeconds: config.env === 'test' ? 0.5 : 2 });
  await app.register(alertRoutes, reportDeps);
  if (inbox && config.mode === 'sandbox') await app.register(sandboxMailRoutes, { inbox, runSchedule: emailJobs?.runSchedule });

  if (deps.emulators ?? config.mode === 'sandbox') await mountSandboxEmulators(app, config);
  await registerWeb(app, deps.serveWeb ? (config.webDistDir ?? DEFAULT_WEB_DIST) : undefined, { canonicalUrl: config.mode === 'sandbox' ? config.publicUrl : undefined });
  return app;
}

function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}
