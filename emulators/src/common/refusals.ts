import type { EmulatorContext } from './context.js';

/**
 * Quota refusals: how many calls the emulators refused for one of a platform's quotas or rate limits in
 * realistic quota mode, keyed `'<platform>:<limit>'` in the platform's own words (e.g. `shopify:THROTTLED`,
 * `ga4:concurrentRequests`, `google-ads:RESOURCE_EXHAUSTED`, `meta:ads_insights`). The counters live in
 * `ctx.quota`, which every platform of one mount shares, so `GET <any platform>/__admin/quota` shows them all and
 * `DELETE <any platform>/__admin/quota/refused` resets them (common/admin.ts). Benchmarks read them: the app's
 * workers are other processes, only the emulators see every refusal.
 *
 * Not counted: injected faults (common/faults.ts; tests provoke those on purpose), and anything in off mode
 * (Shopify's bulk-operation concurrency limit applies in both modes, but is counted only in realistic mode).
 */
export function countRefusal(ctx: Pick<EmulatorContext, 'quota'>, key: string): void {
  if (ctx.quota.mode !== 'realistic') return;
  ctx.quota.refused[key] = (ctx.quota.refused[key] ?? 0) + 1;
}
