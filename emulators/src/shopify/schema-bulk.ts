import { performance } from 'node:perf_hooks';
import type { FieldDef, TypeDef } from './graphql/types.js';
import { countRefusal } from '../common/refusals.js';
import { latencyOn, REALISTIC_LATENCY } from '../common/timing.js';
import { bulkStatus, checkBulkQuery, countBulkFile, renderBulkFile, signedUrl } from './bulk.js';
import { gid, hasScope, parseGid, type ShopifyExec } from './exec-context.js';
import type { BulkOperation } from './state.js';
import { gqlTime } from './time.js';

// BulkOperation and the bulk query mutations. Concurrency: one running bulk query per shop and app
// before API version 2026-01, five from 2026-01 (shopify.dev/api/usage/bulk-operations/queries: "In API versions
// 2026-01 and higher, you can run up to five bulk query operations at a time per shop"; changelog
// faster-bulk-operations). A start over the limit gets the userError OPERATION_IN_PROGRESS naming a running one:
// the platform's documented concurrency limit, so in realistic quota mode it is counted as a quota refusal under its
// own key, `shopify:OPERATION_IN_PROGRESS`, apart from cost throttling (common/refusals.ts).

/** how many bulk query operations an app may run at once on one shop, by API version */
export function bulkQueryLimit(apiVersion: string): number {
  return apiVersion >= '2026-01' || apiVersion === 'unstable' ? 5 : 1;
}

type Types = Record<string, TypeDef<ShopifyExec>>;

const op = (p: unknown): BulkOperation => p as BulkOperation;

export function pollBulk(ctx: ShopifyExec, found: BulkOperation | undefined): BulkOperation | null {
  if (!found) return null;
  bulkStatus(found, ctx, true);
  return found;
}

export function findBulk(ctx: ShopifyExec, id: number): BulkOperation | undefined {
  return ctx.rt.bulkOps.find((b) => b.id === id);
}

export function bulkQueryFields(): Record<string, FieldDef<ShopifyExec>> {
  return {
    currentBulkOperation: {
      type: 'BulkOperation',
      args: { type: 'BulkOperationType' },
      resolve: (_p, args, ctx) => (args.type === 'MUTATION' ? null : pollBulk(ctx, ctx.rt.bulkOps[ctx.rt.bulkOps.length - 1])),
    },
    bulkOperation: { type: 'BulkOperation', args: { id: 'ID!' }, resolve: (_p, args, ctx) => pollBulk(ctx, findBulk(ctx, parseGid(args.id)[1])) },
  };
}

export function bulkMutationFields(): Record<string, FieldDef<ShopifyExec>> {
  return {
    bulkOperationRunQuery: {
      type: 'BulkOperationRunQueryPayload',
      args: { query: 'String!', groupObjects: 'Boolean' },
      resolve: (_p, args, ctx) => {
        const query = String(args.query);
        const check = checkBulkQuery(ctx.schema, query);
        if (!check.ok) return { bulkOperation: null, userErrors: [{ code: 'INVALID', field: ['query'], message: check.message }] };
        const limit = bulkQueryLimit(ctx.apiVersion);
        const running = ctx.rt.bulkOps.filter((b) => ['CREATED', 'RUNNING'].includes(bulkStatus(b, ctx, false)));
        if (running.length >= limit) {
          ctx.rt.bulkConcurrency.refused++;
          countRefusal(ctx.state.ctx, 'shopify:OPERATION_IN_PROGRESS');
          const last = running[running.length - 1] as BulkOperation;
          return {
            bulkOperation: null,
            userErrors: [{ code: 'OPERATION_IN_PROGRESS', field: null, message: `A bulk query operation for this app and shop is already in progress: ${gid('BulkOperation', last.id)}.` }],
          };
        }
        const created: BulkOperation = {
          __node: 'BulkOperation',
          id: ctx.state.nextBulkId(),
          shop: ctx.rt.shop.domain,
          query,
          asOf: ctx.asOf,
          createdAt: ctx.asOf,
          createdReal: performance.now(),
          completedAt: null,
          polls: 0,
          canceled: false,
          errorCode: hasScope(ctx, 'read_orders') ? null : 'ACCESS_DENIED',
          allOrders: ctx.scopes.has('read_all_orders'),
          counts: null,
        };
        if (latencyOn(ctx.state.ctx) && created.errorCode === null) {
          // realistic latency: the export takes its realistic time, by the size of its file: counted now (one line
          // an order: rendered as it downloads), or rendered now (nested connections)
          created.counts = countBulkFile(created, ctx) ?? renderBulkFile(created, ctx);
          created.readyMs = REALISTIC_LATENCY.shopify.bulkBaseMs + (REALISTIC_LATENCY.shopify.bulkPerThousandObjectsMs * created.counts.objects) / 1000;
          created.createdReal = performance.now();
        }
        ctx.rt.bulkOps.push(created);
        if (created.errorCode === null) ctx.rt.bulkConcurrency.peak = Math.max(ctx.rt.bulkConcurrency.peak, running.length + 1);
        return { bulkOperation: created, userErrors: [] };
      },
    },
    bulkOperationCancel: {
      type: 'BulkOperationCancelPayload',
      args: { id: 'ID!' },
      resolve: (_p, args, ctx) => {
        const found = findBulk(ctx, parseGid(args.id)[1]);
        if (!found) return { bulkOperation: null, userErrors: [{ field: ['id'], message: 'Bulk operation does not exist' }] };
        const status = bulkStatus(found, ctx, false);
        if (status !== 'CREATED' && status !== 'RUNNING') {
          return { bulkOperation: found, userErrors: [{ field: null, message: `A bulk operation cannot be canceled when it is ${status.toLowerCase()}` }] };
        }
        found.canceled = true;
        found.completedAt = ctx.asOf;
        return { bulkOperation: found, userErrors: [] };
      },
    },
  };
}

