import type { FastifyInstance } from 'fastify';
import { createWorld, type World } from '@parallels/emulators/common/world';
import type { Database } from '../db/client.js';
import type { TokenKeyring } from '../lib/token-crypto.js';
import { findOrCreateUser } from '../modules/auth/auth.service.js';
import { createBrandWithConnections } from '../modules/brands/brands.service.js';
import type { NewConnection } from '../modules/brands/brands.sql.js';
import { saveGrant } from '../modules/connections/grants.service.js';
import { recordSubscription } from '../modules/pricing/pricing.service.js';
import { turnOnAllEmails } from '../modules/email-reports/email-reports.service.js';
import { SANDBOX_PREFIX } from './emulators.js';

// The sandbox's demo account and brand (ARCHITECTURE.md, "Sandbox mode"): the emulators' demo store and
// accounts, connected as if the demo user had pressed 'Allow' on every consent page.
export const DEMO_USER = { username: 'Demo', email: 'demo@parallels.dev', password: 'parallels-demo' } as const;
export const DEMO_BRAND_NAME = 'Parallels_Demo_Store';

const GOOGLE_SCOPE = 'openid email https://www.googleapis.com/auth/adwords https://www.googleapis.com/auth/analytics.readonly';

async function mint(app: FastifyInstance, host: string | undefined, platform: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  // addressed to our own host: with NODE_ENV=production any other Host is refused (plugins/security.ts)
  const res = await app.inject({ method: 'POST', url: `${SANDBOX_PREFIX}/${platform}/__admin/tokens`, headers: host ? { host } : {}, payload: body });
  if (res.statusCode !== 200) throw new Error(`sandbox ${platform} did not mint a token: ${res.statusCode} ${res.body}`);
  return res.json();
}

const expiry = (seconds: unknown) => (typeof seconds === 'number' ? new Date(Date.now() + seconds * 1000) : null);

/** Asks an emulator for a token as its consent page would grant it: POST <platform>/__admin/tokens. */
export type MintToken = (platform: 'google' | 'meta' | 'shopify', body: Record<string, unknown>) => Promise<Record<string, unknown>>;

/**
 * A brand for one emulator merchant, connected as if its owner had pressed 'Allow' on every consent page: the
 * store, every Meta ad account and Google Ads account (not managers) of the merchant, and its GA4 property. The
 * demo seed below uses it, and so does bench/scale for the generated merchants (EMULATOR_MERCHANTS).
 */
export async function connectEmulatorMerchant(
  deps: { db: Database; keyring: TokenKeyring },
  mint: MintToken,
  world: World,
  merchantId: string,
  owner: { userId: string; brandName: string },
): Promise<string> {
  const merchant = world.merchants.find((m) => m.id === merchantId)!;
  const shop = world.shopify.shops.find((s) => s.merchantId === merchantId)!;
  const adAccounts = world.meta.adAccounts.filter((a) => a.merchantId === merchantId);
  const meta = world.meta.identities.find((i) => adAccounts.some((a) => i.adAccountIds.includes(a.id)))!;
  const customers = world.google.customers.filter((c) => c.merchantId === merchantId && !c.manager);
  const property = world.google.ga4Accounts.flatMap((a) => a.properties).find((p) => p.merchantId === merchantId)!;
  const ga4Account = world.google.ga4Accounts.find((a) => a.properties.includes(property))!;
  const google = world.google.identities.find((i) => i.ga4AccountIds.includes(ga4Account.id))!;
  const { userId } = owner;

  const g = await mint('google', { sub: google.sub, scope: GOOGLE_SCOPE });
  const googleGrant = await saveGrant(deps, { userId, provider: 'google', subject: google.sub, email: google.email, scope: String(g.scope), accessToken: String(g.access_token), refreshToken: String(g.refresh_token), expiresAt: expiry(g.expires_in) });
  const m = await mint('meta', { userId: meta.id });
  const metaGrant = await saveGrant(deps, { userId, provider: 'facebook', subject: meta.id, email: meta.email, scope: String(m.scope ?? 'ads_read'), accessToken: String(m.access_token), refreshToken: null, expiresAt: expiry(m.expires_in) });
  const s = await mint('shopify', { shop: shop.domain });
  const shopGrant = await saveGrant(deps, { userId, provider: 'shopify', subject: shop.domain, email: shop.email, scope: String(s.scope), accessToken: String(s.access_token), refreshToken: null, expiresAt: null });

  const connections: NewConnection[] = [
    { platform: 'shopify', accountId: shop.domain, accountName: shop.name, managerId: null, grantId: shopGrant, currency: merchant.currency, timezone: merchant.timezone },
    ...adAccounts.map((a) => ({ platform: 'meta' as const, accountId: a.id, accountName: a.name, managerId: null, grantId: metaGrant, currency: a.currency, timezone: a.timezoneName })),
    ...customers.map((c) => ({ platform: 'google_ads' as const, accountId: c.id, accountName: c.descriptiveName, managerId: c.managerId, grantId: googleGrant, currency: c.currencyCode, timezone: c.timeZone })),
    { platform: 'ga4', accountId: property.id.replace('properties/', ''), accountName: property.displayName, managerId: null, grantId: googleGrant },
  ];
  return createBrandWithConnections(deps.db, { name: owner.brandName, currency: merchant.currency, timezone: merchant.timezone, userId, connections });
}

export async function seedDemo(app: FastifyInstance, deps: { db: Database; keyring: TokenKeyring; publicUrl?: string }): Promise<void> {
  const { db } = deps;
  const host = deps.publicUrl ? new URL(deps.publicUrl).host : undefined;
  const user = await findOrCreateUser(db, DEMO_USER);
  if (!user) return; // created concurrently by another process
  if (user.created) app.log.info({ email: DEMO_USER.email }, 'sandbox demo account created');
  if (user.brandIds.length > 0) return;

  const world = createWorld();
  const shop = world.shopify.shops.find((s) => s.merchantId === 'demo')!;
  const brandId = await connectEmulatorMerchant(deps, (platform, body) => mint(app, host, platform, body), world, 'demo', { userId: user.id, brandName: DEMO_BRAND_NAME });
  // The demo shows every screen: its store is on the Growth Plan, as if the merchant had approved it on the
  // store's plan page (docs/decisions/013). A new sandbox brand starts on Free like any other.
  await recordSubscription(db, { brandId, shop: shop.domain, plan: 'GROWTH', status: 'active', chargeId: 'sandbox-demo', trialEndsOn: null, billingOn: new Date(Date.now() + 30 * 86_400_000) });
  // The demo shows the product's emails too: its digests and alerts are on (they land in /sandbox/mail).
  await turnOnAllEmails({ db }, user.id, brandId);
  app.log.info('sandbox demo brand connected to the emulators');
}
