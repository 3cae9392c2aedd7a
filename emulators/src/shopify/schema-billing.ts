import type { FieldDef, TypeDef } from './graphql/types.js';
import { connection, paginate } from './connection.js';
import { gid, parseGid, type ShopifyExec } from './exec-context.js';
import { confirmationUrl } from './billing.js';
import type { AppSubscription, SubscriptionLineItem } from './state.js';
import { gqlTime } from './time.js';

// Billing API: appSubscriptionCreate -> merchant confirmation page -> returnUrl?charge_id=...,
// currentAppInstallation.activeSubscriptions (shopify.dev .../mutations/appSubscriptionCreate).

type Types = Record<string, TypeDef<ShopifyExec>>;
const sub = (p: unknown): AppSubscription => p as AppSubscription;

export function billingQueryFields(): Record<string, FieldDef<ShopifyExec>> {
  return { currentAppInstallation: { type: 'AppInstallation!', resolve: (_p, _a, ctx) => ({ ctx }) } };
}

export function billingMutationFields(): Record<string, FieldDef<ShopifyExec>> {
  return {
    appSubscriptionCreate: {
      type: 'AppSubscriptionCreatePayload',
      args: { name: 'String!', returnUrl: 'URL!', lineItems: '[AppSubscriptionLineItemInput!]!', test: 'Boolean', trialDays: 'Int', replacementBehavior: 'AppSubscriptionReplacementBehavior' },
      resolve: (_p, args, ctx) => {
        const errors: Array<{ field: string[]; message: string }> = [];
        const name = String(args.name ?? '').trim();
        if (!name) errors.push({ field: ['name'], message: "Name can't be blank" });
        const returnUrl = String(args.returnUrl ?? '');
        if (!/^https?:\/\/[^\s]+$/.test(returnUrl)) errors.push({ field: ['returnUrl'], message: 'Return url is invalid' });
        const trialDays = typeof args.trialDays === 'number' ? args.trialDays : 0;
        if (trialDays < 0) errors.push({ field: ['trialDays'], message: 'Trial days must be greater than or equal to 0' });
        const inputs = Array.isArray(args.lineItems) ? (args.lineItems as Array<Record<string, unknown>>) : [];
        if (inputs.length === 0) errors.push({ field: ['lineItems'], message: 'Line items must have at least one item' });
        const lineItems: SubscriptionLineItem[] = [];
        inputs.forEach((input, i) => {
          const plan = (input.plan ?? {}) as Record<string, Record<string, unknown> | undefined>;
          const recurring = plan.appRecurringPricingDetails;
          const usage = plan.appUsagePricingDetails;
          const price = ((recurring?.price ?? usage?.cappedAmount) ?? {}) as { amount?: unknown; currencyCode?: unknown };
          const amount = Number(price.amount);
          if (!(amount > 0)) errors.push({ field: ['lineItems', String(i), 'plan'], message: 'Price must be greater than 0' });
          lineItems.push({
            id: 0,
            kind: usage ? 'usage' : 'recurring',
            amount: Number.isFinite(amount) ? String(amount) : '0',
            currencyCode: typeof price.currencyCode === 'string' ? price.currencyCode : ctx.rt.merchant.currency,
            interval: typeof recurring?.interval === 'string' ? recurring.interval : usage ? 'EVERY_30_DAYS' : 'EVERY_30_DAYS',
            terms: typeof usage?.terms === 'string' ? usage.terms : null,
          });
        });
        if (errors.length) return { appSubscription: null, confirmationUrl: null, userErrors: errors };
        const id = ctx.state.nextSubscriptionId();
        lineItems.forEach((li, i) => { li.id = id * 10 + i + 1; });
        const created: AppSubscription = {
          __node: 'AppSubscription', id, shop: ctx.rt.shop.domain, name, status: 'PENDING', test: args.test === true, trialDays,
          returnUrl, createdAt: ctx.asOf, activatedAt: null, currentPeriodEnd: null, lineItems,
        };
        ctx.rt.subscriptions.push(created);
        return { appSubscription: created, confirmationUrl: confirmationUrl(ctx.state, ctx.rt, created), userErrors: [] };
      },
    },
    appSubscriptionCancel: {
      type: 'AppSubscriptionCancelPayload',
      args: { id: 'ID!', prorate: 'Boolean' },
      resolve: (_p, args, ctx) => {
        const found = ctx.rt.subscriptions.find((s) => s.id === parseGid(args.id)[1]);
        if (!found) return { appSubscription: null, userErrors: [{ field: ['id'], message: "Couldn't find RecurringApplicationCharge" }] };
        if (found.status !== 'ACTIVE' && found.status !== 'PENDING') {
          return { appSubscription: found, userErrors: [{ field: ['id'], message: 'Only active or pending subscriptions can be cancelled' }] };
        }
        found.status = 'CANCELLED';
        return { appSubscription: found, userErrors: [] };
      },
    },
  };
}

