import type { FastifyInstance } from 'fastify';
import { escapeHtml, page } from '../common/html.js';
import { confirmationUrl } from './billing.js';
import type { AppSubscription, ShopifyState } from './state.js';
import { notFoundPage } from './errors.js';

// Managed pricing (shopify.dev "About managed pricing"): the app's plans are set up in the Partner Dashboard and
// Shopify hosts the plan page at admin.shopify.com/store/{store}/charges/{app_handle}/pricing_plans. The merchant
// picks a plan, approves the charge, and Shopify opens the app's welcome link with charge_id (and here shop).

export interface ManagedPlan { name: string; amount: number; trialDays: number }

/** The sandbox app's plans, as its Partner Dashboard would list them (spec: Startup $10, Growth $50, 14-day trial). */
export const SANDBOX_PLANS: ManagedPlan[] = [
  { name: 'Startup Plan', amount: 10, trialDays: 14 },
  { name: 'Growth Plan', amount: 50, trialDays: 14 },
];

export function registerPricingPlanRoutes(app: FastifyInstance, state: ShopifyState, options: { appHandle: string; returnUrl: string | undefined }): void {
  const path = '/store/:store/charges/:handle/pricing_plans';
  type Params = { store: string; handle: string };
  const shopOf = (p: Params) => (p.handle === options.appHandle && options.returnUrl ? state.runtime(`${p.store}.myshopify.com`) : undefined);

  app.get<{ Params: Params }>(path, async (req, reply) => {
    const rt = shopOf(req.params);
    if (!rt) return notFoundPage(reply);
    const current = rt.subscriptions.find((s) => s.status === 'ACTIVE');
    const cards = SANDBOX_PLANS.map(
      (p) => `<li><h2>${escapeHtml(p.name)}</h2><p>$${p.amount} USD every 30 days, ${p.trialDays}-day free trial</p>
${current?.name === p.name ? '<p><strong>Current plan</strong></p>' : `<button class="primary" type="submit" name="plan" value="${escapeHtml(p.name)}">Choose ${escapeHtml(p.name)}</button>`}</li>`,
    ).join('');
    const body = `<h1>Choose a plan for Parallels</h1><p>${escapeHtml(rt.shop.name)} (${escapeHtml(rt.shop.domain)})</p>
<form method="post" action="${escapeHtml(`${state.ctx.baseUrl}/store/${req.params.store}/charges/${options.appHandle}/pricing_plans`)}"><ul>${cards}</ul></form>`;
    return reply.type('text/html; charset=utf-8').send(page('Pricing plans', body));
  });

  // Choosing a plan creates the pending charge and opens its Approve page (billing.ts), as appSubscriptionCreate does.
  app.post<{ Params: Params; Body: { plan?: string } }>(path, async (req, reply) => {
    const rt = shopOf(req.params);
    const plan = SANDBOX_PLANS.find((p) => p.name === req.body?.plan);
    if (!rt || !plan) return notFoundPage(reply);
    const id = state.nextSubscriptionId();
    const returnUrl = new URL(options.returnUrl!);
    returnUrl.searchParams.set('shop', rt.shop.domain);
    const sub: AppSubscription = {
      __node: 'AppSubscription', id, shop: rt.shop.domain, name: plan.name, status: 'PENDING', test: true, trialDays: plan.trialDays,
      returnUrl: returnUrl.toString(), createdAt: state.ctx.clock.now().getTime(), activatedAt: null, currentPeriodEnd: null,
      lineItems: [{ id: id * 10 + 1, kind: 'recurring', amount: String(plan.amount), currencyCode: 'USD', interval: 'EVERY_30_DAYS', terms: null }],
    };
    rt.subscriptions.push(sub);
    return reply.redirect(confirmationUrl(state, rt, sub), 302);
  });
}
