import type { Schema, TypeDef } from './graphql/types.js';
import { gid, parseGid, requireScope, type ShopifyExec } from './exec-context.js';
import { orderState } from './orders.js';
import { orderTypes, ordersField } from './schema-orders.js';
import { bulkMutationFields, bulkQueryFields, bulkTypes, findBulk, pollBulk } from './schema-bulk.js';
import { billingMutationFields, billingQueryFields, billingTypes } from './schema-billing.js';
import { offsetString, zoneAbbreviation, zoneOffsetMs } from './time.js';
import type { ShopRuntime } from './state.js';
import { merchantCountry } from '../common/world.js';

// The slice of the Admin GraphQL schema the sandbox serves. Unknown fields get graphql-ruby's
// `undefinedField` error, as on Shopify, so a client cannot depend on something that isn't real.

const CURRENCIES = ['USD', 'INR', 'CAD', 'EUR', 'GBP', 'AUD', 'JPY', 'SGD', 'AED', 'NZD', 'CHF', 'SEK', 'DKK', 'NOK', 'HKD', 'MXN', 'BRL', 'ZAR'];

// A store's billing address, in the country it sells from (common/world.ts merchantCountry).
const ADDRESSES: Record<string, { city: string; province: string; country: string; countryCodeV2: string; zip: string }> = {
  IN: { city: 'Bengaluru', province: 'Karnataka', country: 'India', countryCodeV2: 'IN', zip: '560001' },
  US: { city: 'Burlington', province: 'Vermont', country: 'United States', countryCodeV2: 'US', zip: '05401' },
  GB: { city: 'Manchester', province: 'England', country: 'United Kingdom', countryCodeV2: 'GB', zip: 'M1 1AE' },
  DE: { city: 'Berlin', province: 'Berlin', country: 'Germany', countryCodeV2: 'DE', zip: '10115' },
  AU: { city: 'Sydney', province: 'New South Wales', country: 'Australia', countryCodeV2: 'AU', zip: '2000' },
};

function rt(ctx: ShopifyExec): ShopRuntime {
  return ctx.rt;
}

/** node(id:) for the types the sandbox knows */
function resolveNode(id: unknown, ctx: ShopifyExec): unknown {
  const [type, n] = parseGid(id);
  if (type === 'Order') {
    requireScope(ctx, 'read_orders', 'node');
    const found = ctx.rt.orders.find(n, ctx.asOf);
    if (!found) return null;
    if (!ctx.scopes.has('read_all_orders') && found.createdAt < ctx.asOf - 60 * 86_400_000) return null;
    return { __node: 'Order', o: found, s: orderState(found, ctx.asOf) };
  }
  if (type === 'BulkOperation') return pollBulk(ctx, findBulk(ctx, n));
  if (type === 'AppSubscription') return ctx.rt.subscriptions.find((s) => s.id === n) ?? null;
  return null;
}

