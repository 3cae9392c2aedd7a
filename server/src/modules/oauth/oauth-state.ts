import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { loginTickets, oauthStates } from '../../db/schema.js';

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
  await db.insert(oauthStates).values({
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
  await db.delete(oauthStates).where(lt(oauthStates.createdAt, new Date(Date.now() - STATE_TTL_MS)));
  const rows = await db
    .delete(oauthStates)
    .where(and(eq(oauthStates.stateHash, sha256(state)), eq(oauthStates.provider, provider)))
    .returning();
  const row = rows[0];
  if (!row || !binding || row.sessionIdHash !== sha256(binding)) return undefined;
  return { userId: row.userId, provider: row.provider, context: row.context, source: row.source, codeVerifier: row.codeVerifier, shop: row.shop };
}

/** States and login tickets past their lifetime, deleted on a schedule (housekeeping.ts) as well as when read. */
export async function deleteExpiredStatesAndTickets(db: Database, now: Date): Promise<{ states: number; tickets: number }> {
  const states = await db.delete(oauthStates).where(lt(oauthStates.createdAt, new Date(now.getTime() - STATE_TTL_MS))).returning({ h: oauthStates.stateHash });
  const tickets = await db.delete(loginTickets).where(lt(loginTickets.createdAt, new Date(now.getTime() - TICKET_TTL_MS))).returning({ h: loginTickets.ticketHash });
  return { states: states.length, tickets: tickets.length };
}

/** A one-time ticket the /callback screen trades for a session (POST /api/auth/login/oauth). */
export async function issueLoginTicket(db: Database, userId: string): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  await db.insert(loginTickets).values({ ticketHash: sha256(ticket), userId });
  return ticket;
}

export async function redeemLoginTicket(db: Database, ticket: string): Promise<string | undefined> {
  const rows = await db
    .delete(loginTickets)
    .where(and(eq(loginTickets.ticketHash, sha256(ticket)), gt(loginTickets.createdAt, new Date(Date.now() - TICKET_TTL_MS))))
    .returning({ userId: loginTickets.userId });
  return rows[0]?.userId;
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
