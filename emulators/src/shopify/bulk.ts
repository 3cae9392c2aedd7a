import { createHmac, timingSafeEqual } from 'node:crypto';
import { closeSync, openSync, read, rmSync, writeSync } from 'node:fs';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FieldNode, Selection } from './graphql/parser.js';
import { Executor } from './graphql/executor.js';
import { cachedFields, collectFields, fieldsOf, namedType, parseTypeString, type Prepared, type Schema } from './graphql/types.js';
import { prepare } from './graphql/validate.js';
import { countOrders, eachListedOrder, type OrderSortKey } from './order-query.js';
import type { ShopifyExec } from './exec-context.js';
import type { BulkFile, BulkOperation, BulkStatus, ShopRuntime } from './state.js';

// Bulk query operations (shopify.dev/api/usage/bulk-operations/queries): the query runs "in the
// background" (here: CREATED -> RUNNING on the first poll -> COMPLETED on the second, or after
// ~1.5 s of real time / 2 s of emulator clock), then its JSONL is served from a signed URL that
// expires 7 days after completion. Nested connections are flattened into their own lines with
// `__parentId`; lists (e.g. `refunds`) stay inline, exactly like Shopify's files.

const DAY_MS = 86_400_000;
export const URL_TTL_MS = 7 * DAY_MS;

export type BulkCheck = { ok: true; prepared: Prepared } | { ok: false; message: string };

/** Shopify's bulk query restrictions, on top of ordinary validation */
export function checkBulkQuery(schema: Schema<ShopifyExec>, query: string): BulkCheck {
  const r = prepare(schema, query, undefined, {});
  if (!r.ok) return { ok: false, message: `Invalid bulk query: ${r.errors.map((e) => e.message).join(', ')}` };
  const { prepared } = r;
  if (prepared.operation.operation !== 'query') return { ok: false, message: 'Invalid bulk query: bulk queries must be query operations' };
  if (prepared.operation.variables.length) return { ok: false, message: 'Invalid bulk query: variables are not supported in bulk queries' };
  const roots = [...collectFields(schema, prepared, schema.query, prepared.operation.selections).values()];
  const root = roots[0]?.[0];
  if (root && (root.name === 'node' || root.name === 'nodes')) return { ok: false, message: 'Invalid bulk query: Bulk queries cannot contain a top level `node` or `nodes` field.' };
  if (roots.length !== 1 || !root || root.name !== 'orders') {
    return { ok: false, message: 'Invalid bulk query: the sandbox runs bulk queries with exactly one top-level connection field, `orders`.' };
  }
  const stats = { connections: 0, depth: 0, missingId: [] as string[] };
  scanConnections(schema, prepared, 'QueryRoot', prepared.operation.selections, 0, stats, true);
  if (stats.connections > 5) return { ok: false, message: `Invalid bulk query: Queries that contain more than 5 connections are not allowed (found ${stats.connections}).` };
  if (stats.depth > 2) return { ok: false, message: 'Invalid bulk query: Bulk queries cannot contain connections with a nesting depth greater than 2.' };
  if (stats.missingId.length) return { ok: false, message: `Invalid bulk query: The parent 'node' field for a nested connection must select the 'id' field. Connection fields without 'id': ${stats.missingId.join(', ')}.` };
  return { ok: true, prepared };
}

function scanConnections(schema: Schema<ShopifyExec>, prepared: Prepared, typeName: string, selections: Selection[], depth: number, stats: { connections: number; depth: number; missingId: string[] }, parentHasId: boolean): void {
  for (const nodes of collectFields(schema, prepared, typeName, selections).values()) {
    const f = nodes[0] as FieldNode;
    const def = fieldsOf(schema, typeName)?.[f.name];
    if (!def || !f.selections) continue;
    const ret = namedType(parseTypeString(def.type));
    if (ret.endsWith('Connection')) {
      stats.connections++;
      stats.depth = Math.max(stats.depth, depth + 1);
      if (depth > 0 && !parentHasId) stats.missingId.push(f.name);
      const item = itemSelections(schema, prepared, ret, f.selections);
      const hasId = [...collectFields(schema, prepared, item.type, item.selections).values()].some((n) => n[0]?.name === 'id');
      scanConnections(schema, prepared, item.type, item.selections, depth + 1, stats, hasId);
    } else scanConnections(schema, prepared, ret, f.selections, depth, stats, parentHasId);
  }
}

