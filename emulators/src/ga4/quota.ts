import type { EmulatorClock } from '../common/clock.js';
import { dayInZone } from '../common/dates.js';
import type { QuotaKind } from './errors.js';

/**
 * Data API quotas of a standard property (platform-apis.md 4.5; developers.google.com/analytics/devguides/reporting/data/v1/quotas):
 * token buckets per property per day (reset at midnight Pacific) and per hour, per project (OAuth client)
 * per property per hour, concurrent requests, server errors per project per hour and potentially
 * thresholded requests per hour. Usage is always counted (so propertyQuota is meaningful in both modes);
 * it is only enforced in realistic quota mode. Each refusal is counted under its propertyQuota name, e.g.
 * `ga4:tokensPerProjectPerHour`, `ga4:concurrentRequests` (common/refusals.ts; data-api.ts, serve.ts).
 */
export const LIMITS: Record<QuotaKind, number> = {
  tokensPerDay: 200_000,
  tokensPerHour: 40_000,
  tokensPerProjectPerHour: 14_000,
  concurrentRequests: 10,
  serverErrorsPerProjectPerHour: 10,
  potentiallyThresholdedRequestsPerHour: 120,
};

interface PropertyUsage {
  dayKey: string;
  hourKey: string;
  dayTokens: number;
  hourTokens: number;
  projectTokens: Map<string, number>;
  serverErrors: Map<string, number>;
  thresholded: number;
  inFlight: number;
}

export interface QuotaStatus {
  consumed: number;
  remaining: number;
}

/** Token cost of a request: grows with the date span, the rows it returns and the columns (most cost < 10). */
export function requestCost(input: { daysScanned: number; rowCount: number; dimensions: number; grain: string }): number {
  return 2 + Math.floor(input.daysScanned / 60) + Math.floor(input.rowCount / 1000) + Math.max(0, input.dimensions - 3) + (input.grain === 'cohort' ? 0 : 1);
}

export class QuotaTracker {
  private readonly usage = new Map<string, PropertyUsage>();

  constructor(private readonly clock: EmulatorClock) {}

  private state(property: string): PropertyUsage {
    const now = this.clock.now();
    const dayKey = dayInZone(now, 'America/Los_Angeles');
    const hourKey = now.toISOString().slice(0, 13);
    let u = this.usage.get(property);
    if (!u) {
      u = { dayKey, hourKey, dayTokens: 0, hourTokens: 0, projectTokens: new Map(), serverErrors: new Map(), thresholded: 0, inFlight: 0 };
      this.usage.set(property, u);
    }
    if (u.dayKey !== dayKey) {
      u.dayKey = dayKey;
      u.dayTokens = 0;
    }
    if (u.hourKey !== hourKey) {
      u.hourKey = hourKey;
      u.hourTokens = 0;
      u.projectTokens.clear();
      u.serverErrors.clear();
      u.thresholded = 0;
    }
    return u;
  }

  /** take a concurrent-request slot; false when 10 requests of the property are already running */
  acquire(property: string): boolean {
    const u = this.state(property);
    if (u.inFlight >= LIMITS.concurrentRequests) return false;
    u.inFlight++;
    return true;
  }

  release(property: string): void {
    const u = this.state(property);
    u.inFlight = Math.max(0, u.inFlight - 1);
  }

  /** the first exhausted bucket that would refuse this request, if any */
  exhausted(property: string, project: string, thresholded: boolean): QuotaKind | undefined {
    const u = this.state(property);
    if (u.dayTokens >= LIMITS.tokensPerDay) return 'tokensPerDay';
    if (u.hourTokens >= LIMITS.tokensPerHour) return 'tokensPerHour';
    if ((u.projectTokens.get(project) ?? 0) >= LIMITS.tokensPerProjectPerHour) return 'tokensPerProjectPerHour';
    if ((u.serverErrors.get(project) ?? 0) >= LIMITS.serverErrorsPerProjectPerHour) return 'serverErrorsPerProjectPerHour';
    if (thresholded && u.thresholded >= LIMITS.potentiallyThresholdedRequestsPerHour) return 'potentiallyThresholdedRequestsPerHour';
    return undefined;
  }

