import type { Database } from '../db/client.js';
import { PlatformError } from '../connectors/platform-error.js';
import { quotaRefused, type QuotaBudget, type QuotaCharge, type QuotaGate, type QuotaReport, type QuotaTicket } from '../connectors/quota-gate.js';
import { countRefusal, listQuotaUsage, reserveQuota, settleQuota, settleRollingHour, type BudgetState, type BudgetUsage } from './quota-ledger.sql.js';

/**
 * The fleet's quota ledger (issue 23 item 2, decision 022): every worker process reserves a call's cost in
 * PostgreSQL before making it and settles it with what the platform reported after, so N workers together stay
 * within each shared budget. A refusal is a rate-limit error carrying the wait until the budget refills.
 *
 * Ordering when a daily or hourly budget runs short: each kind of job may only spend down to its floor, a share
 * of the budget kept back for the kinds before it. A new connection's newest 60 days ('recent') may spend all of
 * it, a stale refresh keeps 10% back for them, history keeps 25% back (a rolling hour too). Leaky buckets and
 * concurrency slots refill within seconds and have no floor.
 */
export type QuotaClass = 'recent' | 'refresh' | 'history';

export const KEEP_BACK: Record<QuotaClass, number> = { recent: 0, refresh: 0.1, history: 0.25 };

/** After a window's end: a little slack for clocks that differ between the workers and the platform. */
const SAFETY_MS = 5_000;
/** A concurrent slot frees as soon as a call in flight answers. */
const CONCURRENT_RETRY_MS = 2_000;
/** A platform quota error asking for this long or more points at the day's budget; shorter, at the hour's. */
const DAILY_WAIT_MS = 3_600_000;
const HOURLY_WAIT_MS = 60_000;

const PACIFIC = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });

function pacificParts(at: Date): Record<string, number> {
  return Object.fromEntries(PACIFIC.formatToParts(at).filter((p) => p.type !== 'literal').map((p) => [p.type, Number(p.value)]));
}

/** The Pacific day `at` falls in, stored as that date's UTC midnight: the same key in every process, DST or not. */
export function pacificDayStart(at: Date): Date {
  const p = pacificParts(at);
  return new Date(Date.UTC(p.year!, p.month! - 1, p.day!));
}

export function hourStart(at: Date): Date {
  return new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000);
}

/** ms from `at` to the next Pacific midnight (a DST day is off by at most the hour it gained or lost). */
function msToPacificMidnight(at: Date): number {
  const p = pacificParts(at);
  return 86_400_000 - ((p.hour! * 60 + p.minute!) * 60 + p.second!) * 1000 - (at.getTime() % 1000);
}

export function windowStart(budget: Pick<QuotaBudget, 'period'>, at: Date): Date {
  if (budget.period === 'pacific_day') return pacificDayStart(at);
  if (budget.period === 'hour') return hourStart(at);
  return at;
}

/** How long until `cost` fits again, from the budget as it stands. */
export function refillWaitMs(state: BudgetState, cost: number, keepBack: number, at: Date): number {
  if (state.period === 'pacific_day') return msToPacificMidnight(at) + SAFETY_MS;
  if (state.period === 'hour') return 3_600_000 - (at.getTime() % 3_600_000) + SAFETY_MS;
  if (state.period === 'concurrent') return CONCURRENT_RETRY_MS;
  // a leaky bucket, or what a rolling hour's platform reported, drains at its rate; a rolling hour whose report
  // leaves room is full of our own calls in flight, which end within seconds
  const rolling = state.period === 'rolling_hour';
  const short = (rolling ? state.reported : state.used) + cost - (state.capacity - keepBack);
  if (rolling && short <= 0) return CONCURRENT_RETRY_MS;
  return Math.max(1000, Math.ceil((short / Math.max(state.restorePerSecond, 0.001)) * 1000));
}

export class QuotaLedger {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The gate a job of this kind passes its platform calls through. */
  gate(kind: QuotaClass): QuotaGate {
    return { reserve: (charges) => this.reserve(charges, kind) };
  }

  keepBack(budget: QuotaBudget, kind: QuotaClass): number {
    return budget.period === 'pacific_day' || budget.period === 'hour' || budget.period === 'rolling_hour' ? budget.capacity * KEEP_BACK[kind] : 0;
  }

