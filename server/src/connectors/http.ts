import { yieldToEventLoop } from '../lib/event-loop.js';
import { PlatformError } from './platform-error.js';

export interface HttpRequest {
  platform: string;
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  /** JSON body (object) or a form body (URLSearchParams) */
  body?: unknown;
  timeoutMs?: number;
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  /** parsed JSON, or undefined when the body was empty */
  json: unknown;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/** Retry-After in seconds or as an HTTP date (RFC 9110 10.2.3), in ms from now. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * One HTTP call to a platform: timeout, JSON parsing, and the failures every platform shares (network,
 * timeout, malformed body) turned into PlatformError('unavailable'). Status codes are the caller's to
 * classify, since each platform says "expired token" differently.
 */
export async function platformFetch(req: HttpRequest): Promise<HttpResponse> {
  const isForm = req.body instanceof URLSearchParams;
  let res: Response;
  try {
    res = await fetch(req.url, {
      method: req.method ?? (req.body === undefined ? 'GET' : 'POST'),
      headers: {
        accept: 'application/json',
        ...(req.body === undefined ? {} : { 'content-type': isForm ? 'application/x-www-form-urlencoded' : 'application/json' }),
        ...req.headers,
      },
      body: req.body === undefined ? undefined : isForm ? String(req.body) : JSON.stringify(req.body),
      signal: AbortSignal.timeout(req.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      redirect: 'manual',
    });
  } catch (e) {
    const timedOut = (e as Error).name === 'TimeoutError' || (e as Error).name === 'AbortError';
    throw new PlatformError(req.platform, 'unavailable', timedOut ? `${req.platform} did not answer in time` : `${req.platform} could not be reached`);
  }
  let text: string;
  try {
    text = await res.text();
  } catch {
    // the connection dropped mid-answer: retryable like an outage, never an empty answer
    throw new PlatformError(req.platform, 'unavailable', `${req.platform} stopped answering mid-response (HTTP ${res.status})`, { status: res.status });
  }
  let json: unknown;
  if (text.length > 0) {
    try {
      json = JSON.parse(text);
    } catch {
      throw new PlatformError(req.platform, 'unavailable', `${req.platform} sent a malformed response (HTTP ${res.status})`, { status: res.status });
    }
    // a large answer's parse and its caller's mapping are two steps, not one long hold on the thread
    if (text.length > 1_000_000) await yieldToEventLoop();
  }
  return { status: res.status, headers: res.headers, json };
}
