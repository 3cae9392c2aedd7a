import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { registerAdminRoutes } from '../common/admin.js';
import type { EmulatorContext } from '../common/context.js';
import type { FaultPlan } from '../common/faults.js';
import { REALISTIC_LATENCY, registerServerTiming, setLatency } from '../common/timing.js';
import { hangUntilClosed, sendTruncatedJson } from '../google/fault-io.js';
import { mintTokens } from '../google/grants.js';
import { authenticate, authorizeCustomer, bearerToken, checkDeveloperToken, identityOf, loginCustomerHeader } from './access.js';
import {
  AdsError, badPayload, errorBody, invalidCredentials, notAdsUser, quotaExhausted, requestError, serverError, userPermissionDenied,
} from './errors.js';
import { AdsQuota } from './quota.js';
import { runSearch } from './search.js';
import { injectFaultLatency } from '../common/timing.js';

/**
 * Google Ads API over REST (googleads.googleapis.com): customers:listAccessibleCustomers,
 * googleAds:search and googleAds:searchStream, for any v{N} >= 21. Access tokens come from the shared
 * Google token store (issued by the Google OAuth emulator or the admin mint).
 */
export const OLDEST_VERSION = 21;

const NOT_FOUND_HTML = '<!DOCTYPE html>\n<html lang=en><meta charset=utf-8><title>Error 404 (Not Found)!!1</title><p><b>404.</b> <ins>That’s an error.</ins><p>The requested URL was not found on this server. <ins>That’s all we know.</ins>';

function faultError(plan: FaultPlan): AdsError | undefined {
  if (plan.serverError) return serverError(plan.serverError.status ?? 503);
  if (plan.rateLimit) {
    // Long waits are the daily developer-token quota; short ones the per-account rate limiter.
    const s = plan.rateLimit.retryAfterSeconds;
    return s >= 3600
      ? quotaExhausted('RESOURCE_EXHAUSTED', s, 'DEVELOPER', 'Number of operations for basic access')
      : quotaExhausted('RESOURCE_TEMPORARILY_EXHAUSTED', s, 'ACCOUNT', 'Requests per account');
  }
  if (plan.tokenExpired || plan.tokenRevoked) return invalidCredentials(false);
  if (plan.notAdsUser) return notAdsUser();
  if (plan.permissionDenied) return userPermissionDenied();
  return undefined;
}

export function googleAdsEmulator(ctx: EmulatorContext): FastifyPluginAsync {
  return async (app) => {
    const quota = new AdsQuota(ctx);
    // every API call; a query's answer sets its own by the rows it carries (below)
    registerServerTiming(app, ctx, (req) => (req.url.includes('googleAds:') ? REALISTIC_LATENCY.googleAds.queryMs : REALISTIC_LATENCY.googleAds.callMs));

    const requestIdFor = (...parts: string[]) =>
      createHash('sha256').update([ctx.world.seed, ctx.clock.now().toISOString(), ...parts].join('|')).digest('base64url').slice(0, 22);

    const sendError = (reply: FastifyReply, err: AdsError, version: number, stream: boolean, requestId: string) => {
      const body = errorBody(err, version, requestId);
      return reply.code(err.status).header('content-type', 'application/json; charset=UTF-8').send(stream ? [body] : body);
    };

    // Bodies the JSON layer cannot read get the transcoder's INVALID_ARGUMENT (array-wrapped on searchStream).
    app.setErrorHandler((error: { statusCode?: number; message: string }, req, reply) => {
      const status = error.statusCode ?? 500;
      const err = status < 500 ? badPayload(`Invalid JSON payload received. ${error.message}`) : serverError(500);
      return sendError(reply, err, Number(/\/v(\d+)\//.exec(req.url)?.[1] ?? 23), req.url.includes('searchStream'), requestIdFor(req.url));
    });

    const handle = async (req: FastifyRequest, reply: FastifyReply) => {
      const path = decodeURIComponent((req.params as Record<string, string>)['*'] ?? '');
      const list = /^v(\d+)\/customers:listAccessibleCustomers$/.exec(path);
      const query = /^v(\d+)\/customers\/([^/]+)\/googleAds:(search|searchStream)$/.exec(path);
      if (!(list && req.method === 'GET') && !(query && req.method === 'POST')) {
        return reply.code(404).type('text/html; charset=UTF-8').send(NOT_FOUND_HTML);
      }
      const version = Number((list ?? query)![1]);
      const customerId = query?.[2];
      const stream = query?.[3] === 'searchStream';
      const body = req.body as Record<string, unknown> | undefined;
      const requestId = requestIdFor(path, JSON.stringify(body ?? null));
      const fail = (err: AdsError) => sendError(reply, err, version, stream, requestId);
      const rpc = `google.ads.googleads.v${version}.services.${list ? 'CustomerService.ListAccessibleCustomers' : `GoogleAdsService.${stream ? 'SearchStream' : 'Search'}`}`;
      try {
        if (version < OLDEST_VERSION) throw requestError('UNSUPPORTED_VERSION', `Version v${version} is deprecated. Requests to this version will be blocked.`);
        const plan = ctx.faults.take(customerId, bearerToken(req));
        await injectFaultLatency(req, plan?.latencyMs);
        if (plan?.timeout) return hangUntilClosed(req, reply);
        const injected = plan ? faultError(plan) : undefined;
        if (injected) throw injected;

        const token = authenticate(ctx, req, rpc);
        const developerToken = checkDeveloperToken(ctx, req);
        const pageToken = body && typeof body === 'object' ? (body.pageToken ?? body.page_token) : undefined;
        quota.check(developerToken, customerId, !pageToken);
        const identity = identityOf(ctx, token);
        let payload: unknown;
        if (list) {
          if (!identity || identity.accessibleCustomerIds.length === 0) throw notAdsUser();
          payload = { resourceNames: identity.accessibleCustomerIds.map((id) => `customers/${id}`) };
        } else {
          const customer = authorizeCustomer(ctx, identity, customerId!, loginCustomerHeader(req));
          payload = runSearch(ctx, { version, customer, body, stream, requestId });
          setLatency(req, REALISTIC_LATENCY.googleAds.queryMs + (REALISTIC_LATENCY.googleAds.perThousandRowsMs * resultRows(payload)) / 1000);
        }
        if (plan?.malformed) return sendTruncatedJson(reply, payload);
        return reply.code(200).header('content-type', 'application/json; charset=UTF-8').send(JSON.stringify(payload));
      } catch (e) {
        if (e instanceof AdsError) return fail(e);
        throw e;
      }
    };
    app.route({ method: ['GET', 'POST'], url: '/*', handler: handle });

    registerAdminRoutes(app, ctx, {
      mintToken: (body) => mintTokens(ctx, body),
      extra: (admin) => {
        admin.get('/__admin/quota/usage', async () => quota.usage());
        admin.put<{ Body: { developerToken?: string; operations?: number; customerId?: string; requests?: number } }>('/__admin/quota/usage', async (req) => quota.preload(req.body ?? {}));
      },
    });
  };
}

/** rows in a search page ({results}) or a searchStream answer ([{results}, ...]) */
function resultRows(payload: unknown): number {
  const batches = Array.isArray(payload) ? payload : [payload];
  let n = 0;
  for (const b of batches) {
    const results = (b as { results?: unknown } | null)?.results;
    if (Array.isArray(results)) n += results.length;
  }
  return n;
}