export function bulkTypes(): Types {
  const status = (p: unknown, ctx: ShopifyExec) => bulkStatus(op(p), ctx, false);
  const done = (p: unknown, ctx: ShopifyExec) => ['COMPLETED', 'EXPIRED'].includes(status(p, ctx));
  return {
    BulkOperationType: { kind: 'ENUM', values: ['QUERY', 'MUTATION'] },
    BulkOperationStatus: { kind: 'ENUM', values: ['CREATED', 'RUNNING', 'COMPLETED', 'CANCELING', 'CANCELED', 'FAILED', 'EXPIRED'] },
    BulkOperationErrorCode: { kind: 'ENUM', values: ['ACCESS_DENIED', 'INTERNAL_SERVER_ERROR', 'TIMEOUT'] },
    BulkOperationUserErrorCode: { kind: 'ENUM', values: ['INVALID', 'OPERATION_IN_PROGRESS', 'LIMIT_REACHED'] },
    BulkOperation: {
      kind: 'OBJECT',
      interfaces: ['Node'],
      fields: {
        id: { type: 'ID!', resolve: (p) => gid('BulkOperation', op(p).id) },
        type: { type: 'BulkOperationType!', resolve: () => 'QUERY' },
        query: { type: 'String!' },
        status: { type: 'BulkOperationStatus!', resolve: (p, _a, ctx) => status(p, ctx) },
        errorCode: { type: 'BulkOperationErrorCode', resolve: (p) => op(p).errorCode },
        createdAt: { type: 'DateTime!', resolve: (p) => gqlTime(op(p).createdAt) },
        completedAt: { type: 'DateTime', resolve: (p, _a, ctx) => (done(p, ctx) || op(p).canceled ? gqlTime(op(p).completedAt ?? op(p).createdAt) : null) },
        objectCount: { type: 'UnsignedInt64!', resolve: (p, _a, ctx) => String(done(p, ctx) ? op(p).counts?.objects ?? 0 : Math.floor((op(p).counts?.objects ?? 0) * 0.4)) },
        rootObjectCount: { type: 'UnsignedInt64!', resolve: (p, _a, ctx) => String(done(p, ctx) ? op(p).counts?.roots ?? 0 : 0) },
        fileSize: { type: 'UnsignedInt64', resolve: (p, _a, ctx) => (done(p, ctx) && op(p).counts?.objects && op(p).counts?.bytes != null ? String(op(p).counts?.bytes) : null) },
        url: {
          type: 'URL',
          resolve: (p, _a, ctx) => (status(p, ctx) === 'COMPLETED' && op(p).counts?.objects ? signedUrl(ctx.state.ctx.baseUrl, ctx.state.ctx.world.apps.shopify.clientSecret, ctx.rt, op(p)) : null),
        },
        partialDataUrl: { type: 'URL', resolve: () => null },
      },
    },
    BulkOperationRunQueryPayload: { kind: 'OBJECT', fields: { bulkOperation: { type: 'BulkOperation' }, userErrors: { type: '[BulkOperationUserError!]!' } } },
    BulkOperationCancelPayload: { kind: 'OBJECT', fields: { bulkOperation: { type: 'BulkOperation' }, userErrors: { type: '[UserError!]!' } } },
    BulkOperationUserError: { kind: 'OBJECT', fields: { code: { type: 'BulkOperationUserErrorCode' }, field: { type: '[String!]' }, message: { type: 'String!' } } },
    UserError: { kind: 'OBJECT', fields: { field: { type: '[String!]' }, message: { type: 'String!' } } },
  };
}
