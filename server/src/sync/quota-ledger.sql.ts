import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.js';
import type { QuotaBudget } from '../connectors/quota-gate.js';

// The quota ledger's statements (decision 022). Each is one statement on one budget row, so PostgreSQL's row lock
// serializes the workers: an ON CONFLICT DO UPDATE whose WHERE fails updates nothing and returns no row, and a
// second worker waiting on the row re-checks the WHERE against the first one's update (READ COMMITTED).

/** How much of the budget `b` is used at `at`: a fixed window that has ended counts 0, a leaky bucket has drained, a concurrent count untouched for 5 minutes is stale (every call times out sooner). */
function effectiveUsed(at: Date, windowStart: Date): SQL {
  return sql`(case b.period
    when 'leaky' then greatest(0, b.used - b.restore_per_second * greatest(0, extract(epoch from (${at}::timestamptz - b.updated_at))))
    when 'concurrent' then case when b.updated_at > ${at}::timestamptz - interval '5 minutes' then b.used else 0 end
    else case when b.period_start = ${windowStart}::timestamptz then b.used else 0 end
  end)::float8`;
}

/**
 * Takes `cost` from the budget if it fits under `capacity - keepBack`; true when granted. The row is created on
 * first use. A leaky bucket keeps the size and refill the platform reported (settle), not the default it started with.
 */
export async function reserveQuota(db: Database, budget: QuotaBudget, cost: number, keepBack: number, at: Date, windowStart: Date): Promise<boolean> {
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

export interface BudgetState {
  period: QuotaBudget['period'];
  used: number;
  capacity: number;
  restorePerSecond: number;
}

/** A refusal: counted, and the budget as it stands (to work out the wait). */
export async function countRefusal(db: Database, budget: QuotaBudget, at: Date, windowStart: Date): Promise<BudgetState | undefined> {
  const rows = await queryRows<{ period: BudgetState['period']; used: number; capacity: number; restore_per_second: number }>(
    db,
    sql`update quota_budgets as b set refused = b.refused + 1
         where b.platform = ${budget.platform} and b.budget_key = ${budget.key}
        returning b.period, ${effectiveUsed(at, windowStart)} as used, b.capacity, b.restore_per_second`,
  );
  const row = rows[0];
  return row && { period: row.period, used: Number(row.used), capacity: Number(row.capacity), restorePerSecond: Number(row.restore_per_second) };
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