  /** Every charge or none: a refusal gives back what was already taken for the same call. */
  async reserve(charges: QuotaCharge[], kind: QuotaClass): Promise<QuotaTicket> {
    const taken: Array<{ charge: QuotaCharge; start: Date }> = [];
    for (const charge of charges) {
      const at = this.now();
      const start = windowStart(charge.budget, at);
      const keepBack = this.keepBack(charge.budget, kind);
      if (await reserveQuota(this.db, charge.budget, charge.cost, keepBack, at, start)) {
        taken.push({ charge, start });
        continue;
      }
      for (const t of taken) await this.giveBack(t);
      const state = await countRefusal(this.db, charge.budget, at, start);
      throw quotaRefused(charge.budget, state ? refillWaitMs(state, charge.cost, keepBack, at) : CONCURRENT_RETRY_MS);
    }
    return {
      settle: (reports = []) => this.settle(taken, reports),
      fail: (error) => this.fail(taken, error),
    };
  }

  private giveBack({ charge, start }: { charge: QuotaCharge; start: Date }): Promise<void> {
    return charge.budget.period === 'rolling_hour'
      ? settleRollingHour(this.db, charge.budget, { cost: charge.cost }, this.now())
      : settleQuota(this.db, charge.budget, { delta: -charge.cost }, this.now(), start);
  }

  private async settle(taken: Array<{ charge: QuotaCharge; start: Date }>, reports: QuotaReport[]): Promise<void> {
    for (const { charge, start } of taken) {
      const { budget } = charge;
      const said = reports.find((r) => r.budget.key === budget.key && r.budget.platform === budget.platform);
      const capacity = said?.capacity ?? budget.capacity;
      if (budget.period === 'rolling_hour') {
        await settleRollingHour(this.db, budget, { cost: charge.cost, reported: said?.remaining === undefined ? undefined : capacity - said.remaining }, this.now());
        continue;
      }
      await settleQuota(
        this.db,
        budget,
        {
          delta: budget.period === 'concurrent' ? -charge.cost : said?.charged !== undefined ? said.charged - charge.cost : 0,
          usedAtLeast: said?.remaining !== undefined ? capacity - said.remaining : undefined,
          capacity: said?.capacity,
          restorePerSecond: said?.restorePerSecond,
        },
        this.now(),
        start,
      );
    }
  }

  /**
   * A failed call keeps its charge (the platform may have counted it) and frees its concurrent slots. A quota
   * error from the platform itself (another app on the same token, a budget we estimated too high) marks the
   * window it points at as used up, so the other workers stop asking too; a rolling hour's call leaves the
   * calls in flight, and the budget its error code names stays full for the wait the platform gave.
   */
  private async fail(taken: Array<{ charge: QuotaCharge; start: Date }>, error: unknown): Promise<void> {
    const throttled = error instanceof PlatformError && error.kind === 'rate_limit' && error.details.code !== 'QUOTA_LEDGER' ? error : undefined;
    const wait = throttled?.details.retryAfterMs ?? 0;
    for (const { charge, start } of taken) {
      const { budget } = charge;
      if (budget.period === 'rolling_hour') {
        const named = throttled !== undefined && (budget.throttleCodes === undefined || budget.throttleCodes.includes(String(throttled.details.code)));
        await settleRollingHour(this.db, budget, { cost: charge.cost, blockedSeconds: named ? wait / 1000 : undefined }, this.now());
        continue;
      }
      const exhausted = (budget.period === 'pacific_day' && wait >= DAILY_WAIT_MS) || (budget.period === 'hour' && wait >= HOURLY_WAIT_MS && wait < DAILY_WAIT_MS);
      if (budget.period === 'concurrent') await settleQuota(this.db, budget, { delta: -charge.cost }, this.now(), start);
      else if (exhausted) await settleQuota(this.db, budget, { delta: 0, usedAtLeast: budget.capacity }, this.now(), start);
    }
  }

  /** Every budget's use now, for /metrics. */
  usage(): Promise<BudgetUsage[]> {
    const at = this.now();
    return listQuotaUsage(this.db, at, { hour: hourStart(at), pacificDay: pacificDayStart(at) });
  }
}