function shopTypes(): Record<string, TypeDef<ShopifyExec>> {
  return {
    Shop: {
      kind: 'OBJECT',
      fields: {
        id: { type: 'ID!', resolve: (_p, _a, ctx) => gid('Shop', rt(ctx).shopId) },
        name: { type: 'String!', resolve: (_p, _a, ctx) => rt(ctx).shop.name },
        email: { type: 'String!', resolve: (_p, _a, ctx) => rt(ctx).shop.email },
        contactEmail: { type: 'String!', resolve: (_p, _a, ctx) => rt(ctx).shop.email },
        myshopifyDomain: { type: 'String!', resolve: (_p, _a, ctx) => rt(ctx).shop.domain },
        url: { type: 'URL!', resolve: (_p, _a, ctx) => `https://${rt(ctx).shop.domain}` },
        currencyCode: { type: 'CurrencyCode!', resolve: (_p, _a, ctx) => rt(ctx).merchant.currency },
        enabledPresentmentCurrencies: { type: '[CurrencyCode!]!', resolve: (_p, _a, ctx) => (rt(ctx).merchant.currency === 'USD' ? ['USD', 'CAD', 'GBP', 'EUR', 'AUD'] : [rt(ctx).merchant.currency]) },
        ianaTimezone: { type: 'String!', resolve: (_p, _a, ctx) => rt(ctx).merchant.timezone },
        timezoneAbbreviation: { type: 'String!', resolve: (_p, _a, ctx) => zoneAbbreviation(rt(ctx).merchant.timezone, ctx.asOf) },
        timezoneOffset: { type: 'String!', resolve: (_p, _a, ctx) => offsetString(rt(ctx).merchant.timezone, ctx.asOf) },
        timezoneOffsetMinutes: { type: 'Int!', resolve: (_p, _a, ctx) => zoneOffsetMs(rt(ctx).merchant.timezone, ctx.asOf) / 60000 },
        taxesIncluded: { type: 'Boolean!', resolve: (_p, _a, ctx) => rt(ctx).merchant.currency === 'INR' },
        plan: { type: 'ShopPlan!', resolve: (_p, _a, ctx) => rt(ctx).plan },
        primaryDomain: { type: 'Domain!', resolve: (_p, _a, ctx) => ({ id: rt(ctx).shopId * 3, host: rt(ctx).shop.domain, url: `https://${rt(ctx).shop.domain}`, sslEnabled: true }) },
        billingAddress: {
          type: 'ShopAddress!',
          resolve: (_p, _a, ctx) => ADDRESSES[merchantCountry(rt(ctx).merchant)] ?? ADDRESSES.US,
        },
      },
    },
    ShopPlan: { kind: 'OBJECT', fields: { displayName: { type: 'String!' }, partnerDevelopment: { type: 'Boolean!', resolve: () => false }, shopifyPlus: { type: 'Boolean!' } } },
    Domain: { kind: 'OBJECT', fields: { id: { type: 'ID!', resolve: (p) => gid('Domain', (p as { id: number }).id) }, host: { type: 'String!' }, url: { type: 'URL!' }, sslEnabled: { type: 'Boolean!' } } },
    ShopAddress: { kind: 'OBJECT', fields: { city: { type: 'String' }, province: { type: 'String' }, country: { type: 'String' }, countryCodeV2: { type: 'CountryCode' }, zip: { type: 'String' } } },
  };
}

export function buildSchema(): Schema<ShopifyExec> {
  return {
    query: 'QueryRoot',
    mutation: 'Mutation',
    types: {
      DateTime: { kind: 'SCALAR' },
      Decimal: { kind: 'SCALAR' },
      UnsignedInt64: { kind: 'SCALAR' },
      CurrencyCode: { kind: 'ENUM', values: CURRENCIES },
      CountryCode: { kind: 'ENUM', values: ['IN', 'US', 'CA', 'GB', 'AU'] },
      Node: {
        kind: 'INTERFACE',
        possibleTypes: ['Order', 'BulkOperation', 'AppSubscription'],
        fields: { id: { type: 'ID!' } },
        resolveType: (v) => (v as { __node?: string }).__node ?? 'Order',
      },
      QueryRoot: {
        kind: 'OBJECT',
        fields: {
          shop: { type: 'Shop!', resolve: () => ({}) },
          orders: ordersField(),
          order: {
            type: 'Order',
            args: { id: 'ID!' },
            resolve: (_p, args, ctx) => {
              requireScope(ctx, 'read_orders', 'order');
              const [type] = parseGid(args.id);
              return type === 'Order' ? resolveNode(args.id, ctx) : null;
            },
          },
          node: { type: 'Node', args: { id: 'ID!' }, resolve: (_p, args, ctx) => resolveNode(args.id, ctx) },
          nodes: { type: '[Node]!', args: { ids: '[ID!]!' }, resolve: (_p, args, ctx) => (args.ids as unknown[]).map((id) => resolveNode(id, ctx)) },
          ...bulkQueryFields(),
          ...billingQueryFields(),
        },
      },
      Mutation: { kind: 'OBJECT', fields: { ...bulkMutationFields(), ...billingMutationFields() } },
      ...shopTypes(),
      ...orderTypes(),
      ...bulkTypes(),
      ...billingTypes(),
    },
  };
}
