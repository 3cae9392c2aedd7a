import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { EmulatorContext } from '../common/context.js';
import { countRefusal } from '../common/refusals.js';
import { addServerTiming } from '../common/timing.js';
import type { Schema } from './graphql/types.js';
import { prepare } from './graphql/validate.js';
import { execute } from './graphql/executor.js';
import { actualCost, requestedCost } from './graphql/cost.js';
import type { ShopifyExec } from './exec-context.js';
import { refill, type ShopifyState, type ShopRuntime } from './state.js';
import { hang, invalidToken, notFoundJson, serverError, tooManyRequests, truncated } from './errors.js';
import { injectFaultLatency } from '../common/timing.js';

// POST /{shop}/admin/api/{version}/graphql.json: auth, faults, cost-based throttling
// (reference 5.6: THROTTLED on HTTP 200, `extensions.cost` on every executed response), execution.

const MAX_QUERY_COST = 1000;
const VERSION = /^(\d{4}-(01|04|07|10)|unstable)$/;

interface CostInfo { requested: number; actual: number | null; available: number; rt: ShopRuntime }

/** extensions JSON written by hand: Shopify sends maximumAvailable/restoreRate as floats ("2000.0") */
function extensionsJson(c: CostInfo, search: ShopifyExec['search']): string {
  const p = c.rt.plan;
  const cost = `{"requestedQueryCost":${c.requested},"actualQueryCost":${c.actual ?? 'null'},"throttleStatus":{"maximumAvailable":${p.maximumAvailable.toFixed(1)},"currentlyAvailable":${Math.floor(c.available)},"restoreRate":${p.restoreRate.toFixed(1)}}}`;
  return `{"cost":${cost}${search.length ? `,"search":${JSON.stringify(search)}` : ''}}`;
}

function withExtensions(body: Record<string, unknown>, ext: string): string {
  const json = JSON.stringify(body);
  return `${json.slice(0, -1)}${json.length > 2 ? ',' : ''}"extensions":${ext}}`;
}

export function registerGraphqlRoute(app: FastifyInstance, ctx: EmulatorContext, state: ShopifyState, schema: Schema<ShopifyExec>): void {
  app.post<{ Params: { shop: string; version: string }; Body: unknown }>('/:shop/admin/api/:version/graphql.json', async (req, reply) => {
    const rt = state.runtime(req.params.shop);
    const version = req.params.version;
    if (!rt || !VERSION.test(version)) return notFoundJson(reply);
    reply.header('x-request-id', randomUUID()).header('x-shopify-api-version', version);
    const tokenHeader = req.headers['x-shopify-access-token'];
    const token = typeof tokenHeader === 'string' ? tokenHeader : undefined;
    const fault = ctx.faults.take(token, rt.shop.domain);
    await injectFaultLatency(req, fault?.latencyMs);
    if (fault?.timeout) return hang(req, reply);
    if (fault?.serverError) return serverError(reply, fault.serverError.status ?? 503);
    if (fault?.tokenExpired || fault?.tokenRevoked) return invalidToken(reply);
    const checked = ctx.tokens.check(token, 'access');
    if (checked.status !== 'valid' || checked.record.subject !== rt.shop.domain || checked.record.clientId !== ctx.world.apps.shopify.clientId) return invalidToken(reply);

    let query: unknown;
    let variables: unknown;
    let operationName: unknown;
    if (typeof req.body === 'string') query = req.body; // Content-Type: application/graphql
    else if (req.body && typeof req.body === 'object') ({ query, variables, operationName } = req.body as Record<string, unknown>);
    if (typeof query !== 'string' || !query.trim()) return reply.code(400).send({ errors: { query: 'Required parameter missing or invalid' } });

    const send = (status: number, text: string): FastifyReply =>
      reply.code(status).header('content-type', 'application/json; charset=utf-8').send(fault?.malformed ? truncated(text) : text);

    const prepared = prepare(schema, query, operationName, variables);
    if (!prepared.ok) return send(200, JSON.stringify({ errors: prepared.errors }));
    const exec: ShopifyExec = {
      schema, state, rt, asOf: ctx.clock.now().getTime(), scopes: new Set(checked.record.scope.split(',').filter(Boolean)),
      apiVersion: version, bulk: false, search: [],
    };
    const requested = requestedCost(schema, prepared.prepared);
    const available = refill(rt, exec.asOf);
    if (requested > MAX_QUERY_COST) {
      const message = `Query cost is ${requested}, which exceeds the single query max cost limit (${MAX_QUERY_COST}).\n\nSee https://shopify.dev/concepts/about-apis/rate-limits for more information on how the\ncost of a query is calculated.\n\nTo query larger amounts of data with fewer limits, bulk operations should be used instead.\nSee https://shopify.dev/tutorials/perform-bulk-operations-with-admin-api for usage details.\n`;
      const body = { errors: [{ message, extensions: { code: 'MAX_COST_EXCEEDED', cost: requested, maxCost: MAX_QUERY_COST, documentation: 'https://shopify.dev/api/usage/rate-limits' } }] };
      return send(200, withExtensions(body, extensionsJson({ requested, actual: null, available, rt }, [])));
    }

    const throttled = (shown: number): FastifyReply => {
      const body = { errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' } }] };
      return send(200, withExtensions(body, extensionsJson({ requested, actual: null, available: shown, rt }, [])));
    };
    if (fault?.rateLimit) {
      const wait = fault.rateLimit.retryAfterSeconds;
      if (state.http429) return tooManyRequests(reply, wait);
      // show a bucket that needs exactly `retryAfterSeconds` to hold this query
      return throttled(Math.max(0, requested - wait * rt.plan.restoreRate));
    }
    const realistic = ctx.quota.mode === 'realistic';
    if (realistic && requested > available) {
      countRefusal(ctx, 'shopify:THROTTLED'); // the rateLimit fault above is not counted
      return throttled(available);
    }
    if (realistic) rt.bucket.available -= requested;

    if (fault?.permissionDenied) {
      const first = prepared.prepared.operation.selections.find((s) => s.kind === 'Field');
      const field = first && first.kind === 'Field' ? first.name : 'query';
      const body = {
        data: null,
        errors: [{ message: `Access denied for ${field} field.`, locations: first ? [first.loc] : [], path: [field], extensions: { code: 'ACCESS_DENIED', documentation: 'https://shopify.dev/api/usage/access-scopes' } }],
      };
      return send(200, withExtensions(body, extensionsJson({ requested, actual: requested, available: rt.bucket.available, rt }, [])));
    }

    const opsBefore = rt.bulkOps.length;
    const result = execute(schema, prepared.prepared, exec);
    // a bulk export this call started: when it will be ready (Server-Timing `job`, realistic latency only)
    const started = rt.bulkOps.length > opsBefore ? rt.bulkOps[rt.bulkOps.length - 1] : undefined;
    if (started?.readyMs !== undefined) addServerTiming(req, 'job', started.readyMs);
    const actual = actualCost(schema, prepared.prepared, result.data);
    if (realistic) rt.bucket.available = Math.min(rt.plan.maximumAvailable, rt.bucket.available + (requested - actual));
    const shown = realistic ? rt.bucket.available : rt.plan.maximumAvailable - actual;
    const body: Record<string, unknown> = { data: result.data };
    if (result.errors.length) body.errors = result.errors;
    return send(200, withExtensions(body, extensionsJson({ requested, actual, available: shown, rt }, exec.search)));
  });
}
