import type { EmulatorContext } from '../common/context.js';
import { dayInZone } from '../common/dates.js';
import { countRefusal } from '../common/refusals.js';
import { quotaExhausted } from './errors.js';

/**
 * Realistic quota mode (ctx.quota.mode === 'realistic'):
 * - operations per developer token per day: 15,000 (Basic access; reference §3.6). One query is one
 *   operation however many pages it has, so page requests with a pageToken are free. The day is
 *   Pacific time; the error asks to retry at the next Pacific midnight (captured body: rateScope
 *   DEVELOPER, rateName "Number of operations for basic access", retryDelay "40591s").
 * - requests per customer: Google does not publish the short-term figure; we use 600 per rolling
 *   60 s [U], answered with RESOURCE_TEMPORARILY_EXHAUSTED, rateScope ACCOUNT.
 * Time is the emulator clock, so a pinned clock keeps windows full until it is moved.
 * Each refusal is counted by its quotaError code (common/refusals.ts): `google-ads:RESOURCE_EXHAUSTED` (the
 * developer token's daily operations), `google-ads:RESOURCE_TEMPORARILY_EXHAUSTED` (requests per account).
 */
export const DAILY_OPERATIONS = 15_000;
export const CUSTOMER_REQUESTS = 600;
export const CUSTOMER_WINDOW_MS = 60_000;
const QUOTA_ZONE = 'America/Los_Angeles';

function secondsToPacificMidnight(now: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: QUOTA_ZONE, hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23' }).formatToParts(now);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  return 86_400 - (get('hour') * 3600 + get('minute') * 60 + get('second'));
}

export class AdsQuota {
  /** per developer token, across all its customers: operations made and refused on the token's Pacific day */
  private readonly daily = new Map<string, { day: string; operations: number; refused: number }>();
  private readonly recent = new Map<string, number[]>();

  constructor(private readonly ctx: EmulatorContext) {}

  /** Count a request; throws the quota error when over. `operation` = the request starts a new query. */
  check(developerToken: string, customerId: string | undefined, operation: boolean): void {
    if (this.ctx.quota.mode !== 'realistic') return;
    const now = this.ctx.clock.now();
    const day = dayInZone(now, QUOTA_ZONE);
    const used = this.daily.get(developerToken);
    const today = used && used.day === day ? used : { day, operations: 0, refused: 0 };
    this.daily.set(developerToken, today);
    if (operation && today.operations >= DAILY_OPERATIONS) {
      today.refused += 1;
      countRefusal(this.ctx, 'google-ads:RESOURCE_EXHAUSTED');
      throw quotaExhausted('RESOURCE_EXHAUSTED', secondsToPacificMidnight(now), 'DEVELOPER', 'Number of operations for basic access');
    }
    if (customerId) {
      const t = now.getTime();
      const times = (this.recent.get(customerId) ?? []).filter((x) => x > t - CUSTOMER_WINDOW_MS);
      this.recent.set(customerId, times);
      if (times.length >= CUSTOMER_REQUESTS) {
        countRefusal(this.ctx, 'google-ads:RESOURCE_TEMPORARILY_EXHAUSTED');
        throw quotaExhausted('RESOURCE_TEMPORARILY_EXHAUSTED', ((times[0] ?? t) + CUSTOMER_WINDOW_MS - t) / 1000, 'ACCOUNT', 'Requests per account');
      }
      times.push(t);
    }
    if (operation) today.operations += 1;
  }

  /** admin: preload counters so tests and benchmarks can reach a limit without thousands of calls */
  preload(input: { developerToken?: string; operations?: number; customerId?: string; requests?: number }): Record<string, unknown> {
    const now = this.ctx.clock.now();
    const token = input.developerToken ?? this.ctx.world.apps.googleAdsDeveloperToken;
    if (typeof input.operations === 'number') this.daily.set(token, { day: dayInZone(now, QUOTA_ZONE), operations: input.operations, refused: 0 });
    if (input.customerId && typeof input.requests === 'number') {
      this.recent.set(input.customerId, Array.from({ length: input.requests }, () => now.getTime()));
    }
    return this.usage();
  }

  usage(): Record<string, unknown> {
    return {
      mode: this.ctx.quota.mode,
      limits: { dailyOperations: DAILY_OPERATIONS, customerRequests: CUSTOMER_REQUESTS, customerWindowSeconds: CUSTOMER_WINDOW_MS / 1000 },
      developerTokens: Object.fromEntries(this.daily),
      customers: Object.fromEntries([...this.recent].map(([k, v]) => [k, v.length])),
    };
  }
}
