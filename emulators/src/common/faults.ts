/**
 * Fault injection, set per key (an account id, a token, a shop, or '*' for everything) through each
 * emulator's admin endpoint. Each platform turns a fault into its own wire format (Meta code 17, Google
 * RESOURCE_EXHAUSTED, Shopify THROTTLED, ...): this file only says what is wanted and counts it down.
 */
export interface FaultPlan {
  /** added delay before answering, ms */
  latencyMs?: number;
  /** answer with the platform's rate-limit signal; retryAfterSeconds is what the platform asks for */
  rateLimit?: { retryAfterSeconds: number };
  /** answer 5xx (status defaults to 503) */
  serverError?: { status?: number };
  /** never answer (the client's timeout must fire) */
  timeout?: boolean;
  /** answer 200 with a body that is cut off mid-JSON */
  malformed?: boolean;
  /** the access token is expired (Meta 190/463, Google UNAUTHENTICATED, Shopify 401) */
  tokenExpired?: boolean;
  /** the grant is revoked (Google invalid_grant on refresh, Meta 190/460) */
  tokenRevoked?: boolean;
  /** permission denied on this account (Meta 200/10, Google PERMISSION_DENIED) */
  permissionDenied?: boolean;
  /** Google Ads only: the user has no Ads account (NOT_ADS_USER) */
  notAdsUser?: boolean;
  /** how many requests the fault applies to before it clears itself; absent = until cleared */
  times?: number;
}

export type FaultKind = Exclude<keyof FaultPlan, 'times' | 'latencyMs'>;

export class FaultStore {
  private readonly plans = new Map<string, FaultPlan>();

  set(key: string, plan: FaultPlan): void {
    this.plans.set(key, { ...plan });
  }

  clear(key?: string): void {
    if (key === undefined) this.plans.clear();
    else this.plans.delete(key);
  }

  list(): Record<string, FaultPlan> {
    return Object.fromEntries(this.plans);
  }

  /**
   * The plan that applies to a request touching these keys (first match wins, '*' last).
   * Counts the request against `times`, removing the plan when it runs out.
   */
  take(...keys: Array<string | undefined | null>): FaultPlan | undefined {
    for (const key of [...keys, '*']) {
      if (key == null) continue;
      const plan = this.plans.get(key);
      if (!plan) continue;
      if (plan.times !== undefined) {
        plan.times -= 1;
        if (plan.times <= 0) this.plans.delete(key);
      }
      return plan;
    }
    return undefined;
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