/** the node type of a connection and the selections asked of each node (edges.node and nodes merged) */
const itemCache = new WeakMap<Selection[], { type: string; selections: Selection[] }>();

export function itemSelections(schema: Schema<ShopifyExec>, prepared: Prepared, connType: string, selections: Selection[]): { type: string; selections: Selection[] } {
  const hit = itemCache.get(selections);
  if (hit) return hit;
  const result = computeItemSelections(schema, prepared, connType, selections);
  itemCache.set(selections, result);
  return result;
}

function computeItemSelections(schema: Schema<ShopifyExec>, prepared: Prepared, connType: string, selections: Selection[]): { type: string; selections: Selection[] } {
  const fields = fieldsOf(schema, connType) ?? {};
  const nodeType = namedType(parseTypeString(fields.nodes?.type ?? 'Node'));
  const out: Selection[] = [];
  for (const nodes of collectFields(schema, prepared, connType, selections).values()) {
    for (const n of nodes) {
      if (n.name === 'nodes') out.push(...(n.selections ?? []));
      if (n.name === 'edges') {
        const edgeType = namedType(parseTypeString(fields.edges?.type ?? ''));
        for (const e of collectFields(schema, prepared, edgeType, n.selections ?? []).values()) for (const en of e) if (en.name === 'node') out.push(...(en.selections ?? []));
      }
    }
  }
  return { type: nodeType, selections: out };
}

/** move the bulk operation along (a poll counts as a step) and return its status */
export function bulkStatus(op: BulkOperation, exec: ShopifyExec, poll: boolean): BulkStatus {
  if (poll) op.polls++;
  const now = exec.asOf;
  if (op.canceled) return 'CANCELED';
  if (op.errorCode) return 'FAILED';
  if (op.completedAt === null) {
    const realElapsed = performance.now() - op.createdReal;
    // realistic latency: done after its realistic run time only (common/timing.ts)
    const ready = op.readyMs !== undefined ? realElapsed >= op.readyMs : op.polls >= 2 || realElapsed >= 1500 || now - op.createdAt >= 2000;
    if (ready) {
      op.counts ??= renderBulkFile(op, exec);
      // a plausible run time: a second plus ~1 s per 20k objects, on the emulator clock
      op.completedAt = Math.max(now, op.createdAt + 1000 + Math.round(op.counts.objects / 20));
    }
  }
  if (op.completedAt !== null) return now > op.completedAt + URL_TTL_MS ? 'EXPIRED' : 'COMPLETED';
  return op.polls > 0 || now > op.createdAt ? 'RUNNING' : 'CREATED';
}

/**
 * Files kept rendered per shop (the newest); an older one is rendered again, as a stream, if someone downloads it.
 * More than the five bulk queries a shop may run at once, so a backfill's windows are each rendered once.
 */
const KEPT_FILES = 8;
const CHUNK_BYTES = 1 << 20;

/** rendered files this process holds open */
let openFiles = 0;
let fileSeq = 0;

/**
 * Render the export's JSONL once (what Shopify writes to storage when the operation finishes): its counts, and
 * the file, which the file URL then streams as it is. Written a megabyte at a time to a temp file that is unlinked
 * as soon as it is open, so a large store's quarter (hundreds of thousands of orders) is never one string in
 * memory and nothing is left on disk however the process ends (a killed test worker too): the open descriptor
 * is the file, closed when the operation's file is dropped and no download is reading it.
 */
