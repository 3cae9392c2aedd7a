import { platformFetch } from '../http.js';
import { PlatformError } from '../platform-error.js';

/** Where and how we reach Meta: the emulator in sandbox mode, graph.facebook.com in production. */
export interface MetaConfig {
  graphUrl: string;
  dialogUrl: string;
  version: string;
  appId: string;
  appSecret: string;
}

interface GraphErrorBody {
  error?: { message?: string; type?: string; code?: number; error_subcode?: number };
}

const RATE_LIMIT_CODES = new Set([4, 17, 32, 613, 80000, 80001, 80002, 80003, 80004, 80005, 80006, 80008, 80009, 80014]);

/**
 * Meta's throttling headers carry `estimated_time_to_regain_access` in minutes, per ad account
 * (x-business-use-case-usage) or for the account (x-ad-account-usage). The longest one wins.
 */
export function regainAccessMs(headers: Headers): number | undefined {
  let minutes: number | undefined;
  const consider = (v: unknown) => {
    if (typeof v === 'number' && v > 0) minutes = Math.max(minutes ?? 0, v);
  };
  for (const name of ['x-business-use-case-usage', 'x-ad-account-usage', 'x-app-usage']) {
    const raw = headers.get(name);
    if (!raw) continue;
    try {
      const parsed = JSON.parse(raw) as unknown;
      const entries = Array.isArray(parsed) ? parsed : typeof parsed === 'object' && parsed ? Object.values(parsed).flat() : [];
      for (const e of [parsed, ...entries]) consider((e as { estimated_time_to_regain_access?: unknown })?.estimated_time_to_regain_access);
    } catch {
      // a malformed usage header is not worth failing the call for
    }
  }
  return minutes === undefined ? undefined : minutes * 60_000;
}

/** Meta's error envelope to our classification (platform-apis.md 1.10, 1.11). */
export function metaError(status: number, body: unknown, headers: Headers): PlatformError {
  const err = (body as GraphErrorBody | undefined)?.error;
  const code = err?.code;
  const message = err?.message ?? `Meta answered HTTP ${status}`;
  const details = { status, code: code === undefined ? undefined : String(code) };
  if (code === 190 || code === 102 || err?.type === 'OAuthException' && (code === 463 || code === 467)) return new PlatformError('meta', 'auth', message, details);
  if (code !== undefined && RATE_LIMIT_CODES.has(code)) return new PlatformError('meta', 'rate_limit', message, { ...details, retryAfterMs: regainAccessMs(headers) ?? 60_000 });
  if (code === 10 || code === 200 || (code !== undefined && code >= 200 && code < 300)) return new PlatformError('meta', 'permission', message, details);
  if (status >= 500 || code === 1 || code === 2) return new PlatformError('meta', 'unavailable', message, details);
  return new PlatformError('meta', 'bad_request', message, details);
}

export async function graphGet<T>(config: MetaConfig, path: string, params: Record<string, string>, accessToken: string): Promise<T> {
  const url = new URL(`${config.graphUrl}/${config.version}/${path.replace(/^\//, '')}`);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  const res = await platformFetch({ platform: 'meta', url: url.toString(), headers: { authorization: `Bearer ${accessToken}` } });
  if (res.status >= 400 || (res.json as GraphErrorBody | undefined)?.error) throw metaError(res.status, res.json, res.headers);
  return res.json as T;
}

/** Follows `paging.next` to the end (bounded, so a looping cursor cannot run forever). */
export async function graphGetAll<T>(config: MetaConfig, path: string, params: Record<string, string>, accessToken: string, maxPages = 200): Promise<T[]> {
  const out: T[] = [];
  let page = await graphGet<{ data: T[]; paging?: { next?: string } }>(config, path, params, accessToken);
  out.push(...page.data);
  for (let i = 1; page.paging?.next && i < maxPages; i++) {
    const res = await platformFetch({ platform: 'meta', url: page.paging.next, headers: { authorization: `Bearer ${accessToken}` } });
    if (res.status >= 400) throw metaError(res.status, res.json, res.headers);
    page = res.json as typeof page;
    out.push(...page.data);
  }
  return out;
}
