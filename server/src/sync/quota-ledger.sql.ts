import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.js';
import type { QuotaBudget } from '../connectors/quota-gate.js';

// The quota ledger's statements (decision 022). Each is one statement on one budget row, so PostgreSQL's row lock
// serializes the workers: an ON CONFLICT DO UPDATE whose WHERE fails updates nothing and returns no row, and a
// second worker waiting on the row re-checks the WHERE against the first one's update (READ COMMITTED).

/** A column as it has drained since the row was last written, at `perSecond` (a leaky bucket's refill, a rolling hour's capacity an hour). */
function drained(column: SQL, perSecond: SQL, at: Date): SQL {
  return sql`greatest(0, ${column} - ${perSecond} * greatest(0, extract(epoch from (${at}::timestamptz - b.updated_at))))`;
}

/** How much of the budget `b` is used at `at`: a fixed window that has ended counts 0, a leaky bucket has drained, a rolling hour's report and calls in flight have drained, a concurrent count untouched for 5 minutes is stale (every call times out sooner). */
function effectiveUsed(at: Date, windowStart: Date): SQL {
  return sql`(case b.period
    when 'leaky' then ${drained(sql`b.used`, sql`b.restore_per_second`, at)}
    when 'rolling_hour' then ${drained(sql`b.used`, sql`b.restore_per_second`, at)} + ${drained(sql`b.in_flight`, sql`b.restore_per_second`, at)}
    when 'concurrent' then case when b.updated_at > ${at}::timestamptz - interval '5 minutes' then b.used else 0 end
    else case when b.period_start = ${windowStart}::timestamptz then b.used else 0 end
  end)::float8`;
}

/**
 * Takes `cost` from the budget if it fits under `capacity - keepBack`; true when granted. The row is created on
 * first use. A leaky bucket keeps the size and refill the platform reported (settle), not the default it started with.
 */
export async function reserveQuota(db: Database, budget: QuotaBudget, cost: number, keepBack: number, at: Date, windowStart: Date): Promise<boolean> {
  if (budget.period === 'rolling_hour') return reserveRollingHour(db, budget, cost, keepBack, at);
  const used = effectiveUsed(at, windowStart);
  const capacity = sql`(case when b.period = 'leaky' then b.capacity else ${budget.capacity}::float8 end)`;
  const rows = await queryRows<{ used: number }>(
    db,
    sql`insert into quota_budgets as b (platform, budget_key, period, capacity, restore_per_second, used, period_start, updated_at)
        values (${budget.platform}, ${budget.key}, ${budget.period}, ${budget.capacity}, ${budget.restorePerSecond ?? 0}, ${cost}, ${windowStart}, ${at})
        on conflict (platform, budget_key) do update set
          used = ${used} + ${cost}::float8,
          capacity = ${capacity},
          restore_per_second = case when b.period = 'leaky' then b.restore_per_second else excluded.restore_per_second end,
          period = excluded.period,
          period_start = excluded.period_start,
          updated_at = greatest(b.updated_at, excluded.updated_at)
        where ${used} + ${cost}::float8 <= ${capacity} - ${keepBack}::float8
        returning used`,
  );
  return rows.length > 0;
}

/** Rolling hour's rate: the budget's own (a row written under another period drains at it from now on). */
function rollingRate(budget: QuotaBudget): SQL {
  return sql`${budget.restorePerSecond ?? budget.capacity / 3600}::float8`;
}

/**
 * A rolling hour (Meta): the call holds `cost` in flight on top of what the platform last reported, both drained
 * to `at`; refused when the two with the cost pass `capacity - keepBack`.
 */
async function reserveRollingHour(db: Database, budget: QuotaBudget, cost: number, keepBack: number, at: Date): Promise<boolean> {
  const rate = rollingRate(budget);
  const reported = drained(sql`b.used`, rate, at);
  const inFlight = drained(sql`b.in_flight`, rate, at);
  const rows = await queryRows<{ used: number }>(
    db,
    sql`insert into quota_budgets as b (platform, budget_key, period, capacity, restore_per_second, used, in_flight, period_start, updated_at)
        values (${budget.platform}, ${budget.key}, 'rolling_hour', ${budget.capacity}, ${budget.restorePerSecond ?? budget.capacity / 3600}, 0, ${cost}, ${at}, ${at})
        on conflict (platform, budget_key) do update set
          used = ${reported},
          in_flight = ${inFlight} + ${cost}::float8,
          capacity = excluded.capacity,
          restore_per_second = excluded.restore_per_second,
          period = excluded.period,
          period_start = excluded.period_start,
          updated_at = greatest(b.updated_at, excluded.updated_at)
        where ${reported} + ${inFlight} + ${cost}::float8 <= ${budget.capacity}::float8 - ${keepBack}::float8
        returning used`,
  );
  return rows.length > 0;
}

