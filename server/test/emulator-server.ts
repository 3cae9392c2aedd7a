import Fastify, { type FastifyInstance } from 'fastify';
import { mountEmulators, type MountedEmulators } from '@parallels/emulators';
import { EmulatorClock } from '@parallels/emulators/common/clock';
import { loadConfig, type PlatformsConfig } from '../src/config.js';

export interface EmulatorServer {
  origin: string;
  /** our connectors' configuration, pointed at these emulators */
  platforms: PlatformsConfig;
  emulators: MountedEmulators;
  app: FastifyInstance;
  /** POST an admin endpoint of one platform (mint tokens, faults, clock) */
  admin<T = Record<string, unknown>>(platform: string, path: string, body?: unknown, method?: string): Promise<T>;
  close(): Promise<void>;
}

/**
 * The emulators alone on a loopback port, with a pinned clock (default 2026-06-15T06:00:00Z), for connector
 * tests: our real API clients talk to them over HTTP exactly as they would to the platforms.
 */
export async function startEmulatorServer(options: { now?: string; seed?: string; quotaMode?: 'off' | 'realistic'; shopifyOrders?: Record<string, number> } = {}): Promise<EmulatorServer> {
  const app = Fastify({ logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const origin = `http://127.0.0.1:${address.port}`;
  // Fastify cannot add routes after listen; so close and re-listen on the same port with routes mounted.
  await app.close();
  const server = Fastify({ logger: false });
  const emulators = await mountEmulators(server, {
    publicUrl: `${origin}/sandbox`,
    prefix: '/sandbox',
    seed: options.seed,
    admin: true,
    clock: new EmulatorClock(options.now ?? '2026-06-15T06:00:00Z'),
    quotaMode: options.quotaMode ?? 'off',
    shopifyOrders: options.shopifyOrders,
  });
  await server.listen({ port: address.port, host: '127.0.0.1' });
  const platforms = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: origin }).platforms;
  return {
    origin,
    platforms,
    emulators,
    app: server,
    async admin<T>(platform: string, path: string, body?: unknown, method = 'POST') {
      const res = await fetch(`${origin}/sandbox/${platform}/__admin/${path}`, { method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
      if (!res.ok) throw new Error(`admin ${platform}/${path} answered ${res.status}: ${await res.text()}`);
      return (await res.json()) as T;
    },
    close: () => server.close(),
  };
}
