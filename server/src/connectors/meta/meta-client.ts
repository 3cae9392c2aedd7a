import { platformFetch, type HttpResponse } from '../http.js';
import { PlatformError } from '../platform-error.js';
import { withRetry, type RetryOptions } from '../retry.js';
import { metaError, type MetaConfig } from './meta-api.js';
import { BUDGETS, metered, type QuotaCharge, type QuotaGate, type QuotaReport } from '../quota-gate.js';

// One sync's conversation with the Graph API: every call goes through withRetry (throttles waited out
// for Meta's estimated_time_to_regain_access, outages backed off, token errors thrown at once), every
// HTTP attempt is counted (the backfill benchmark's "platform calls"), and once one branch of a pull
// hits a non-retryable error the others stop calling instead of finishing work that will be thrown away.

export interface GraphPage<T> {
  data: T[];
  paging?: { cursors?: { before?: string; after?: string }; next?: string };
}

/**
 * Code 2 / subcode 1504041 "No data is available for the requested metrics and breakdowns" (insights
 * error table, reference 1.7): an answer, not an outage. Not retried, and it does not stop the pull.
 */
export class MetaNoDataError extends PlatformError {}
export const NO_DATA_SUBCODE = 1504041;

/** Reads each answer's headers (the ads_insights budget a backfill paces its report runs by, sync/window-concurrency.ts). */
export interface UsageObserver {
  observe(headers: Headers): void;
}

export class MetaSession {
  calls = 0;
  private failure: PlatformError | undefined;

  constructor(
    readonly config: MetaConfig,
    private readonly accessToken: string,
    readonly retry: RetryOptions = {},
    /** the fleet's quota ledger: the app's and the ad account's hourly budgets (decision 022) */
    private readonly quota?: { gate: QuotaGate; accountId: string },
    /** told of every answer's headers (a backfill's ads_insights budget: sync/window-concurrency.ts) */
    private readonly usage?: UsageObserver,
  ) {}

  /** the sleep used between polls of a report run (the tests' recording sleep when given) */
  sleep(ms: number): Promise<void> {
    return this.retry.sleep ? this.retry.sleep(ms) : new Promise<void>((r) => setTimeout(r, ms));
  }

  url(path: string, params: Record<string, string> = {}): string {
    const url = new URL(`${this.config.graphUrl}/${this.config.version}/${path.replace(/^\//, '')}`);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return url.toString();
  }

  get<T>(url: string): Promise<T> {
    return this.call<T>(url, 'GET');
  }

  /** Graph takes POST parameters as a form body (reference 1.8: "same parameters as form/JSON fields") */
  post<T>(path: string, params: Record<string, string>): Promise<T> {
    return this.call<T>(this.url(path), 'POST', new URLSearchParams(params));
  }

  /** Every page of an edge, following paging.next (a full URL, reference 1.9) until it is absent. */
  async all<T>(firstUrl: string, maxPages = 10_000): Promise<T[]> {
    const out: T[] = [];
    await this.each<T>(firstUrl, (rows) => void out.push(...rows), maxPages);
    return out;
  }

  /**
   * Each page of an edge handed to `onPage` as it arrives, awaited before the next is asked for (decision 019:
   * a large report's rows go to a spool page by page). A page's call is retried whole before it is handed on.
   */
  async each<T>(firstUrl: string, onPage: (rows: T[]) => Promise<void> | void, maxPages = 10_000): Promise<void> {
    let next: string | undefined = firstUrl;
    for (let i = 0; next !== undefined; i++) {
      if (i >= maxPages) throw new PlatformError('meta', 'unavailable', `Meta paging did not end after ${maxPages} pages`);
      const page: GraphPage<T> = await this.get<GraphPage<T>>(next);
      if (!Array.isArray(page?.data)) throw new PlatformError('meta', 'unavailable', 'Meta sent a page without data');
      await onPage(page.data);
      // an empty page ends the edge even if a next link came along (reference 1.9)
      next = page.data.length > 0 ? page.paging?.next : undefined;
    }
  }

