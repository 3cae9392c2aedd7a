import { GraphQLExecError, type Schema } from './graphql/types.js';
import type { ShopifyState, ShopRuntime } from './state.js';

/** What every resolver of the Admin GraphQL schema is given. */
export interface ShopifyExec {
  schema: Schema<ShopifyExec>;
  state: ShopifyState;
  rt: ShopRuntime;
  /** the emulator clock's instant the request (or the bulk export) sees */
  asOf: number;
  scopes: Set<string>;
  apiVersion: string;
  /** running a bulk export: connections return every node, no first/last needed */
  bulk: boolean;
  /** Shopify's `extensions.search` entries (warnings about the `query:` argument) */
  search: Array<{ path: Array<string | number>; query: string; warnings: Array<{ field: string; message: string }> }>;
}

/** read_x is implied by write_x, as in Shopify's scope model */
export function hasScope(ctx: ShopifyExec, scope: string): boolean {
  return ctx.scopes.has(scope) || ctx.scopes.has(scope.replace(/^read_/, 'write_'));
}

/** Shopify's ACCESS_DENIED (HTTP 200, field null) for a field that needs a scope the token lacks */
export function requireScope(ctx: ShopifyExec, scope: string, field: string): void {
  if (hasScope(ctx, scope)) return;
  throw new GraphQLExecError(`Access denied for ${field} field. Required access: \`${scope}\` access scope.`, {
    code: 'ACCESS_DENIED',
    documentation: 'https://shopify.dev/api/usage/access-scopes',
    requiredAccess: `\`${scope}\` access scope.`,
  });
}

/** gid://shopify/Type/123 -> ['Type', 123] */
export function parseGid(id: unknown): [string, number] {
  const m = /^gid:\/\/shopify\/([A-Za-z]+)\/(\d+)(\?.*)?$/.exec(String(id));
  if (!m) throw new GraphQLExecError(`Invalid global id '${String(id)}'`, { code: 'argumentLiteralsIncompatible', typeName: 'CoercionError' });
  return [m[1] as string, Number(m[2])];
}

export function gid(type: string, id: number): string {
  return `gid://shopify/${type}/${id}`;
}
