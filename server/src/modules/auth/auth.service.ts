import { AUTH_MESSAGES, type User } from '@parallels/contract/auth';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import * as sqlq from './auth.sql.js';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from './password.js';
import { hashSessionId, newSessionId } from './session-token.js';
import { withAdminFlag } from './admin.js';

export interface AuthDeps {
  db: Database;
  config: Config;
}

export async function toUser(db: Database, row: sqlq.UserRow): Promise<User> {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    isAdmin: row.isAdmin,
    brands: await sqlq.listBrandIdsOfUser(db, row.id),
    loginCount: row.loginCount,
  };
}

export async function signup(deps: AuthDeps, input: { username: string; email: string; password: string }): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  const created = await sqlq.insertUser(deps.db, { username: input.username, email: input.email, passwordHash });
  if (!created) throw new AppError('conflict', AUTH_MESSAGES.duplicateEmail);
}

/**
 * The user with this email, created with this password when there is none (the sandbox's demo account), with
 * the brands on its list; undefined when another process created it at the same moment.
 */
export async function findOrCreateUser(db: Database, input: { username: string; email: string; password: string }): Promise<{ id: string; created: boolean; brandIds: string[] } | undefined> {
  const found = await sqlq.findUserByEmail(db, input.email);
  if (found) return { id: found.id, created: false, brandIds: await sqlq.listBrandIdsOfUser(db, found.id) };
  const created = await sqlq.insertUser(db, { username: input.username, email: input.email, passwordHash: await hashPassword(input.password) });
  return created ? { id: created.id, created: true, brandIds: [] } : undefined;
}

/**
 * Checks the password, counting failures per email (known or not) so that an account under attack is
 * locked for everyone while other accounts are unaffected (security checklist A4/A5).
 * Returns the new session id to set as the cookie.
 */
export async function login(deps: AuthDeps, input: { email: string; password: string }, now = new Date()): Promise<{ sessionId: string; user: User }> {
  const { db, config } = deps;
  const windowStart = new Date(now.getTime() - config.auth.lockoutMinutes * 60_000);
  const failures = await sqlq.getLoginFailures(db, input.email);
  if (failures && failures.windowStartedAt >= windowStart && failures.failures >= config.auth.lockoutAttempts) {
    throw new AppError('too-many-attempts', AUTH_MESSAGES.accountLocked);
  }
  const row = await sqlq.findUserByEmail(db, input.email);
  const ok = row?.passwordHash
    ? await verifyPassword(row.passwordHash, input.password)
    : (await verifyPassword(await dummyPasswordHash(), input.password), false);
  if (!row || !ok) {
    await sqlq.addLoginFailure(db, input.email, now, windowStart);
    throw new AppError('signed-out', AUTH_MESSAGES.wrongCredentials);
  }
  await sqlq.clearLoginFailures(db, input.email);
  const rehash = row.passwordHash && needsRehash(row.passwordHash) ? await hashPassword(input.password) : undefined;
  const loginCount = await sqlq.recordLogin(db, row.id, rehash);
  const sessionId = await startSession(db, row.id);
  return { sessionId, user: await toUser(db, withAdminFlag(config, { ...row, loginCount })) };
}

export async function startSession(db: Database, userId: string): Promise<string> {
  const sessionId = newSessionId();
  await sqlq.insertSession(db, hashSessionId(sessionId), userId);
  return sessionId;
}

/** A new session for a user signed in another way (a platform's sign-in link): undefined when the user is gone. */
export async function startSessionFor(deps: AuthDeps, userId: string): Promise<{ sessionId: string; user: User } | undefined> {
  const row = await sqlq.findUserById(deps.db, userId);
  if (!row) return undefined;
  return { sessionId: await startSession(deps.db, userId), user: await toUser(deps.db, withAdminFlag(deps.config, row)) };
}

export async function endSession(db: Database, sessionId: string): Promise<void> {
  await sqlq.deleteSession(db, hashSessionId(sessionId));
}

// Writing last_seen_at on every request would turn every read into a write; a minute's slack is harmless.
const TOUCH_AFTER_MS = 60_000;

/**
 * The user behind a session cookie, or undefined when the session is unknown, idle too long or too old.
 * With `brandId` (a brand-scoped request), also the brand if this user may open it, from the same query.
 */
export async function resolveSession(deps: AuthDeps, sessionId: string, now = new Date(), brandId?: string): Promise<{ user: sqlq.UserRow; brand: sqlq.SessionBrand | null } | undefined> {
  const { db, config } = deps;
  const idHash = hashSessionId(sessionId);
  const found = await sqlq.findSessionUser(db, idHash, brandId);
  if (!found) return undefined;
  const { session, user, brand } = found;
  const idleLimit = now.getTime() - config.session.idleMinutes * 60_000;
  const absoluteLimit = now.getTime() - config.session.absoluteHours * 3_600_000;
  if (session.lastSeenAt.getTime() < idleLimit || session.createdAt.getTime() < absoluteLimit) {
    await sqlq.deleteSession(db, idHash);
    return undefined;
  }
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_AFTER_MS) await sqlq.touchSession(db, idHash, now);
  return { user, brand };
}
