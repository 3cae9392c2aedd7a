import { and, eq, lt, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.js';
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

/** A brand the signed-in user may open, with what every report needs of it (currency, the timezone of its days). */
export interface AccessibleBrand {
  id: string;
  currency: string;
  timezone: string;
}

/** The brand a request names, as the session query loads it: also its subscription (the plan guard reads it). */
export interface SessionBrand extends AccessibleBrand {
  /** the brand's Shopify subscription row's plan and status; null when it has none (Free) */
  subscription: { plan: string; status: string } | null;
}

interface SessionLookupRow {
  user_id: string;
  created_at: Date | string;
  last_seen_at: Date | string;
  id: string;
  username: string;
  email: string;
  password_hash: string | null;
  is_admin: boolean;
  login_count: number;
  brand_id: string | null;
  brand_currency: string | null;
  brand_timezone: string | null;
  subscription_plan: string | null;
  subscription_status: string | null;
}

/**
 * The session and its user in one query: this runs on every API request. Given the brand a request names
 * (already checked to be a uuid), the same query says whether the user may open it and loads the brand's
 * currency and timezone, so a report answers with one round trip fewer for access and one for the brand; and
 * its subscription, so the plan guard of report routes needs no round trip of its own.
 */
export async function findSessionUser(db: Database, idHash: string, brandId?: string): Promise<{ session: SessionRow; user: UserRow; brand: SessionBrand | null } | undefined> {
  const brandJoin = brandId
    ? sql`left join user_brands ub on ub.user_id = s.user_id and ub.brand_id = ${brandId}::uuid left join brands b on b.id = ub.brand_id
        left join brand_subscriptions bs on bs.brand_id = b.id`
    : sql`left join brands b on false left join brand_subscriptions bs on false`;
  const [row] = await queryRows<SessionLookupRow>(
    db,
    sql`select s.user_id, s.created_at, s.last_seen_at, u.id, u.username, u.email, u.password_hash, u.is_admin, u.login_count,
          b.id as brand_id, b.currency as brand_currency, b.timezone as brand_timezone,
          bs.plan as subscription_plan, bs.status as subscription_status
        from sessions s join users u on u.id = s.user_id ${brandJoin}
        where s.id_hash = ${idHash}
        limit 1`,
  );
  if (!row) return undefined;
  return {
    session: { userId: row.user_id, createdAt: new Date(row.created_at), lastSeenAt: new Date(row.last_seen_at) },
    user: { id: row.id, username: row.username, email: row.email, passwordHash: row.password_hash, isAdmin: row.is_admin, loginCount: row.login_count },
    brand: row.brand_id
      ? {
          id: row.brand_id,
          currency: row.brand_currency!,
          timezone: row.brand_timezone!,
          subscription: row.subscription_plan !== null ? { plan: row.subscription_plan, status: row.subscription_status! } : null,
        }
      : null,
  };
}

export async function touchSession(db: Database, idHash: string, at: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.idHash, idHash));
}

export async function deleteSession(db: Database, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

export async function deleteExpiredSessions(db: Database, idleBefore: Date, createdBefore: Date): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(sql`${sessions.lastSeenAt} < ${idleBefore.toISOString()} or ${sessions.createdAt} < ${createdBefore.toISOString()}`)
    .returning({ idHash: sessions.idHash });
  return rows.length;
}

/** Failure counts whose lockout window has ended count for nothing: their rows go. */
export async function deleteStaleLoginFailures(db: Database, windowStartedBefore: Date): Promise<number> {
  const rows = await db.delete(loginFailures).where(lt(loginFailures.windowStartedAt, windowStartedBefore)).returning({ email: loginFailures.email });
  return rows.length;
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
