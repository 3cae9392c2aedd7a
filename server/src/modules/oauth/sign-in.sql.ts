import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { connections, userBrands, userIdentities, users } from '../../db/schema.js';

/** The account behind a provider identity, if one was ever linked. */
export async function findUserByIdentity(db: Database, provider: string, subject: string): Promise<string | undefined> {
  const rows = await db.select({ userId: userIdentities.userId }).from(userIdentities).where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject))).limit(1);
  return rows[0]?.userId;
}

/**
 * A new account for a provider identity. Returns undefined when the email already belongs to another
 * account: we never merge by email alone (checklist A10); that user signs in with their password.
 */
export async function createUserForIdentity(db: Database, input: { provider: string; subject: string; username: string; email: string }): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const created = await tx.insert(users).values({ username: input.username, email: input.email.toLowerCase() }).onConflictDoNothing({ target: users.email }).returning({ id: users.id });
    const user = created[0];
    if (!user) return undefined;
    await tx.insert(userIdentities).values({ provider: input.provider, subject: input.subject, userId: user.id });
    return user.id;
  });
}

/** Links a provider identity to an existing account (a signed-in user installing the app); false if taken. */
export async function linkIdentity(db: Database, input: { provider: string; subject: string; userId: string }): Promise<boolean> {
  const rows = await db.insert(userIdentities).values(input).onConflictDoNothing().returning({ userId: userIdentities.userId });
  return rows.length > 0;
}

/** The user's brand already connected to this store, if any (an install run twice sets up one brand). */
export async function findStoreBrandOfUser(db: Database, userId: string, shop: string): Promise<string | undefined> {
  const rows = await db
    .select({ brandId: connections.brandId })
    .from(connections)
    .innerJoin(userBrands, and(eq(userBrands.brandId, connections.brandId), eq(userBrands.userId, userId)))
    .where(and(eq(connections.platform, 'shopify'), eq(connections.accountId, shop)))
    .limit(1);
  return rows[0]?.brandId;
}
