import { PlatformError } from '../platform-error.js';

// Bulk query operations (platform-apis.md 5.3; shopify.dev/api/usage/bulk-operations/queries): start with
// bulkOperationRunQuery, poll node(id) until COMPLETED, then stream the JSONL file at `url` (null when
// the query matched nothing). Before API 2026-01 one bulk query runs per shop and app; a second start gets
// the userError "A bulk query operation for this app and shop is already in progress: gid://…", so we wait
// for that one to finish and start again. node(id:) works on every version (bulkOperation(id:) is 2026-01+,
// currentBulkOperation only sees the newest, which with five concurrent ones need not be ours).

export interface BulkOperationNode {
  id: string;
  status: 'CREATED' | 'RUNNING' | 'COMPLETED' | 'CANCELING' | 'CANCELED' | 'FAILED' | 'EXPIRED';
  errorCode: 'ACCESS_DENIED' | 'INTERNAL_SERVER_ERROR' | 'TIMEOUT' | null;
  objectCount: string | null;
  url: string | null;
}

export interface BulkUserError {
  code: string | null;
  field: string[] | null;
  message: string;
}

export const RUN_BULK_MUTATION = `mutation RunBulk($query: String!) {
  bulkOperationRunQuery(query: $query) { bulkOperation { id status } userErrors { code field message } }
}`;

export const POLL_BULK_QUERY = `query PollBulk($id: ID!) {
  node(id: $id) { ... on BulkOperation { id status errorCode objectCount url } }
}`;

export const CANCEL_BULK_MUTATION = `mutation CancelBulk($id: ID!) {
  bulkOperationCancel(id: $id) { bulkOperation { id status } userErrors { field message } }
}`;

/** the running operation's id when a start was refused because another bulk query is in progress */
export function blockingOperation(errors: BulkUserError[]): string | null | undefined {
  const busy = errors.find((e) => e.code === 'OPERATION_IN_PROGRESS' || /already in progress/i.test(e.message));
  if (!busy) return undefined;
  return /gid:\/\/shopify\/BulkOperation\/\d+/.exec(busy.message)?.[0] ?? null;
}

/** still going: keep polling */
export function isRunning(status: BulkOperationNode['status']): boolean {
  return status === 'CREATED' || status === 'RUNNING' || status === 'CANCELING';
}

/** a finished operation that produced no file: FAILED/CANCELED/EXPIRED as PlatformErrors */
export function bulkFailure(op: BulkOperationNode): PlatformError {
  if (op.status === 'FAILED' && op.errorCode === 'ACCESS_DENIED') {
    // the token lacks read_orders: retrying cannot help (platform-apis.md 5.3 errorCode)
    return new PlatformError('shopify', 'permission', `Shopify refused the bulk export (${op.id}): ACCESS_DENIED`, { code: 'ACCESS_DENIED' });
  }
  return new PlatformError('shopify', 'unavailable', `Shopify bulk operation ${op.id} ended ${op.status}${op.errorCode ? ` (${op.errorCode})` : ''}`, { code: op.errorCode ?? op.status });
}

/**
 * Delays between polls: short first (a month of orders is ready in about a second), then every half second for
 * the first minute (a backfill window's export is ready within it, and an export that sits finished until
 * a 10 s poll notices it is time lost on every window), then doubling to the 10 s Shopify suggests for long
 * exports (platform-apis.md 5.3: poll interval ~3-10 s). A poll costs 1 point of a bucket that refills at
 * 50 or more a second.
 */
export function pollDelays(initialMs = 250, steadyMs = 500, steadyForMs = 60_000, maxMs = 10_000): () => number {
  let next = initialMs;
  let waited = 0;
  return () => {
    const d = next;
    waited += d;
    next = waited < steadyForMs ? Math.min(steadyMs, next * 2) : Math.min(maxMs, Math.max(steadyMs, next) * 2);
    return d;
  };
}

/** the file endpoint said no (expired or bad signature): retrying the same URL cannot help */
export class BulkFileRefused extends Error {
  constructor(readonly status: number) {
    super(`Shopify's bulk result file answered HTTP ${status}`);
  }
}

/** Lines of a byte stream, decoded as UTF-8, without holding the whole file. */
export async function* streamLines(body: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let rest = '';
  for await (const chunk of body) {
    rest += decoder.decode(chunk, { stream: true });
    let nl = rest.indexOf('\n');
    while (nl >= 0) {
      const line = rest.slice(0, nl).replace(/\r$/, '');
      rest = rest.slice(nl + 1);
      if (line.trim()) yield line;
      nl = rest.indexOf('\n');
    }
  }
  rest += decoder.decode();
  if (rest.trim()) yield rest;
}

/**
 * GET the JSONL (a signed storage URL: no access token goes there) and hand each parsed line to `onLine` (awaited
 * when it returns a promise, so a slow consumer slows the download rather than filling memory).
 * Network failures, 5xx, a cut-off body or a torn line are 'unavailable' (retried by the caller); 4xx is
 * BulkFileRefused. Returns the number of lines.
 */
export async function downloadJsonl(url: string, onLine: (value: Record<string, unknown>) => void | Promise<void>, timeoutMs = 30 * 60_000): Promise<number> {
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
  } catch {
    throw new PlatformError('shopify', 'unavailable', 'Shopify bulk result file could not be fetched');
  }
  if (res.status >= 500) throw new PlatformError('shopify', 'unavailable', `Shopify bulk result file answered HTTP ${res.status}`, { status: res.status });
  if (res.status >= 400 || !res.body) throw new BulkFileRefused(res.status);
  let lines = 0;
  const stream = streamLines(res.body)[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<string>;
    try {
      next = await stream.next();
    } catch {
      throw new PlatformError('shopify', 'unavailable', 'Shopify bulk result file was cut off');
    }
    if (next.done) break;
    let value: unknown;
    try {
      value = JSON.parse(next.value);
    } catch {
      throw new PlatformError('shopify', 'unavailable', `Shopify bulk result line ${lines + 1} is not JSON`);
    }
    lines++;
    // onLine's own errors (mapping) go to the caller as they are
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const handled = onLine(value as Record<string, unknown>);
      if (handled) await handled;
    }
  }
  return lines;
}