export function billingTypes(): Types {
  return {
    URL: { kind: 'SCALAR' },
    AppPricingInterval: { kind: 'ENUM', values: ['ANNUAL', 'EVERY_30_DAYS'] },
    AppSubscriptionStatus: { kind: 'ENUM', values: ['PENDING', 'ACCEPTED', 'ACTIVE', 'DECLINED', 'EXPIRED', 'FROZEN', 'CANCELLED'] },
    AppSubscriptionReplacementBehavior: { kind: 'ENUM', values: ['APPLY_IMMEDIATELY', 'APPLY_ON_NEXT_BILLING_CYCLE', 'STANDARD'] },
    MoneyInput: { kind: 'INPUT_OBJECT', fields: { amount: 'Decimal!', currencyCode: 'CurrencyCode!' } },
    AppRecurringPricingInput: { kind: 'INPUT_OBJECT', fields: { price: 'MoneyInput!', interval: 'AppPricingInterval', discount: 'JSON' } },
    AppUsagePricingInput: { kind: 'INPUT_OBJECT', fields: { cappedAmount: 'MoneyInput!', terms: 'String!' } },
    AppPlanInput: { kind: 'INPUT_OBJECT', fields: { appRecurringPricingDetails: 'AppRecurringPricingInput', appUsagePricingDetails: 'AppUsagePricingInput' } },
    AppSubscriptionLineItemInput: { kind: 'INPUT_OBJECT', fields: { plan: 'AppPlanInput!' } },
    JSON: { kind: 'SCALAR' },
    AppSubscriptionCreatePayload: { kind: 'OBJECT', fields: { appSubscription: { type: 'AppSubscription' }, confirmationUrl: { type: 'URL' }, userErrors: { type: '[UserError!]!' } } },
    AppSubscriptionCancelPayload: { kind: 'OBJECT', fields: { appSubscription: { type: 'AppSubscription' }, userErrors: { type: '[UserError!]!' } } },
    AppInstallation: {
      kind: 'OBJECT',
      fields: {
        id: { type: 'ID!', resolve: (p) => gid('AppInstallation', ex(p).rt.shopId + 1) },
        activeSubscriptions: { type: '[AppSubscription!]!', resolve: (p) => ex(p).rt.subscriptions.filter((s) => s.status === 'ACTIVE') },
        allSubscriptions: {
          type: 'AppSubscriptionConnection!',
          args: { first: 'Int', after: 'String', last: 'Int', before: 'String', reverse: 'Boolean' },
          resolve: (p, args) => {
            const list = [...ex(p).rt.subscriptions];
            if (args.reverse === true) list.reverse();
            const size = { first: typeof args.first === 'number' ? args.first : undefined, last: typeof args.last === 'number' ? args.last : undefined };
            return connection(paginate(list, (s) => ({ value: s.id, id: s.id }), (s) => s.id, args, size, args.reverse === true, Number));
          },
        },
        accessScopes: { type: '[AccessScope!]!', resolve: (p) => [...ex(p).scopes].map((handle) => ({ handle, description: handle.replace(/_/g, ' ') })) },
      },
    },
    AccessScope: { kind: 'OBJECT', fields: { handle: { type: 'String!' }, description: { type: 'String!' } } },
    AppSubscriptionConnection: { kind: 'OBJECT', fields: { edges: { type: '[AppSubscriptionEdge!]!' }, nodes: { type: '[AppSubscription!]!' }, pageInfo: { type: 'PageInfo!' } } },
    AppSubscriptionEdge: { kind: 'OBJECT', fields: { cursor: { type: 'String!' }, node: { type: 'AppSubscription!' } } },
    AppSubscription: {
      kind: 'OBJECT',
      interfaces: ['Node'],
      fields: {
        id: { type: 'ID!', resolve: (p) => gid('AppSubscription', sub(p).id) },
        name: { type: 'String!' },
        status: { type: 'AppSubscriptionStatus!' },
        test: { type: 'Boolean!' },
        trialDays: { type: 'Int!' },
        returnUrl: { type: 'URL!' },
        createdAt: { type: 'DateTime!', resolve: (p) => gqlTime(sub(p).createdAt) },
        currentPeriodEnd: { type: 'DateTime', resolve: (p) => (sub(p).currentPeriodEnd === null ? null : gqlTime(sub(p).currentPeriodEnd as number)) },
        lineItems: { type: '[AppSubscriptionLineItem!]!' },
      },
    },
    AppSubscriptionLineItem: {
      kind: 'OBJECT',
      fields: {
        id: { type: 'ID!', resolve: (p) => gid('AppSubscriptionLineItem', (p as SubscriptionLineItem).id) },
        plan: { type: 'AppPlanV2!', resolve: (p) => p },
      },
    },
    AppPlanV2: { kind: 'OBJECT', fields: { pricingDetails: { type: 'AppPricingDetails!', resolve: (p) => p } } },
    AppPricingDetails: {
      kind: 'UNION',
      possibleTypes: ['AppRecurringPricing', 'AppUsagePricing'],
      resolveType: (v) => ((v as SubscriptionLineItem).kind === 'usage' ? 'AppUsagePricing' : 'AppRecurringPricing'),
    },
    AppRecurringPricing: {
      kind: 'OBJECT',
      fields: {
        price: { type: 'MoneyV2!', resolve: (p) => price(p) },
        interval: { type: 'AppPricingInterval!' },
      },
    },
    AppUsagePricing: {
      kind: 'OBJECT',
      fields: {
        cappedAmount: { type: 'MoneyV2!', resolve: (p) => price(p) },
        balanceUsed: { type: 'MoneyV2!', resolve: (p) => ({ amount: '0.0', currencyCode: (p as SubscriptionLineItem).currencyCode }) },
        terms: { type: 'String!' },
        interval: { type: 'AppPricingInterval!' },
      },
    },
  };
}

function ex(p: unknown): ShopifyExec {
  return (p as { ctx: ShopifyExec }).ctx;
}

function price(p: unknown): { amount: string; currencyCode: string } {
  const li = p as SubscriptionLineItem;
  const n = Number(li.amount);
  return { amount: Number.isInteger(n) ? `${n}.0` : String(n), currencyCode: li.currencyCode };
}
