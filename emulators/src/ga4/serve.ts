import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../common/context.js';
import { intEnums, wantsIntEnums } from './enums.js';
import { authenticate, canSee, credentialOf, type Caller } from './auth.js';
import { GoogleApiError, adminPermissionDenied, invalidCredentials, propertyPermissionDenied, quotaExhausted, sendError, serverError } from './errors.js';
import type { QuotaTracker } from './quota.js';
import { injectFaultLatency } from '../common/timing.js';
import { countRefusal } from '../common/refusals.js';

export interface RouteSpec {
  api: 'data' | 'admin';
  /** RPC method name, as Google reports it in ErrorInfo metadata */
  method: string;
  /** 'properties/N' when the call is about one property (fault key, access check, quota) */
  property?: string;
}

export type Work = (caller: Caller) => Promise<Record<string, unknown>> | Record<string, unknown>;
export type Serve = (req: FastifyRequest, reply: FastifyReply, route: RouteSpec, work: Work) => Promise<FastifyReply>;

/**
 * The common path of every GA4 API call: injected faults, authentication, scope and property access,
 * realistic concurrency, then the handler. Fault mapping (README): tokenExpired/tokenRevoked -> 401
 * UNAUTHENTICATED, permissionDenied -> 403, rateLimit -> 429 RESOURCE_EXHAUSTED (message chosen by
 * retryAfterSeconds: <= 60 s concurrent requests, <= 1 h tokens per hour, else tokens per day),
 * serverError -> 500 INTERNAL / 503 UNAVAILABLE, timeout -> no answer, malformed -> 200 with cut JSON.
 */
export function createServe(app: FastifyInstance, ctx: EmulatorContext, quota: QuotaTracker): Serve {
  // On shutdown, cut connections that are not answering anything. Node's closeIdleConnections misses a
  // socket the client opened but never sent a request on (fetch leaves one behind after aborting a call
  // held by the timeout fault), and close() would then wait on it until the headers timeout.
  const sockets = new Set<Socket>();
  const held = new Set<Socket>(); // requests held by the timeout fault
  app.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  app.addHook('preClose', async () => {
    for (const socket of sockets) {
      if (held.has(socket) || !(socket as Socket & { _httpMessage?: unknown })._httpMessage) socket.destroy();
    }
  });
  return async (req, reply, route, work) => {
    const cred = credentialOf(req);
    const plan = ctx.faults.take(route.property, cred.token);
    const delay = () => injectFaultLatency(req, plan?.latencyMs);
    const denied = () => (route.api === 'data' ? propertyPermissionDenied() : adminPermissionDenied());
    let caller: Caller;
    try {
      if (plan?.tokenExpired || plan?.tokenRevoked) throw invalidCredentials();
      caller = authenticate(ctx, cred, route.api, route.method);
      if (plan?.permissionDenied) throw denied();
      // properties/0 is the universal metadata every caller may read
      if (route.property && route.property !== 'properties/0' && !canSee(ctx, caller.identity, route.property)) throw denied();
    } catch (e) {
      if (!(e instanceof GoogleApiError)) throw e;
      await delay();
      return sendError(reply, e);
    }
    const property = route.property;
    const slot = ctx.quota.mode === 'realistic' && route.api === 'data' && property !== undefined && property !== 'properties/0';
    if (slot && !quota.acquire(property)) {
      countRefusal(ctx, 'ga4:concurrentRequests');
      await delay();
      return sendError(reply, quotaExhausted('concurrentRequests'));
    }
    try {
      await delay();
      if (plan?.timeout) {
        // never answer: hold the request until the client gives up and closes the socket
        reply.hijack();
        const socket = req.raw.socket;
        held.add(socket);
        await new Promise<void>((resolve) => {
          if (socket.destroyed) resolve();
          else socket.once('close', () => resolve());
        });
        held.delete(socket);
        return reply;
      }
      if (plan?.rateLimit) {
        const wait = plan.rateLimit.retryAfterSeconds;
        return sendError(reply, quotaExhausted(wait <= 60 ? 'concurrentRequests' : wait <= 3600 ? 'tokensPerHour' : 'tokensPerDay'));
      }
      if (plan?.serverError) {
        if (property) {
          // the quota's refusal, not the injected error: counted (common/refusals.ts)
          if (ctx.quota.mode === 'realistic' && quota.serverErrorsExhausted(property, caller.project)) {
            countRefusal(ctx, 'ga4:serverErrorsPerProjectPerHour');
            return sendError(reply, quotaExhausted('serverErrorsPerProjectPerHour'));
          }
          quota.recordServerError(property, caller.project);
        }
        return sendError(reply, serverError(plan.serverError.status ?? 503));
      }
      const body = await work(caller);
      const json = JSON.stringify(wantsIntEnums(req) ? intEnums(body) : body);
      return reply.code(200).header('content-type', 'application/json; charset=UTF-8')
        .send(plan?.malformed ? json.slice(0, Math.max(1, Math.floor(json.length / 2))) : json);
    } catch (e) {
      if (e instanceof GoogleApiError) return sendError(reply, e);
      throw e;
    } finally {
      if (slot) quota.release(property);
    }
  };
}
