import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AlertRuleBody } from '@parallels/contract/alerts';
import { queryRows, type Database } from '../../db/client.js';
import { jobTableExists } from '../../db/job-queue.sql.js';
import { alertEvents, alertRules } from '../../db/schema.js';

export type AlertRuleRow = typeof alertRules.$inferSelect;

export async function listRules(db: Database, brandId: string, userId?: string): Promise<AlertRuleRow[]> {
  return db
    .select()
    .from(alertRules)
    .where(userId ? and(eq(alertRules.brandId, brandId), eq(alertRules.userId, userId)) : eq(alertRules.brandId, brandId))
    .orderBy(alertRules.createdAt, alertRules.id);
}

export async function insertRule(db: Database, brandId: string, userId: string, rule: AlertRuleBody): Promise<AlertRuleRow> {
  const [row] = await db.insert(alertRules).values({ brandId, userId, ...rule }).returning();
  return row!;
}

export async function updateRule(db: Database, brandId: string, userId: string, id: string, rule: AlertRuleBody): Promise<AlertRuleRow | undefined> {
  const [row] = await db
    .update(alertRules)
    .set(rule)
    .where(and(eq(alertRules.id, id), eq(alertRules.brandId, brandId), eq(alertRules.userId, userId)))
    .returning();
  return row;
}

export async function deleteRule(db: Database, brandId: string, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(alertRules)
    .where(and(eq(alertRules.id, id), eq(alertRules.brandId, brandId), eq(alertRules.userId, userId)))
    .returning({ id: alertRules.id });
  return rows.length > 0;
}

export interface AlertBrand {
  id: string;
  name: string;
  currency: string;
  timezone: string;
}

/** Brands someone can see (alerts are for people): every brand with a user. */
export async function listAlertBrands(db: Database): Promise<AlertBrand[]> {
  return queryRows<AlertBrand>(db, sql`select b.id, b.name, b.currency, b.timezone from brands b where exists (select 1 from user_brands ub where ub.brand_id = b.id) order by b.id`);
}

/** Records the condition as fired on `day`, unless it already fired that day or is still open: true when it fires now. */
export async function fireAlert(db: Database, brandId: string, conditionKey: string, day: string, title: string): Promise<boolean> {
  const rows = await queryRows<{ day: string }>(
    db,
    sql`insert into alert_events (brand_id, condition_key, day, title)
        select ${brandId}::uuid, ${conditionKey}, ${day}::date, ${title}
         where not exists (select 1 from alert_events where brand_id = ${brandId}::uuid and condition_key = ${conditionKey} and resolved_at is null)
        on conflict do nothing
        returning day`,
  );
  return rows.length > 0;
}

/** Closes the condition's open alerts: their titles when there were any (it resolved now), else none. */
export async function resolveAlert(db: Database, brandId: string, conditionKey: string): Promise<string[]> {
  const rows = await db
    .update(alertEvents)
    .set({ resolvedAt: new Date() })
    .where(and(eq(alertEvents.brandId, brandId), eq(alertEvents.conditionKey, conditionKey), isNull(alertEvents.resolvedAt)))
    .returning({ title: alertEvents.title });
  return rows.map((r) => r.title);
}

/**
 * The connections with a sync job running or due now (pg-boss's job table, keyed by connection): they are
 * catching up (after a restart, say), so not yet known to be stale. A job set to start later (a quota pause)
 * does not count. Without the queue's tables (a process that never started the queue) there is none.
 */
export async function connectionsBeingSynced(db: Database, queues: readonly string[]): Promise<Set<string>> {
  if (!(await jobTableExists(db))) return new Set();
  const rows = await queryRows<{ key: string }>(
    db,
    sql`select distinct singleton_key as key from pgboss.job
         where name in (${sql.join(queues.map((q) => sql`${q}`), sql`, `)}) and singleton_key is not null
           and (state = 'active' or (state in ('created', 'retry') and start_after <= now()))`,
  );
  return new Set(rows.map((r) => r.key));
}
