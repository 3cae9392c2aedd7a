import type { EmulatorClock } from './clock.js';
import type { FaultStore } from './faults.js';
import type { TokenStore } from './tokens.js';
import type { World } from './world.js';

/**
 * What every platform emulator is given. `baseUrl` is the public URL at which this platform is mounted
 * (e.g. http://localhost:3000/sandbox/meta): paging links and redirect pages are built from it.
 */
export interface EmulatorContext {
  world: World;
  clock: EmulatorClock;
  faults: FaultStore;
  tokens: TokenStore;
  baseUrl: string;
  /**
   * 'off': no quotas beyond injected faults; 'realistic': the platform's real quota figures (benchmarks).
   * `latency: 'realistic'` (only in realistic mode; default off) adds each platform's typical latency as
   * waiting, and async jobs take a realistic time (common/timing.ts).
   * `refused` counts the quota refusals sent in realistic mode, by `'<platform>:<limit>'` (common/refusals.ts).
   * One object is shared by every platform of a mount.
   */
  quota: { mode: 'off' | 'realistic'; latency?: 'off' | 'realistic'; refused: Record<string, number> };
  /** admin endpoints (/__admin/...) are mounted only when true; never in production mode */
  admin: boolean;
}