export function renderBulkFile(op: BulkOperation, exec: ShopifyExec): { objects: number; roots: number; bytes: number } {
  let objects = 0;
  let roots = 0;
  let bytes = 0;
  const path = join(tmpdir(), `parallels-emulator-bulk-${process.pid}-${++fileSeq}.jsonl`);
  const fd = openSync(path, 'w+');
  openFiles++;
  rmSync(path, { force: true });
  const file: BulkFile = { fd, bytes: 0, readers: 0, dropped: false };
  try {
    let buf = '';
    for (const { line, root } of bulkLines(op, exec)) {
      objects++;
      if (root) roots++;
      buf += `${line}\n`;
      if (buf.length > CHUNK_BYTES) {
        bytes += writeSync(fd, buf);
        buf = '';
      }
    }
    if (buf) bytes += writeSync(fd, buf);
  } catch (e) {
    dropFile(file);
    throw e;
  }
  file.bytes = bytes;
  if (op.file) dropFile(op.file);
  op.file = file;
  const rendered = exec.rt.bulkOps.filter((b) => b !== op && b.file);
  for (const old of rendered.slice(0, Math.max(0, rendered.length - (KEPT_FILES - 1)))) {
    dropFile(old.file!);
    delete old.file;
  }
  return { objects, roots, bytes };
}

function dropFile(file: BulkFile): void {
  file.dropped = true;
  if (file.readers > 0 || file.fd < 0) return;
  closeSync(file.fd);
  file.fd = -1;
  openFiles--;
}

const readAt = promisify(read);

/**
 * A rendered file as a stream (the file URL's answer), read at positions so that downloads of one file run side by
 * side; undefined when the operation's file was dropped (the caller renders it again as a stream).
 */
export function bulkFileStream(op: BulkOperation): Readable | undefined {
  const file = op.file;
  if (!file || file.fd < 0) return undefined;
  file.readers++;
  async function* chunks(f: BulkFile): AsyncGenerator<Buffer> {
    try {
      for (let pos = 0; pos < f.bytes; ) {
        const buf = Buffer.allocUnsafe(Math.min(1 << 16, f.bytes - pos));
        const { bytesRead } = await readAt(f.fd, buf, 0, buf.length, pos);
        if (bytesRead === 0) break;
        pos += bytesRead;
        yield bytesRead === buf.length ? buf : buf.subarray(0, bytesRead);
      }
    } finally {
      f.readers--;
      if (f.dropped) dropFile(f);
    }
  }
  return Readable.from(chunks(file));
}

/** the rendered files this process holds open (tests: bounded) */
export function renderedBulkFiles(): number {
  return openFiles;
}

/**
 * An export's counts without rendering it, when each order is one line (no nested connection): what realistic
 * latency needs at the start (the run time follows the size). Its file is then rendered as it is downloaded
 * (streamed: a large store's quarter is never held in memory or on disk) and its size is not known (`fileSize`
 * null). Undefined for a query with nested connections (rendered whole, as at completion).
 */
export function countBulkFile(op: BulkOperation, exec: ShopifyExec): { objects: number; roots: number; bytes: null } | undefined {
  const check = checkBulkQuery(exec.schema, op.query);
  if (!check.ok) return undefined;
  const { prepared } = check;
  const rootField = [...collectFields(exec.schema, prepared, 'QueryRoot', prepared.operation.selections).values()][0]?.[0] as FieldNode;
  const item = itemSelections(exec.schema, prepared, 'OrderConnection', rootField.selections ?? []);
  if (connectionKeys(exec.schema, prepared, item.type, item.selections).length > 0) return undefined;
  const query = rootField.args.find((a) => a.name === 'query')?.value;
  const roots = countOrders(exec.rt.orders, op.asOf, query?.kind === 'String' ? query.value : undefined, op.allOrders);
  return { objects: roots, roots, bytes: null };
}

/** the JSONL lines of an operation, as of the instant it was started */
export function* bulkLines(op: BulkOperation, exec: ShopifyExec): Generator<{ line: string; root: boolean }> {
  const check = checkBulkQuery(exec.schema, op.query);
  if (!check.ok) return;
  const { prepared } = check;
  const bulkExec: ShopifyExec = { ...exec, asOf: op.asOf, bulk: true, scopes: exec.scopes, search: [] };
  const rootField = [...collectFields(exec.schema, prepared, 'QueryRoot', prepared.operation.selections).values()][0]?.[0] as FieldNode;
  const args = Object.fromEntries(rootField.args.map((a) => [a.name, a.value.kind === 'String' || a.value.kind === 'Enum' ? a.value.value : a.value.kind === 'Boolean' ? a.value.value : undefined]));
  const sortKey = (typeof args.sortKey === 'string' ? args.sortKey : 'ID') as OrderSortKey;
  const listing = eachListedOrder(bulkExec.rt.orders, op.asOf, typeof args.query === 'string' ? args.query : undefined, sortKey, args.reverse === true, op.allOrders);
  const item = itemSelections(exec.schema, prepared, 'OrderConnection', rootField.selections ?? []);
  const executor = new Executor(exec.schema, prepared, bulkExec);
  for (const order of listing) {
    const obj = executor.selectionSet(item.type, order, item.selections);
    yield* flatten(exec.schema, prepared, item.type, item.selections, obj, undefined);
  }
}

