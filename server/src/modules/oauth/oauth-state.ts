import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import * as sqlq from './oauth-state.sql.js';

const STATE_TTL_MS = 10 * 60_000; // RFC 9700 / checklist D1: state lives at most 10 minutes
const TICKET_TTL_MS = 2 * 60_000;
export const BINDING_COOKIE = 'oauth_binding';

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

/**
 * Every OAuth round trip is bound to the browser that started it: a random binding cookie (HttpOnly, Lax)
 * whose hash is stored with the state. A state replayed, expired, or brought back by another browser fails.
 */
export function bindingOf(request: FastifyRequest, reply: FastifyReply, config: Config): string {
  const existing = request.cookies[BINDING_COOKIE];
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
  const value = randomBytes(32).toString('base64url');
  reply.setCookie(BINDING_COOKIE, value, { path: '/api/auth', httpOnly: true, sameSite: 'lax', secure: config.session.secureCookie, maxAge: STATE_TTL_MS / 1000 });
  return value;
}

export interface StateInput {
  binding: string;
  userId: string | null;
  provider: string;
  context: string;
  source: string | null;
  codeVerifier?: string;
  shop?: string;
}

export async function createState(db: Database, input: StateInput): Promise<string> {
  const state = randomBytes(32).toString('base64url');
  await sqlq.insertOAuthState(db, {
    stateHash: sha256(state),
    sessionIdHash: sha256(input.binding),
    userId: input.userId,
    provider: input.provider,
    context: input.context,
    source: input.source,
    codeVerifier: input.codeVerifier ?? null,
    shop: input.shop ?? null,
  });
  return state;
}

export interface StoredState {
  userId: string | null;
  provider: string;
  context: string;
  source: string | null;
  codeVerifier: string | null;
  shop: string | null;
}

/**
 * Single use: the row is deleted as it is read, even when the browser is the wrong one (a leaked state is
 * burnt, not left for its owner to be raced). Undefined for unknown, expired or foreign states.
 */
export async function consumeState(db: Database, state: string | undefined, binding: string | undefined, provider: string): Promise<StoredState | undefined> {
  if (!state) return undefined;
  await sqlq.deleteOAuthStatesCreatedBefore(db, new Date(Date.now() - STATE_TTL_MS));
  const row = await sqlq.takeOAuthState(db, sha256(state), provider);
  if (!row || !binding || row.sessionIdHash !== sha256(binding)) return undefined;
  return { userId: row.userId, provider: row.provider, context: row.context, source: row.source, codeVerifier: row.codeVerifier, shop: row.shop };
}

/** States and login tickets past their lifetime, deleted on a schedule (housekeeping.ts) as well as when read. */
export async function deleteExpiredStatesAndTickets(db: Database, now: Date): Promise<{ states: number; tickets: number }> {
  const states = await sqlq.deleteOAuthStatesCreatedBefore(db, new Date(now.getTime() - STATE_TTL_MS));
  const tickets = await sqlq.deleteLoginTicketsCreatedBefore(db, new Date(now.getTime() - TICKET_TTL_MS));
  return { states, tickets };
}

/** A one-time ticket the /callback screen trades for a session (POST /api/auth/login/oauth). */
export async function issueLoginTicket(db: Database, userId: string): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  await sqlq.insertLoginTicket(db, sha256(ticket), userId);
  return ticket;
}

export async function redeemLoginTicket(db: Database, ticket: string): Promise<string | undefined> {
  return sqlq.takeLoginTicket(db, sha256(ticket), new Date(Date.now() - TICKET_TTL_MS));
}

/** Return paths are same-origin paths only (checklist D2): '//evil', '/\\evil', 'https://evil' fall back. */
export function safeSource(source: string | undefined | null, fallback = '/dashboard'): string {
  if (!source || !source.startsWith('/') || source.startsWith('//') || source.startsWith('/\\') || /[\r\n]/.test(source)) return fallback;
  try {
    const url = new URL(source, 'http://parallels.invalid');
    return url.origin === 'http://parallels.invalid' ? `${url.pathname}${url.search}` : fallback;
  } catch {
    return fallback;
  }
}
