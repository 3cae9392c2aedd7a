import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors, rateLimitError, type GraphError } from './errors.js';
import type { MetaFaultPlan } from './state.js';
import { injectFaultLatency } from '../common/timing.js';

// Request plumbing shared by every Graph route: the version segment, merged query/body params, the
// access token (query, body or Authorization header), sending JSON with Graph's headers, and turning an
// injected fault plan into Meta's wire format.

export interface GraphRequest {
  method: string;
  /** 'v25.0'; Graph accepts unversioned calls too (the app's default version) */
  version: string;
  versioned: boolean;
  segments: string[];
  params: Record<string, string>;
  token: string | undefined;
  /** the token came in the URL, so paging links repeat it (as Graph's do) */
  tokenInQuery: boolean;
}

export const DEFAULT_VERSION = 'v25.0';

/** repeated query/form keys keep the last value; JSON bodies keep arrays and objects as JSON text */
function flatten(source: unknown, json: boolean): Record<string, string> {
  const out: Record<string, string> = {};
  if (!source || typeof source !== 'object') return out;
  for (const [k, v] of Object.entries(source as Record<string, unknown>)) {
    if (v === undefined || v === null) continue;
    const last = Array.isArray(v) && !json ? v[v.length - 1] : v;
    out[k] = typeof last === 'string' ? last : typeof last === 'number' || typeof last === 'boolean' ? String(last) : JSON.stringify(last);
  }
  return out;
}

export function parseRequest(req: FastifyRequest): GraphRequest {
  const path = (req.params as Record<string, string>)['*'] ?? '';
  const segments = path.split('/').filter(Boolean).map((s) => decodeURIComponent(s));
  let version = DEFAULT_VERSION;
  let versioned = false;
  if (segments[0] && /^v\d+\.\d+$/.test(segments[0])) {
    version = segments.shift() ?? DEFAULT_VERSION;
    versioned = true;
  }
  const query = flatten(req.query, false);
  const params = { ...query, ...flatten(req.body, /json/i.test(req.headers['content-type'] ?? '')) };
  const auth = req.headers.authorization;
  const headerToken = auth && /^(Bearer|OAuth)\s+/i.test(auth) ? auth.replace(/^(Bearer|OAuth)\s+/i, '').trim() : undefined;
  return { method: req.method, version, versioned, segments, params, token: params.access_token ?? headerToken, tokenInQuery: query.access_token !== undefined };
}

export function sendJson(reply: FastifyReply, status: number, body: string, headers: Record<string, string>): FastifyReply {
  return reply.code(status).headers(headers).type('application/json; charset=UTF-8').send(body);
}

export function errorJson(e: GraphError, trace: string): string {
  return JSON.stringify({ error: { ...e.body, fbtrace_id: trace } });
}

/** never answer: resolve once the client gives up and the socket closes */
export async function hang(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.hijack();
  const socket = req.raw.socket;
  if (socket.destroyed) return;
  await new Promise<void>((resolve) => socket.once('close', () => resolve()));
}

export type FaultOutcome = { kind: 'none' } | { kind: 'hang' } | { kind: 'error'; error: GraphError };

/**
 * Translate a fault plan into Meta's signals. `keyKind` says which key matched, which picks the default
 * throttle code: a token is throttled as a user (17), an ad account by its BUC (80004, or 80000 on
 * insights), '*' as the whole app (4).
 */
export async function applyFault(req: FastifyRequest, plan: MetaFaultPlan | undefined, keyKind: 'account' | 'token' | 'global', ctx: { insights: boolean; accountId: string | null; now: Date; expiresAt: number | null }): Promise<FaultOutcome> {
  if (!plan) return { kind: 'none' };
  await injectFaultLatency(req, plan.latencyMs);
  if (plan.timeout) return { kind: 'hang' };
  if (plan.serverError) return { kind: 'error', error: errors.server(plan.serverError.status ?? 503) };
  if (plan.rateLimit) {
    const fallback = keyKind === 'token' ? 17 : keyKind === 'global' ? 4 : ctx.insights ? 80000 : 80004;
    return { kind: 'error', error: rateLimitError(plan.rateLimit.code ?? fallback, ctx.accountId, plan.rateLimit.retryAfterSeconds) };
  }
  if (plan.tokenExpired) {
    const expired = new Date(Math.min(ctx.expiresAt ?? ctx.now.getTime() - 3_600_000, ctx.now.getTime() - 60_000));
    return { kind: 'error', error: errors.expiredToken(expired, ctx.now) };
  }
  if (plan.tokenRevoked) return { kind: 'error', error: errors.revokedToken() };
  if (plan.permissionDenied) return { kind: 'error', error: errors.permission(plan.permissionCode ?? 200) };
  return { kind: 'none' };
}
