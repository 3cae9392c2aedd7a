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
  /** the caller gave up on the call (a sibling call of its pull failed): the request is cancelled and its reason thrown */
  signal?: AbortSignal;
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
  const res = await platformRequest(req);
  return { status: res.status, headers: res.headers, json: await readJson(req.platform, res) };
}

/**
 * The request alone, its body left unread: for answers too large to hold (Google Ads searchStream), read with
 * `jsonArrayElements`; anything else with `readJson`. Network failures and timeouts are 'unavailable', as in
 * platformFetch. The timeout covers reading the body too.
 */
export async function platformRequest(req: HttpRequest): Promise<Response> {
  const isForm = req.body instanceof URLSearchParams;
  try {
    return await fetch(req.url, {
      method: req.method ?? (req.body === undefined ? 'GET' : 'POST'),
      headers: {
        accept: 'application/json',
        ...(req.body === undefined ? {} : { 'content-type': isForm ? 'application/x-www-form-urlencoded' : 'application/json' }),
        ...req.headers,
      },
      body: req.body === undefined ? undefined : isForm ? String(req.body) : JSON.stringify(req.body),
      signal: req.signal ? AbortSignal.any([req.signal, AbortSignal.timeout(req.timeoutMs ?? DEFAULT_TIMEOUT_MS)]) : AbortSignal.timeout(req.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      redirect: 'manual',
    });
  } catch (e) {
    if (req.signal?.aborted) throw req.signal.reason;
    const timedOut = (e as Error).name === 'TimeoutError' || (e as Error).name === 'AbortError';
    throw new PlatformError(req.platform, 'unavailable', timedOut ? `${req.platform} did not answer in time` : `${req.platform} could not be reached`);
  }
}

/** A whole answer's JSON (undefined when the body was empty); a dropped connection or a malformed body is 'unavailable'. */
export async function readJson(platform: string, res: Response): Promise<unknown> {
  let text: string;
  try {
    text = await res.text();
  } catch {
    throw stoppedMidAnswer(platform, res.status);
  }
  let json: unknown;
  if (text.length > 0) {
    try {
      json = JSON.parse(text);
    } catch {
      throw malformed(platform, res.status);
    }
    // a large answer's parse and its caller's mapping are two steps, not one long hold on the thread
    if (text.length > 1_000_000) await yieldToEventLoop();
  }
  return json;
}

// the connection dropped mid-answer: retryable like an outage, never an empty answer
const stoppedMidAnswer = (platform: string, status: number) =>
  new PlatformError(platform, 'unavailable', `${platform} stopped answering mid-response (HTTP ${status})`, { status });
const malformed = (platform: string, status: number) => new PlatformError(platform, 'unavailable', `${platform} sent a malformed response (HTTP ${status})`, { status });

/**
 * The elements of an answer that is one JSON array (`[{...}, {...}]`), each parsed as soon as its last byte has
 * arrived, so only one element's text is held at a time, never the whole answer. An empty body has no elements.
 * Failures are classified as platformFetch classifies them: a connection dropped mid-answer (or a timeout while
 * reading) is 'stopped answering mid-response', a body that ends inside the array or holds invalid JSON is
 * 'malformed', both 'unavailable'; an answer that is JSON but not an array is 'unavailable' too.
 */
export async function* jsonArrayElements(platform: string, res: Response): AsyncGenerator<unknown> {
  const splitter = new JsonArraySplitter();
  const decoder = new TextDecoder();
  const chunks = res.body?.[Symbol.asyncIterator]();
  if (!chunks) return;
  let ended = false;
  try {
    while (!ended) {
      let next: IteratorResult<Uint8Array>;
      try {
        next = await chunks.next();
      } catch {
        ended = true; // the stream is errored: nothing to cancel
        throw stoppedMidAnswer(platform, res.status);
      }
      ended = next.done === true;
      const text = next.done ? decoder.decode() : decoder.decode(next.value, { stream: true });
      let elements: string[];
      try {
        elements = splitter.push(text);
        if (next.done) splitter.end();
      } catch (e) {
        if (e instanceof NotAnArray) throw new PlatformError(platform, 'unavailable', `${platform} sent an answer that is not a JSON array (HTTP ${res.status})`, { status: res.status });
        throw malformed(platform, res.status);
      }
      for (const element of elements) {
        let value: unknown;
        try {
          value = JSON.parse(element);
        } catch {
          throw malformed(platform, res.status);
        }
        yield value;
      }
    }
  } finally {
    // left early (a malformed element, an error element, the caller's own failure): cancel the rest of the body
    // so its connection is closed now, not when the timeout fires
    if (!ended) await chunks.return?.().catch(() => undefined);
  }
}

class NotAnArray extends Error {}

/**
 * Cuts the text of a top-level JSON array into its elements' texts as it arrives in pieces. It only tracks
 * nesting, strings and escapes (JSON.parse checks each element); each piece of text is scanned once, and an
 * element's pieces are joined only when it is complete.
 */
export class JsonArraySplitter {
  /** the unfinished element's text so far, in the pieces it came in */
  private pieces: string[] = [];
  private state: 'before' | 'first' | 'between' | 'element' | 'after' = 'before';
  private depth = 0;
  private inString = false;
  private escaped = false;

  /** The elements this piece of text completes, as JSON texts. */
  push(text: string): string[] {
    const out: string[] = [];
    let start = 0; // where the current element begins in `text` (0: it began in an earlier piece)
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (this.state === 'element') {
        if (this.inString) {
          if (this.escaped) this.escaped = false;
          else if (c === BACKSLASH) this.escaped = true;
          else if (c === QUOTE) this.inString = false;
        } else if (c === QUOTE) this.inString = true;
        else if (c === OPEN_BRACE || c === OPEN_BRACKET) this.depth++;
        else if (this.depth > 0 && (c === CLOSE_BRACE || c === CLOSE_BRACKET)) this.depth--;
        else if (this.depth === 0 && (c === COMMA || c === CLOSE_BRACKET)) {
          this.pieces.push(text.slice(start, i));
          out.push(this.pieces.join(''));
          this.pieces = [];
          this.state = c === COMMA ? 'between' : 'after';
        }
        continue;
      }
      if (c === SPACE || c === NEWLINE || c === RETURN || c === TAB) continue;
      if (this.state === 'before') {
        if (c !== OPEN_BRACKET) throw new NotAnArray();
        this.state = 'first';
      } else if (this.state === 'first' && c === CLOSE_BRACKET) {
        this.state = 'after';
      } else if (this.state === 'first' || this.state === 'between') {
        this.state = 'element';
        start = i;
        i--; // scan this character again as the element's first
      } else {
        throw new SyntaxError('text after the end of the array');
      }
    }
    if (this.state === 'element') this.pieces.push(text.slice(start));
    return out;
  }

  /** The body ended: anything but a closed array is a malformed (cut-off) answer. An empty body has no elements. */
  end(): void {
    if (this.state !== 'after' && this.state !== 'before') throw new SyntaxError('the answer ended inside the array');
  }
}

const code = (c: string) => c.charCodeAt(0);
const QUOTE = code('"');
const BACKSLASH = code('\\');
const COMMA = code(',');
const OPEN_BRACE = code('{');
const CLOSE_BRACE = code('}');
const OPEN_BRACKET = code('[');
const CLOSE_BRACKET = code(']');
const SPACE = code(' ');
const NEWLINE = code('\n');
const RETURN = code('\r');
const TAB = code('\t');
