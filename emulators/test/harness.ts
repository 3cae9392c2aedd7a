import Fastify, { type FastifyPluginAsync } from 'fastify';
import formbody from '@fastify/formbody';
import { EmulatorClock } from '../src/common/clock.js';
import { FaultStore } from '../src/common/faults.js';
import { TokenStore } from '../src/common/tokens.js';
import { createWorld, withShopOrderVolume } from '../src/common/world.js';
import { addDays, dayInZone } from '../src/common/dates.js';
import type { EmulatorContext } from '../src/common/context.js';

export interface RunningPlatform {
  /** e.g. http://127.0.0.1:41234/sandbox/meta */
  baseUrl: string;
  ctx: EmulatorContext;
  close: () => Promise<void>;
}

/**
 * Serve one platform emulator on a random loopback port, as a client would see it, with a pinned clock
 * (default 2026-06-15T06:00:00Z) so that history and "yesterday" are fixed.
 */
export async function startPlatform(
  platform: string,
  plugin: (ctx: EmulatorContext) => FastifyPluginAsync,
  options: { now?: string; seed?: string; tokenPrefix?: string; quotaMode?: 'off' | 'realistic'; prefix?: string; shopifyOrders?: Record<string, number> } = {},
): Promise<RunningPlatform> {
  const app = Fastify({ logger: false });
  await app.register(formbody);
  const clock = new EmulatorClock(options.now ?? '2026-06-15T06:00:00Z');
  const ctx: EmulatorContext = {
    world: withShopOrderVolume(createWorld(options.seed ?? 'test-seed'), options.shopifyOrders ?? {}, (tz) => addDays(dayInZone(clock.now(), tz), -1)),
    clock,
    faults: new FaultStore(),
    tokens: new TokenStore(clock, options.tokenPrefix ?? 'tok_'),
    baseUrl: '',
    quota: { mode: options.quotaMode ?? 'off', refused: {} },
    admin: true,
  };
  // The base URL is only known once listening; plugins read ctx.baseUrl at request time.
  // a client that cannot take a path prefix (Google's generated clients) needs the platform at the root: prefix ''
  const prefix = options.prefix ?? `/sandbox/${platform}`;
  await app.register(plugin(ctx), { prefix });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  ctx.baseUrl = `http://127.0.0.1:${address.port}${prefix}`;
  return { baseUrl: ctx.baseUrl, ctx, close: () => app.close() };
}