/**
 * A rolling hour's call has ended: its `cost` leaves the calls in flight; `reported` (what the platform's answer
 * says is used) replaces the count, up or down, since it is the platform's own for the hour up to now;
 * `blockedSeconds` (a throttling error naming this budget) holds it full for that long.
 */
export async function settleRollingHour(db: Database, budget: QuotaBudget, change: { cost: number; reported?: number; blockedSeconds?: number }, at: Date): Promise<void> {
  const rate = rollingRate(budget);
  const reported = change.reported === undefined ? drained(sql`b.used`, rate, at) : sql`${change.reported}::float8`;
  const used = change.blockedSeconds === undefined ? reported : sql`greatest(${reported}, ${budget.capacity}::float8 + ${change.blockedSeconds}::float8 * ${rate})`;
  await db.execute(sql`
    update quota_budgets as b set
      used = greatest(0, ${used}),
      in_flight = greatest(0, ${drained(sql`b.in_flight`, rate, at)} - ${change.cost}::float8),
      updated_at = greatest(b.updated_at, ${at}::timestamptz)
    where b.platform = ${budget.platform} and b.budget_key = ${budget.key} and b.period = 'rolling_hour'`);
}

export interface BudgetState {
  period: QuotaBudget['period'];
  /** everything counted now (a rolling hour: reported and in flight) */
  used: number;
  /** a rolling hour: what the platform reported, drained (the part only time gives back) */
  reported: number;
  capacity: number;
  restorePerSecond: number;
}

/** A refusal: counted, and the budget as it stands (to work out the wait). */
export async function countRefusal(db: Database, budget: QuotaBudget, at: Date, windowStart: Date): Promise<BudgetState | undefined> {
  const rows = await queryRows<{ period: BudgetState['period']; used: number; reported: number; capacity: number; restore_per_second: number }>(
    db,
    sql`update quota_budgets as b set refused = b.refused + 1
         where b.platform = ${budget.platform} and b.budget_key = ${budget.key}
        returning b.period, ${effectiveUsed(at, windowStart)} as used, ${drained(sql`b.used`, sql`b.restore_per_second`, at)}::float8 as reported, b.capacity, b.restore_per_second`,
  );
  const row = rows[0];
  return row && { period: row.period, used: Number(row.used), reported: Number(row.reported), capacity: Number(row.capacity), restorePerSecond: Number(row.restore_per_second) };
}

/**
 * After the call: `delta` corrects the reservation (charged - reserved; -cost to give it back, -1 to free a
 * concurrent slot); `usedAtLeast` is what the platform says is used (capacity - remaining), which only ever
 * raises the count: other calls of ours may be reserved and not yet charged. A fixed window that has ended
 * since the reservation is left alone: its count is the old window's.
 */
export async function settleQuota(
  db: Database,
  budget: QuotaBudget,
  change: { delta: number; usedAtLeast?: number; capacity?: number; restorePerSecond?: number },
  at: Date,
  windowStart: Date,
): Promise<void> {
  await db.execute(sql`
    update quota_budgets as b set
      used = greatest(0, ${effectiveUsed(at, windowStart)} + ${change.delta}::float8, coalesce(${change.usedAtLeast ?? null}::float8, 0)),
      capacity = coalesce(${change.capacity ?? null}::float8, b.capacity),
      restore_per_second = coalesce(${change.restorePerSecond ?? null}::float8, b.restore_per_second),
      updated_at = greatest(b.updated_at, ${at}::timestamptz)
    where b.platform = ${budget.platform} and b.budget_key = ${budget.key}
      and (b.period in ('leaky', 'concurrent') or b.period_start = ${windowStart}::timestamptz)`);
}

export interface BudgetUsage {
  platform: string;
  budgetKey: string;
  period: QuotaBudget['period'];
  used: number;
  capacity: number;
  refused: number;
}

/** Every budget's use at `at` (a window that has ended shows 0), for /metrics. */
export async function listQuotaUsage(db: Database, at: Date, windowStarts: { hour: Date; pacificDay: Date }): Promise<BudgetUsage[]> {
  const rows = await queryRows<{ platform: string; budget_key: string; period: BudgetUsage['period']; used: number; capacity: number; refused: number | string }>(
    db,
    sql`select b.platform, b.budget_key, b.period, b.capacity, b.refused,
               ${effectiveUsed(at, windowStarts.hour)} as used_hour, ${effectiveUsed(at, windowStarts.pacificDay)} as used
          from quota_budgets b order by b.platform, b.budget_key`,
  );
  return rows.map((r) => {
    const row = r as typeof r & { used_hour: number };
    return { platform: r.platform, budgetKey: r.budget_key, period: r.period, used: Number(r.period === 'hour' ? row.used_hour : r.used), capacity: Number(r.capacity), refused: Number(r.refused) };
  });
}
