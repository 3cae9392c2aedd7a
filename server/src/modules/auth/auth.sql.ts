import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { loginFailures, sessions, userBrands, users } from '../../db/schema.js';

export interface UserRow {
  id: string;
  username: string;
  email: string;
  passwordHash: string | null;
  isAdmin: boolean;
  loginCount: number;
}

const userColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  passwordHash: users.passwordHash,
  isAdmin: users.isAdmin,
  loginCount: users.loginCount,
};

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const rows = await db.select(userColumns).from(users).where(eq(users.email, email)).limit(1);
  return rows[0];
}

export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const rows = await db.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

/** Inserts the user; returns undefined when the email is taken (unique index, no race). */
export async function insertUser(db: Database, input: { username: string; email: string; passwordHash: string; isAdmin?: boolean }): Promise<UserRow | undefined> {
  const rows = await db
    .insert(users)
    .values({ username: input.username, email: input.email, passwordHash: input.passwordHash, isAdmin: input.isAdmin ?? false })
    .onConflictDoNothing({ target: users.email })
    .returning(userColumns);
  return rows[0];
}

export async function recordLogin(db: Database, userId: string, newPasswordHash?: string): Promise<number> {
  const rows = await db
    .update(users)
    .set({ loginCount: sql`${users.loginCount} + 1`, ...(newPasswordHash ? { passwordHash: newPasswordHash } : {}) })
    .where(eq(users.id, userId))
    .returning({ loginCount: users.loginCount });
  return rows[0]?.loginCount ?? 0;
}

export async function listBrandIdsOfUser(db: Database, userId: string): Promise<string[]> {
  const rows = await db.select({ brandId: userBrands.brandId }).from(userBrands).where(eq(userBrands.userId, userId)).orderBy(userBrands.createdAt, userBrands.brandId);
  return rows.map((r) => r.brandId);
}

export async function insertSession(db: Database, idHash: string, userId: string): Promise<void> {
  await db.insert(sessions).values({ idHash, userId });
}

export interface SessionRow {
  userId: string;
  createdAt: Date;
  lastSeenAt: Date;
}

/** The session and its user in one query: this runs on every API request. */
export async function findSessionUser(db: Database, idHash: string): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const rows = await db
    .select({ session: { userId: sessions.userId, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt }, user: userColumns })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.idHash, idHash))
    .limit(1);
  return rows[0];
}

export async function touchSession(db: Database, idHash: string, at: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.idHash, idHash));
}

export async function deleteSession(db: Database, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

export async function deleteExpiredSessions(db: Database, idleBefore: Date, createdBefore: Date): Promise<void> {
  await db.delete(sessions).where(sql`${sessions.lastSeenAt} < ${idleBefore.toISOString()} or ${sessions.createdAt} < ${createdBefore.toISOString()}`);
}

export async function getLoginFailures(db: Database, email: string): Promise<{ failures: number; windowStartedAt: Date } | undefined> {
  const rows = await db.select({ failures: loginFailures.failures, windowStartedAt: loginFailures.windowStartedAt }).from(loginFailures).where(eq(loginFailures.email, email)).limit(1);
  return rows[0];
}

/** Counts a failure; a window older than `windowStart` starts over at 1. */
export async function addLoginFailure(db: Database, email: string, now: Date, windowStart: Date): Promise<void> {
  await db
    .insert(loginFailures)
    .values({ email, failures: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: loginFailures.email,
      set: {
        failures: sql`case when ${loginFailures.windowStartedAt} < ${windowStart.toISOString()} then 1 else ${loginFailures.failures} + 1 end`,
        windowStartedAt: sql`case when ${loginFailures.windowStartedAt} < ${windowStart.toISOString()} then ${now.toISOString()}::timestamptz else ${loginFailures.windowStartedAt} end`,
      },
    });
}

export async function clearLoginFailures(db: Database, email: string): Promise<void> {
  await db.delete(loginFailures).where(and(eq(loginFailures.email, email)));
}