function* flatten(schema: Schema<ShopifyExec>, prepared: Prepared, typeName: string, selections: Selection[], obj: Record<string, unknown>, parentId: string | undefined): Generator<{ line: string; root: boolean }> {
  const connections = connectionKeys(schema, prepared, typeName, selections);
  let line = obj;
  const children: Array<{ type: string; selections: Selection[]; items: Array<Record<string, unknown>> }> = [];
  if (connections.length || parentId !== undefined) {
    // a fresh object (rather than `delete`) keeps the fast property layout JSON.stringify likes
    line = {};
    for (const key in obj) if (!connections.some((c) => c.key === key)) line[key] = obj[key];
    for (const c of connections) {
      const conn = obj[c.key] as { edges?: Array<{ node?: Record<string, unknown> }>; nodes?: Array<Record<string, unknown>> } | null;
      if (!conn) continue;
      const items = conn.nodes ?? (conn.edges ?? []).map((e) => e.node ?? {});
      children.push({ type: c.item.type, selections: c.item.selections, items });
    }
    if (parentId !== undefined) line.__parentId = parentId;
  }
  yield { line: JSON.stringify(line), root: parentId === undefined };
  const id = typeof obj.id === 'string' ? obj.id : '';
  for (const c of children) for (const child of c.items) yield* flatten(schema, prepared, c.type, c.selections, child, id);
}

type ConnectionKey = { key: string; item: { type: string; selections: Selection[] } };
const connectionCache = new WeakMap<Selection[], Map<string, ConnectionKey[]>>();

/** response keys of the nested connections in a selection set, with their node selections (memoised) */
function connectionKeys(schema: Schema<ShopifyExec>, prepared: Prepared, typeName: string, selections: Selection[]): ConnectionKey[] {
  let byType = connectionCache.get(selections);
  if (!byType) {
    byType = new Map();
    connectionCache.set(selections, byType);
  }
  let keys = byType.get(typeName);
  if (!keys) {
    keys = [];
    for (const [key, nodes] of cachedFields(schema, prepared, typeName, selections)) {
      const def = fieldsOf(schema, typeName)?.[(nodes[0] as FieldNode).name];
      const ret = def ? namedType(parseTypeString(def.type)) : '';
      if (!ret.endsWith('Connection')) continue;
      const merged = nodes.length === 1 ? nodes[0]?.selections ?? [] : nodes.flatMap((n) => n.selections ?? []);
      keys.push({ key, item: itemSelections(schema, prepared, ret, merged) });
    }
    byType.set(typeName, keys);
  }
  return keys;
}

/** the emulator's stand-in for a signed storage URL */
export function signedUrl(baseUrl: string, secret: string, rt: ShopRuntime, op: BulkOperation): string {
  const expires = Math.floor(((op.completedAt ?? op.createdAt) + URL_TTL_MS) / 1000);
  return `${baseUrl}/${rt.shop.domain}/bulk-results/${op.id}.jsonl?Expires=${expires}&Signature=${signature(secret, rt.shop.domain, op.id, expires)}`;
}

export function signature(secret: string, shop: string, id: number, expires: number): string {
  return createHmac('sha256', secret).update(`${shop}/${id}/${expires}`).digest('hex');
}

export function signatureValid(secret: string, shop: string, id: number, expires: number, given: string): boolean {
  const want = Buffer.from(signature(secret, shop, id, expires));
  const got = Buffer.from(given);
  return want.length === got.length && timingSafeEqual(want, got);
}