  private call<T>(url: string, method: 'GET' | 'POST', body?: URLSearchParams): Promise<T> {
    return withRetry(async () => {
      if (this.failure) throw this.failure;
      let headers: Headers | undefined;
      const res = await metered(
        this.quota?.gate,
        this.quota ? metaCharges(this.config.appId, this.quota.accountId) : [],
        async () => {
          this.calls++;
          const answer = await platformFetch({ platform: 'meta', url, method, body, headers: { authorization: `Bearer ${this.accessToken}` } });
          headers = answer.headers;
          return answer;
        },
        () => (headers && this.quota ? metaUsageReports(headers, this.config.appId, this.quota.accountId) : []),
      );
      this.usage?.observe(res.headers);
      if (res.status >= 400 || hasError(res)) {
        const err = metaError(res.status, res.json, res.headers);
        if (subcode(res.json) === NO_DATA_SUBCODE) throw new MetaNoDataError('meta', 'bad_request', err.message, err.details);
        throw err;
      }
      return res.json as T;
    }, this.retry).catch((e: unknown) => {
      // whatever withRetry gave up on (auth at once, throttles after their attempts) ends the whole pull
      if (e instanceof PlatformError && !(e instanceof MetaNoDataError)) this.failure ??= e;
      throw e;
    });
  }
}

function subcode(body: unknown): number | undefined {
  return (body as { error?: { error_subcode?: number } } | undefined)?.error?.error_subcode;
}

/** suppress_http_code=1 (or a proxy) can deliver Graph errors with HTTP 200 */
function hasError(res: HttpResponse): boolean {
  return typeof res.json === 'object' && res.json !== null && 'error' in res.json;
}

/** A call takes a point of the app's and the ad account's budgets while it runs; the answer's headers say what is used. */
function metaCharges(appId: string, accountId: string): QuotaCharge[] {
  return [
    { budget: BUDGETS.metaApp(appId), cost: 1 },
    { budget: BUDGETS.metaAdAccount(accountId), cost: 1 },
  ];
}

/** The highest of call_count, total_cputime, total_time (and x-ad-account-usage's acc_id_util_pct) in usage entries, in percent. */
function highestPercent(entries: unknown[]): number | undefined {
  let top: number | undefined;
  for (const e of entries as Array<Record<string, unknown> | null>) {
    for (const k of ['call_count', 'total_cputime', 'total_time', 'acc_id_util_pct']) {
      const v = e?.[k];
      if (typeof v === 'number') top = Math.max(top ?? 0, v);
    }
  }
  return top;
}

function parseHeader(raw: string | null): unknown {
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined; // a malformed usage header is not worth failing the call for
  }
}

/**
 * x-app-usage (the app, every brand's calls) and the ad account's own usage as ledger reports: nothing charged
 * beyond what the headers say is used (reference 1.6). x-business-use-case-usage is keyed by ad account and may
 * list others the token reaches: only this account's entries count; x-ad-account-usage is the account in the path.
 */
export function metaUsageReports(headers: Headers, appId: string, accountId: string): QuotaReport[] {
  const app = BUDGETS.metaApp(appId);
  const account = BUDGETS.metaAdAccount(accountId);
  const digits = accountId.replace(/^act_/, '');
  const appUsage = parseHeader(headers.get('x-app-usage'));
  const appUsed = appUsage && typeof appUsage === 'object' ? highestPercent([appUsage]) : undefined;
  const buc = parseHeader(headers.get('x-business-use-case-usage')) as Record<string, unknown> | undefined;
  const bucEntries = buc && typeof buc === 'object' ? [buc[digits], buc[`act_${digits}`]].flat().filter((e) => e !== undefined) : [];
  const accountUsage = parseHeader(headers.get('x-ad-account-usage'));
  const accountUsed = highestPercent([...bucEntries, ...(accountUsage && typeof accountUsage === 'object' ? [accountUsage] : [])]);
  return [
    { budget: app, charged: 0, ...(appUsed === undefined ? {} : { remaining: app.capacity - appUsed }) },
    { budget: account, charged: 0, ...(accountUsed === undefined ? {} : { remaining: account.capacity - accountUsed }) },
  ];
}