  serverErrorsExhausted(property: string, project: string): boolean {
    return (this.state(property).serverErrors.get(project) ?? 0) >= LIMITS.serverErrorsPerProjectPerHour;
  }

  recordServerError(property: string, project: string): void {
    const u = this.state(property);
    u.serverErrors.set(project, (u.serverErrors.get(project) ?? 0) + 1);
  }

  /** charge a successful request and return the propertyQuota body (consumed = this request, remaining = after it) */
  charge(property: string, project: string, cost: number, thresholded: boolean): Record<string, QuotaStatus> {
    const u = this.state(property);
    u.dayTokens += cost;
    u.hourTokens += cost;
    u.projectTokens.set(project, (u.projectTokens.get(project) ?? 0) + cost);
    if (thresholded) u.thresholded++;
    return this.body(u, project, cost, thresholded ? 1 : 0, Math.max(0, u.inFlight - 1));
  }

  private body(u: PropertyUsage, project: string, cost: number, thresholdedConsumed: number, otherInFlight: number): Record<string, QuotaStatus> {
    const left = (limit: number, used: number) => Math.max(0, limit - used);
    return {
      tokensPerDay: { consumed: cost, remaining: left(LIMITS.tokensPerDay, u.dayTokens) },
      tokensPerHour: { consumed: cost, remaining: left(LIMITS.tokensPerHour, u.hourTokens) },
      concurrentRequests: { consumed: 0, remaining: left(LIMITS.concurrentRequests, otherInFlight) },
      serverErrorsPerProjectPerHour: { consumed: 0, remaining: left(LIMITS.serverErrorsPerProjectPerHour, u.serverErrors.get(project) ?? 0) },
      potentiallyThresholdedRequestsPerHour: { consumed: thresholdedConsumed, remaining: left(LIMITS.potentiallyThresholdedRequestsPerHour, u.thresholded) },
      tokensPerProjectPerHour: { consumed: cost, remaining: left(LIMITS.tokensPerProjectPerHour, u.projectTokens.get(project) ?? 0) },
    };
  }

  /** admin: current usage of a property as a propertyQuota-shaped body with consumed = used so far */
  snapshot(property: string, project: string): Record<string, unknown> {
    const u = this.state(property);
    return {
      property,
      project,
      usage: {
        tokensPerDay: u.dayTokens, tokensPerHour: u.hourTokens, tokensPerProjectPerHour: u.projectTokens.get(project) ?? 0,
        concurrentRequests: u.inFlight, serverErrorsPerProjectPerHour: u.serverErrors.get(project) ?? 0, potentiallyThresholdedRequestsPerHour: u.thresholded,
      },
      limits: LIMITS,
    };
  }

  /** admin: pretend earlier traffic used quota (to reach exhaustion without 14,000 tokens of requests) */
  consume(property: string, project: string, input: { tokens?: number; serverErrors?: number; thresholdedRequests?: number }): void {
    const u = this.state(property);
    const tokens = Math.max(0, input.tokens ?? 0);
    u.dayTokens += tokens;
    u.hourTokens += tokens;
    u.projectTokens.set(project, (u.projectTokens.get(project) ?? 0) + tokens);
    u.serverErrors.set(project, (u.serverErrors.get(project) ?? 0) + Math.max(0, input.serverErrors ?? 0));
    u.thresholded += Math.max(0, input.thresholdedRequests ?? 0);
  }

  reset(): void {
    for (const u of this.usage.values()) {
      const inFlight = u.inFlight;
      Object.assign(u, { dayTokens: 0, hourTokens: 0, thresholded: 0, inFlight });
      u.projectTokens.clear();
      u.serverErrors.clear();
    }
  }
}
