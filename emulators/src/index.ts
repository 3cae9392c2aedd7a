import type { FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import { EmulatorClock } from './common/clock.js';
import { FaultStore } from './common/faults.js';
import { TokenStore } from './common/tokens.js';
import { addDays, dayInZone } from './common/dates.js';
import { createWorld, DEFAULT_SEED, withShopOrderVolume, type World } from './common/world.js';
import { withScaleMerchants } from './common/scale-merchants.js';
import type { EmulatorContext } from './common/context.js';
import { metaEmulator } from './meta/app.js';
import { googleEmulator } from './google/app.js';
import { googleAdsEmulator } from './google-ads/app.js';
import { ga4Emulator } from './ga4/app.js';
import { shopifyEmulator } from './shopify/app.js';
import { zohoEmulator } from './zoho/app.js';

export const PLATFORMS = ['meta', 'google', 'google-ads', 'ga4', 'shopify', 'zoho'] as const;
export type Platform = (typeof PLATFORMS)[number];

export interface EmulatorOptions {
  /** public origin + prefix under which platforms are mounted, e.g. http://localhost:3000/sandbox */
  publicUrl: string;
  /** path prefix on the Fastify instance, e.g. /sandbox */
  prefix: string;
  seed?: string;
  world?: World;
  clock?: EmulatorClock;
  admin?: boolean;
  quotaMode?: 'off' | 'realistic';
  /** where the Shopify emulator sends order and compliance webhooks (the app's webhook route) */
  shopifyWebhookUrl?: string;
  /** the app's URL the Shopify emulator opens after an App Store install (the app's /shopify screen) */
  shopifyAppUrl?: string;
  /** managed pricing: the app's welcome link, where the Shopify emulator returns after a plan is approved */
  shopifyPricingReturnUrl?: string;
  /**
   * large stores: orders over the two years ending yesterday (at mount, on the emulator clock) per shop domain,
   * e.g. `{ 'parallels-demo.myshopify.com': 2_000_000 }` (`EMULATOR_SHOPIFY_ORDERS`; common/world.ts withShopOrderVolume)
   */
  shopifyOrders?: Record<string, number>;
  /**
   * many merchants: this many generated small-to-medium merchants (`scale-001`, ...) with their shops and accounts on
   * every platform, beside the usual ones (`EMULATOR_MERCHANTS`; common/scale-merchants.ts withScaleMerchants)
   */
  merchants?: number;
  /** keep issued access and refresh tokens in this folder so they survive a restart (the app's sandbox) */
  tokenDir?: string;
}

export interface MountedEmulators {
  contexts: Record<Platform, EmulatorContext>;
  baseUrls: Record<Platform, string>;
  clock: EmulatorClock;
  world: World;
}

/**
 * Mount every platform emulator on a Fastify instance under `${prefix}/<platform>`.
 * Google's OAuth, Ads and GA4 share one token store: a token Google issues works on all three.
 */
export async function mountEmulators(app: FastifyInstance, options: EmulatorOptions): Promise<MountedEmulators> {
  const clock = options.clock ?? new EmulatorClock();
  // generated merchants first, so that a large store can be one of them
  const merchants = withScaleMerchants(options.world ?? createWorld(options.seed ?? DEFAULT_SEED), options.merchants ?? 0);
  const world = withShopOrderVolume(merchants, options.shopifyOrders ?? {}, (tz) => addDays(dayInZone(clock.now(), tz), -1));
  const tokenFile = (name: string) => (options.tokenDir ? `${options.tokenDir}/${name}-tokens.jsonl` : undefined);
  const googleTokens = new TokenStore(clock, 'ya29.', tokenFile('google'));
  // one object for every platform: the mode, and the quota refusals counted across all of them (common/refusals.ts)
  const quota: EmulatorContext['quota'] = { mode: options.quotaMode ?? 'off', refused: {} };
  const make = (platform: Platform, tokens: TokenStore): EmulatorContext => ({
    world,
    clock,
    faults: new FaultStore(),
    tokens,
    baseUrl: `${options.publicUrl}/${platform}`,
    quota,
    admin: options.admin ?? false,
  });
  const contexts: Record<Platform, EmulatorContext> = {
    meta: make('meta', new TokenStore(clock, 'EAAB', tokenFile('meta'))),
    google: make('google', googleTokens),
    'google-ads': make('google-ads', googleTokens),
    ga4: make('ga4', googleTokens),
    shopify: make('shopify', new TokenStore(clock, 'shpat_', tokenFile('shopify'))),
    zoho: make('zoho', new TokenStore(clock, '1000.', tokenFile('zoho'))),
  };
  await app.register(async (scope) => {
    await scope.register(formbody);
    await scope.register(metaEmulator(contexts.meta), { prefix: '/meta' });
    await scope.register(googleEmulator(contexts.google), { prefix: '/google' });
    await scope.register(googleAdsEmulator(contexts['google-ads']), { prefix: '/google-ads' });
    await scope.register(ga4Emulator(contexts.ga4), { prefix: '/ga4' });
    await scope.register(shopifyEmulator(contexts.shopify, { webhookUrl: options.shopifyWebhookUrl, appUrl: options.shopifyAppUrl, pricingReturnUrl: options.shopifyPricingReturnUrl }), { prefix: '/shopify' });
    await scope.register(zohoEmulator(contexts.zoho), { prefix: '/zoho' });
  }, { prefix: options.prefix });
  const baseUrls = Object.fromEntries(PLATFORMS.map((p) => [p, contexts[p].baseUrl])) as Record<Platform, string>;
  return { contexts, baseUrls, clock, world };
}
