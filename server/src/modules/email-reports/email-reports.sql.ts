import { and, eq, lt, sql } from 'drizzle-orm';
import type { EmailKind, UnsubscribeTopic } from '@parallels/contract/email-reports';
import { queryRows, type Database } from '../../db/client.js';
import { emailDeliveries, emailSettings } from '../../db/schema.js';

export interface SettingsRow {
  brandId: string;
  brandName: string;
  daily: boolean;
  weekly: boolean;
  alerts: boolean;
}

/** The user's brands, each with its email switches (off where the user never set them). */
export async function listUserSettings(db: Database, userId: string, brandId?: string): Promise<SettingsRow[]> {
  const rows = await queryRows<{ brand_id: string; brand_name: string; daily: boolean | null; weekly: boolean | null; alerts: boolean | null }>(
    db,
    sql`select b.id as brand_id, b.name as brand_name, s.daily, s.weekly, s.alerts
          from user_brands ub join brands b on b.id = ub.brand_id
          left join email_settings s on s.user_id = ub.user_id and s.brand_id = ub.brand_id
         where ub.user_id = ${userId}::uuid ${brandId ? sql`and ub.brand_id = ${brandId}::uuid` : sql``}
         order by b.name, b.id`,
  );
  return rows.map((r) => ({ brandId: r.brand_id, brandName: r.brand_name, daily: r.daily ?? false, weekly: r.weekly ?? false, alerts: r.alerts ?? false }));
}

export async function saveSettings(db: Database, userId: string, brandId: string, change: Partial<Record<UnsubscribeTopic, boolean>>): Promise<void> {
  const set = { ...change, updatedAt: new Date() };
  await db
    .insert(emailSettings)
    .values({ userId, brandId, ...set })
    .onConflictDoUpdate({ target: [emailSettings.userId, emailSettings.brandId], set });
}

export interface DigestSubscription {
  userId: string;
  email: string;
  brandId: string;
  timezone: string;
  daily: boolean;
  weekly: boolean;
}

/** Every (user, brand) with a digest turned on, where the user still has the brand. */
export async function listDigestSubscriptions(db: Database): Promise<DigestSubscription[]> {
  const rows = await queryRows<{ user_id: string; email: string; brand_id: string; timezone: string; daily: boolean; weekly: boolean }>(
    db,
    sql`select s.user_id, u.email, s.brand_id, b.timezone, s.daily, s.weekly
          from email_settings s
          join user_brands ub on ub.user_id = s.user_id and ub.brand_id = s.brand_id
          join users u on u.id = s.user_id
          join brands b on b.id = s.brand_id
         where s.daily or s.weekly`,
  );
  return rows.map((r) => ({ userId: r.user_id, email: r.email, brandId: r.brand_id, timezone: r.timezone, daily: r.daily, weekly: r.weekly }));
}

/** What a delivery sends: a digest (built when sent) or an alert (its words stored with it). */
export type DeliveryKind = EmailKind | 'alert';
export type AlertPayload = NonNullable<typeof emailDeliveries.$inferInsert.payload>;

/** The delivery's row, made once per key: its id when this call made it, undefined when it already existed. */
export async function insertDelivery(db: Database, key: { userId: string; brandId: string; kind: DeliveryKind; period: string; payload?: AlertPayload }): Promise<string | undefined> {
  const rows = await db.insert(emailDeliveries).values(key).onConflictDoNothing().returning({ id: emailDeliveries.id });
  return rows[0]?.id;
}

/** Deliveries still waiting to be sent (their job may have been lost): the schedule sends them again. */
export async function listQueuedDeliveryIds(db: Database, createdBefore: Date): Promise<string[]> {
  const rows = await db
    .select({ id: emailDeliveries.id })
    .from(emailDeliveries)
    .where(and(eq(emailDeliveries.status, 'queued'), lt(emailDeliveries.createdAt, createdBefore)));
  return rows.map((r) => r.id);
}

export interface ClaimedDelivery {
  id: string;
  userId: string;
  email: string;
  username: string;
  brandId: string;
  brandName: string;
  currency: string;
  timezone: string;
  kind: DeliveryKind;
  period: string;
  attempts: number;
  payload: AlertPayload | null;
}

/**
 * Takes the delivery to send it: only one worker gets it, and only while it is queued (or was taken longer ago
 * than `leaseSeconds` by a worker that never finished: a killed one). A sent or failed delivery is never taken.
 */
export async function claimDelivery(db: Database, id: string, leaseSeconds: number): Promise<ClaimedDelivery | undefined> {
  const [row] = await queryRows<{ id: string; user_id: string; email: string; username: string; brand_id: string; brand_name: string; currency: string; timezone: string; kind: DeliveryKind; period: string; attempts: number; payload: AlertPayload | null }>(
    db,
    sql`with claimed as (
          update email_deliveries set status = 'sending', attempts = attempts + 1, claimed_at = now()
           where id = ${id}::uuid
             and (status = 'queued' or (status = 'sending' and claimed_at < now() - make_interval(secs => ${leaseSeconds})))
          returning id, user_id, brand_id, kind, period, attempts, payload)
        select c.id, c.user_id, u.email, u.username, c.brand_id, b.name as brand_name, b.currency, b.timezone, c.kind, c.period, c.attempts, c.payload
          from claimed c join users u on u.id = c.user_id join brands b on b.id = c.brand_id`,
  );
  return row && { id: row.id, userId: row.user_id, email: row.email, username: row.username, brandId: row.brand_id, brandName: row.brand_name, currency: row.currency, timezone: row.timezone, kind: row.kind, period: row.period, attempts: row.attempts, payload: row.payload };
}

export async function markDeliverySent(db: Database, id: string, messageId: string): Promise<void> {
  await db.update(emailDeliveries).set({ status: 'sent', messageId, sentAt: new Date(), lastError: null }).where(eq(emailDeliveries.id, id));
}

/** A failed attempt: queued again for the next one, or failed for good after the last. */
export async function markDeliveryFailed(db: Database, id: string, error: string, final: boolean): Promise<void> {
  await db
    .update(emailDeliveries)
    .set({ status: final ? 'failed' : 'queued', lastError: error.slice(0, 500), claimedAt: null })
    .where(and(eq(emailDeliveries.id, id), eq(emailDeliveries.status, 'sending')));
}

export type DeliveryRow = typeof emailDeliveries.$inferSelect;

export async function findDeliveries(db: Database, userId: string, brandId: string): Promise<DeliveryRow[]> {
  return db.select().from(emailDeliveries).where(and(eq(emailDeliveries.userId, userId), eq(emailDeliveries.brandId, brandId)));
}

/** Users of the brand who asked for alert emails. */
export async function listAlertRecipients(db: Database, brandId: string): Promise<string[]> {
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`select s.user_id from email_settings s join user_brands ub on ub.user_id = s.user_id and ub.brand_id = s.brand_id
         where s.brand_id = ${brandId}::uuid and s.alerts`,
  );
  return rows.map((r) => r.user_id);
}
