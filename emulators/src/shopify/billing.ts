import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { escapeHtml, page } from '../common/html.js';
import { appId, type AppSubscription, type ShopifyState, type ShopRuntime } from './state.js';
import { notFoundPage } from './errors.js';

// The merchant's side of billing: the page `confirmationUrl` opens (Approve / Decline), after which
// Shopify sends the merchant to returnUrl with `charge_id` appended, whether they approved or not
// (reference 5.4; REST `decorated_return_url`). The app must then check the status server-side.

const DAY_MS = 86_400_000;

function chargePath(rt: ShopRuntime, state: ShopifyState, sub: AppSubscription): string {
  return `/${rt.shop.domain}/admin/charges/${appId(state.ctx.world.apps.shopify.clientId)}/${sub.id}/RecurringApplicationCharge/confirm_recurring_application_charge`;
}

function sign(state: ShopifyState, shop: string, id: number): string {
  return createHmac('sha256', state.ctx.world.apps.shopify.clientSecret).update(`charge:${shop}:${id}`).digest('base64url');
}

export function confirmationUrl(state: ShopifyState, rt: ShopRuntime, sub: AppSubscription): string {
  return `${state.ctx.baseUrl}${chargePath(rt, state, sub)}?signature=${sign(state, rt.shop.domain, sub.id)}`;
}

function withChargeId(returnUrl: string, id: number): string {
  const u = new URL(returnUrl);
  u.searchParams.append('charge_id', String(id));
  return u.toString();
}

interface ChargeParams { shop: string; appId: string; chargeId: string }

export function registerBillingRoutes(app: FastifyInstance, state: ShopifyState): void {
  const path = '/:shop/admin/charges/:appId/:chargeId/RecurringApplicationCharge/confirm_recurring_application_charge';
  const lookup = (p: ChargeParams, signature: unknown): { rt: ShopRuntime; sub: AppSubscription } | undefined => {
    const rt = state.runtime(p.shop);
    const sub = rt?.subscriptions.find((s) => String(s.id) === p.chargeId);
    if (!rt || !sub || signature !== sign(state, rt.shop.domain, sub.id)) return undefined;
    return { rt, sub };
  };

  app.get<{ Params: ChargeParams; Querystring: { signature?: string } }>(path, async (req, reply) => {
    const found = lookup(req.params, req.query.signature);
    if (!found) return notFoundPage(reply);
    const { rt, sub } = found;
    const li = sub.lineItems[0];
    const priceText = li ? `${escapeHtml(li.amount)} ${escapeHtml(li.currencyCode)} ${li.interval === 'ANNUAL' ? 'every year' : 'every 30 days'}` : '';
    const decided = sub.status !== 'PENDING';
    const body = `<h1>Approve subscription</h1>
<p><strong>${escapeHtml(rt.shop.name)}</strong> (${escapeHtml(rt.shop.domain)})</p>
<p>Plan: <strong>${escapeHtml(sub.name)}</strong><br>Price: ${priceText}${sub.trialDays ? `<br>Free trial: ${sub.trialDays} days` : ''}</p>
${sub.test ? '<p class="sandbox">Test charge: you will not be billed</p>' : ''}
${decided ? `<p>This charge is already ${escapeHtml(sub.status.toLowerCase())}.</p>` : ''}
<form method="post" action="${escapeHtml(`${state.ctx.baseUrl}${chargePath(rt, state, sub)}`)}">
<input type="hidden" name="signature" value="${escapeHtml(req.query.signature ?? '')}">
<div class="actions"><button class="primary" type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="decline">Decline</button></div></form>`;
    return reply.type('text/html; charset=utf-8').send(page('Approve subscription', body));
  });

  app.post<{ Params: ChargeParams; Body: { signature?: string; decision?: string } }>(path, async (req, reply) => {
    const found = lookup(req.params, req.body?.signature);
    if (!found) return notFoundPage(reply);
    const { rt, sub } = found;
    const now = state.ctx.clock.now().getTime();
    if (sub.status === 'PENDING') {
      if (req.body?.decision === 'approve') {
        // the default replacement behaviour: a newly approved plan replaces the active one
        for (const other of rt.subscriptions) if (other !== sub && other.status === 'ACTIVE') other.status = 'CANCELLED';
        sub.status = 'ACTIVE';
        sub.activatedAt = now;
        sub.currentPeriodEnd = now + (sub.trialDays + 30) * DAY_MS;
      } else {
        sub.status = 'DECLINED';
      }
    }
    return reply.redirect(withChargeId(sub.returnUrl, sub.id), 302);
  });
}
