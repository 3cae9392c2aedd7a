import Fastify from 'fastify';
import { mountEmulators, PLATFORMS } from './index.js';
import { createWorld, DEFAULT_SEED, parseShopOrderVolumes } from './common/world.js';
import { parseScaleMerchants } from './common/scale-merchants.js';

// Standalone: `npm run emulators` serves every platform on one port and prints each base URL.
const port = Number(process.env.EMULATOR_PORT ?? 4010);
const host = process.env.EMULATOR_HOST ?? '127.0.0.1';
const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'warn' } });
const publicUrl = `http://${host}:${port}/sandbox`;
const mounted = await mountEmulators(app, {
  publicUrl,
  prefix: '/sandbox',
  seed: process.env.EMULATOR_SEED,
  admin: true,
  quotaMode: process.env.EMULATOR_QUOTA === 'realistic' ? 'realistic' : 'off',
  shopifyWebhookUrl: process.env.SHOPIFY_WEBHOOK_URL,
  // many merchants: EMULATOR_MERCHANTS=200 adds scale-001 ... scale-200, each with its shop and accounts on every platform
  merchants: parseScaleMerchants(process.env.EMULATOR_MERCHANTS),
  // a large store: EMULATOR_SHOPIFY_ORDERS=2000000 (the demo store's orders over two years) or shop=orders,...
  shopifyOrders: parseShopOrderVolumes(createWorld(process.env.EMULATOR_SEED ?? DEFAULT_SEED), process.env.EMULATOR_SHOPIFY_ORDERS),
});
await app.listen({ port, host });
for (const p of PLATFORMS) console.log(`${p.padEnd(11)} ${mounted.baseUrls[p]}`);

// Ctrl-C or a supervisor's SIGTERM: stop listening and let open answers finish, then exit.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().finally(() => process.exit(0));
  });
}
