import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { mountEmulators, type MountedEmulators } from '@parallels/emulators';
import type { Config } from '../config.js';

export const SANDBOX_PREFIX = '/sandbox';

/**
 * Sandbox mode: every platform's emulator on the app's own port under /sandbox/<platform>, with its admin
 * endpoints (clock, faults, tokens). Production mode never calls this (ARCHITECTURE.md, Sandbox mode).
 */
export async function mountSandboxEmulators(app: FastifyInstance, config: Config): Promise<MountedEmulators> {
  if (config.mode !== 'sandbox') throw new Error('emulators are mounted in sandbox mode only');
  return mountEmulators(app, {
    publicUrl: `${config.publicUrl}${SANDBOX_PREFIX}`,
    prefix: SANDBOX_PREFIX,
    admin: true,
    shopifyWebhookUrl: `${config.publicUrl}/api/webhooks/shopify`,
    shopifyAppUrl: `${config.publicUrl}/shopify`,
    shopifyPricingReturnUrl: `${config.publicUrl}/pricing_callback`,
    // Tokens the emulators issued stay valid across restarts, like a real platform's (tests run in memory).
    tokenDir: config.env === 'test' ? undefined : join(config.dataDir, 'sandbox'),
  });
}
