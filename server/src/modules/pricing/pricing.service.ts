import { planById, planByName, planRank, PRICING_MESSAGES, PLANS, type PlanId, type PricingCallbackResponse, type SubscriptionDetails } from '@parallels/contract/pricing';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { TokenKeyring } from '../../lib/token-crypto.js';
import { AppError } from '../../lib/app-error.js';
import { PlatformError } from '../../connectors/platform-error.js';
import { listAppSubscriptions } from '../../connectors/shopify/shopify-billing.js';
import { normaliseShop, refreshShopifyToken } from '../../connectors/shopify/shopify-auth.js';
import { accessTokenFor } from '../connections/grants.service.js';
import { findGrant } from '../../db/grants.sql.js';
import * as sqlq from './pricing.sql.js';

export interface PricingDeps {
  db: Database;
  config: Config;
  keyring: TokenKeyring;
  now?: () => Date;
}

const DAY_MS = 86_400_000;

/** Only an active charge buys a plan; cancelled, frozen, expired, declined or pending mean Free. */
export function effectivePlan(row: Pick<sqlq.SubscriptionRow, 'plan' | 'status'> | undefined): PlanId {
  return row?.status === 'active' && (row.plan === 'STARTUP' || row.plan === 'GROWTH') ? row.plan : 'FREE';
}

export async function subscriptionDetails(deps: PricingDeps, brandId: string): Promise<SubscriptionDetails> {
  const row = await sqlq.findSubscription(deps.db, brandId);
  const now = (deps.now ?? (() => new Date()))().getTime();
  const plan = planById(effectivePlan(row));
  if (!row || plan.id === 'FREE') {
    return { planName: plan.name, status: row?.status === 'active' || !row ? 'free' : (row.status as SubscriptionDetails['status']), trialDaysRemaining: 0, trialEndsOn: null, daysUntilBilling: null, billingOn: null };
  }
  const daysUntil = (d: Date | null) => (d ? Math.max(0, Math.ceil((d.getTime() - now) / DAY_MS)) : null);
  return {
    planName: plan.name,
    status: 'active',
    trialDaysRemaining: daysUntil(row.trialEndsOn) ?? 0,
    trialEndsOn: row.trialEndsOn?.toISOString() ?? null,
    daysUntilBilling: daysUntil(row.billingOn),
    billingOn: row.billingOn?.toISOString() ?? null,
  };
}

/** The store's plan page, where Shopify shows our plans and the merchant approves one. */
export async function planPageUrl(deps: PricingDeps, brandId: string): Promise<string> {
  const store = await sqlq.findBrandStore(deps.db, brandId);
  if (!store) throw new AppError('conflict', 'Connect your Shopify store to this brand to choose a plan: billing goes through Shopify.', { code: 'NO_STORE' });
  const s = deps.config.platforms.shopify;
  return `${s.adminUrl}/store/${store.shop.replace(/\.myshopify\.com$/, '')}/charges/${s.appHandle}/pricing_plans`;
}

/**
 * /pricing_callback: Shopify sent the merchant back with shop and charge_id. The charge is looked up with
 * Shopify's Billing API on that store, with our own token for it: an unknown charge, another store's charge
 * or one not approved changes nothing.
 */
export async function confirmCharge(deps: PricingDeps, userId: string, query: { shop?: string; charge_id?: string }): Promise<PricingCallbackResponse> {
  if (!query.shop || !query.charge_id) throw new AppError('invalid', PRICING_MESSAGES.missingParameters);
  const shop = normaliseShop(query.shop);
  const brands = shop ? await sqlq.findUserBrandsOfStore(deps.db, userId, shop) : [];
  const grantId = brands.find((b) => b.grantId)?.grantId;
  const grant = grantId ? await findGrant(deps.db, grantId) : undefined;
  if (!shop || !grant) throw new AppError('not-found', 'None of your brands is connected to this store.');
  const s = deps.config.platforms.shopify;
  let charges;
  try {
    const token = await accessTokenFor(deps, grant, (rt) => refreshShopifyToken(s, shop, rt));
    charges = await listAppSubscriptions(s, shop, token);
  } catch (e) {
    if (e instanceof PlatformError) throw new AppError('platform-failed', `Shopify could not confirm the subscription: ${e.message}`);
    throw e;
  }
  const charge = charges.find((c) => c.chargeId === query.charge_id);
  if (!charge) throw new AppError('invalid', 'This subscription was not found on your store.');
  const plan = planByName(charge.name);
  if (!plan || plan.id === 'FREE') throw new AppError('invalid', `Unknown plan '${charge.name}'.`);
  if (charge.status !== 'ACTIVE') throw new AppError('plan-limit', charge.status === 'DECLINED' ? 'The subscription was declined in Shopify.' : `The subscription is ${charge.status.toLowerCase()} in Shopify.`);
  const trialEndsOn = charge.trialDays > 0 ? new Date(Date.parse(charge.createdAt) + charge.trialDays * DAY_MS) : null;
  const billingOn = trialEndsOn ?? (charge.currentPeriodEnd ? new Date(charge.currentPeriodEnd) : null);
  for (const b of brands) await sqlq.saveSubscription(deps.db, { brandId: b.brandId, shop, plan: plan.id, status: 'active', chargeId: charge.chargeId, trialEndsOn, billingOn });
  return { success: true, planName: plan.name, brandIds: brands.map((b) => b.brandId) };
}

/** Shopify's app_subscriptions/update webhook: keeps the status current (cancelled, frozen, expired...). */
export async function applySubscriptionWebhook(db: Database, shop: string, payload: unknown): Promise<number> {
  const sub = (payload as { app_subscription?: { admin_graphql_api_id?: string; status?: string } } | undefined)?.app_subscription;
  const chargeId = sub?.admin_graphql_api_id?.split('/').pop();
  if (!chargeId || !sub?.status) return 0;
  return sqlq.updateSubscriptionStatus(db, shop, chargeId, sub.status.toLowerCase());
}

const upgradeTo = (id: PlanId) => planById(id).name;

/** Adding a brand: the account's best plan must allow one more (Free and Startup: one; Growth: several). */
export async function assertCanAddBrand(db: Database, userId: string): Promise<void> {
  const facts = await sqlq.userPlanFacts(db, userId);
  const best = facts.plans.reduce<PlanId>((a, p) => (planRank(p as PlanId) > planRank(a) ? (p as PlanId) : a), 'FREE');
  const plan = planById(best);
  if (facts.brands < plan.maxBrands) return;
  const next = PLANS.find((p) => p.maxBrands > facts.brands)!;
  throw new AppError('plan-limit', `Your ${plan.name} includes ${plan.maxBrands === 1 ? 'one brand' : `${plan.maxBrands} brands`}. Upgrade to the ${upgradeTo(next.id)} to add more brands.`, { code: 'PLAN_LIMIT', requiredPlan: next.id });
}

/** Whether the brand's plan includes the report screens (Startup and up). */
export async function planIncludesReports(db: Database, brandId: string): Promise<boolean> {
  return planById(effectivePlan(await sqlq.findSubscription(db, brandId))).reports;
}

/** Records a brand's subscription as Shopify reports it (the billing callback, the sandbox's demo brand). */
export async function recordSubscription(db: Database, row: Omit<sqlq.SubscriptionRow, 'updatedAt'>): Promise<void> {
  await sqlq.saveSubscription(db, row);
}
