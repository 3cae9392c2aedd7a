import type { FastifyInstance } from 'fastify';
import { createWorld } from '@parallels/emulators/common/world';
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

export async function seedDemo(app: FastifyInstance, deps: { db: Database; keyring: TokenKeyring; publicUrl?: string }): Promise<void> {
  const { db } = deps;
  const host = deps.publicUrl ? new URL(deps.publicUrl).host : undefined;
  const user = await findOrCreateUser(db, DEMO_USER);
  if (!user) return; // created concurrently by another process
  if (user.created) app.log.info({ email: DEMO_USER.email }, 'sandbox demo account created');
  if (user.brandIds.length > 0) return;

  const world = createWorld();
  const google = world.google.identities[0]!;
  const meta = world.meta.identities[0]!;
  const shop = world.shopify.shops.find((s) => s.merchantId === 'demo')!;
  const merchant = world.merchants.find((m) => m.id === 'demo')!;

  const g = await mint(app, host, 'google', { sub: google.sub, scope: GOOGLE_SCOPE });
  const googleGrant = await saveGrant(deps, { userId: user.id, provider: 'google', subject: google.sub, email: google.email, scope: String(g.scope), accessToken: String(g.access_token), refreshToken: String(g.refresh_token), expiresAt: expiry(g.expires_in) });
  const m = await mint(app, host, 'meta', { userId: meta.id });
  const metaGrant = await saveGrant(deps, { userId: user.id, provider: 'facebook', subject: meta.id, email: meta.email, scope: String(m.scope ?? 'ads_read'), accessToken: String(m.access_token), refreshToken: null, expiresAt: expiry(m.expires_in) });
  const s = await mint(app, host, 'shopify', { shop: shop.domain });
  const shopGrant = await saveGrant(deps, { userId: user.id, provider: 'shopify', subject: shop.domain, email: shop.email, scope: String(s.scope), accessToken: String(s.access_token), refreshToken: null, expiresAt: null });

  const customer = world.google.customers.find((c) => c.merchantId === 'demo' && !c.manager)!;
  const property = world.google.ga4Accounts.flatMap((a) => a.properties).find((p) => p.merchantId === 'demo')!;
  const connections: NewConnection[] = [
    { platform: 'shopify', accountId: shop.domain, accountName: shop.name, managerId: null, grantId: shopGrant, currency: merchant.currency, timezone: merchant.timezone },
    ...world.meta.adAccounts
      .filter((a) => a.merchantId === 'demo')
      .map((a) => ({ platform: 'meta' as const, accountId: a.id, accountName: a.name, managerId: null, grantId: metaGrant, currency: a.currency, timezone: a.timezoneName })),
    { platform: 'google_ads', accountId: customer.id, accountName: customer.descriptiveName, managerId: customer.managerId, grantId: googleGrant, currency: customer.currencyCode, timezone: customer.timeZone },
    { platform: 'ga4', accountId: property.id.replace('properties/', ''), accountName: property.displayName, managerId: null, grantId: googleGrant },
  ];
  const brandId = await createBrandWithConnections(db, { name: DEMO_BRAND_NAME, currency: merchant.currency, timezone: merchant.timezone, userId: user.id, connections });
  // The demo shows every screen: its store is on the Growth Plan, as if the merchant had approved it on the
  // store's plan page (docs/decisions/013). A new sandbox brand starts on Free like any other.
  await recordSubscription(db, { brandId, shop: shop.domain, plan: 'GROWTH', status: 'active', chargeId: 'sandbox-demo', trialEndsOn: null, billingOn: new Date(Date.now() + 30 * 86_400_000) });
  // The demo shows the product's emails too: its digests and alerts are on (they land in /sandbox/mail).
  await turnOnAllEmails({ db }, user.id, brandId);
  app.log.info('sandbox demo brand connected to the emulators');
}
