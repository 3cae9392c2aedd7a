import type { FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../common/context.js';
import type { TokenRecord } from '../common/tokens.js';
import type { GoogleAdsCustomer, GoogleIdentity } from '../common/world.js';
import { ADWORDS_SCOPE } from '../google/scopes.js';
import {
  customerNotEnabled, developerTokenInvalid, developerTokenMissing, invalidCredentials, invalidCustomerId, invalidLoginCustomerId,
  loginCustomerMismatch, notAdsUser, scopeInsufficient, userPermissionDenied,
} from './errors.js';
import { customerStatus } from './records.js';

// The checks every Google Ads call goes through, in the API's order: OAuth token (401), its scope
// (403 ACCESS_TOKEN_SCOPE_INSUFFICIENT), developer-token (400 missing / 401 invalid), then which
// customer the user may reach: directly (listAccessibleCustomers) or through the manager named in
// login-customer-id (reference §3.1, §3.5).

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

export function bearerToken(req: FastifyRequest): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(header(req, 'authorization') ?? '')?.[1];
}

export function authenticate(ctx: EmulatorContext, req: FastifyRequest, rpcMethod: string): TokenRecord {
  const auth = header(req, 'authorization');
  if (!auth) throw invalidCredentials(true);
  const checked = ctx.tokens.check(bearerToken(req), 'access');
  if (checked.status !== 'valid') throw invalidCredentials(false);
  if (!checked.record.scope.split(' ').includes(ADWORDS_SCOPE)) throw scopeInsufficient(rpcMethod);
  return checked.record;
}

export function checkDeveloperToken(ctx: EmulatorContext, req: FastifyRequest): string {
  const token = header(req, 'developer-token');
  if (!token) throw developerTokenMissing();
  if (token !== ctx.world.apps.googleAdsDeveloperToken) throw developerTokenInvalid();
  return token;
}

export function identityOf(ctx: EmulatorContext, token: TokenRecord): GoogleIdentity | undefined {
  return ctx.world.google.identities.find((i) => i.sub === token.subject);
}

function find(ctx: EmulatorContext, id: string): GoogleAdsCustomer | undefined {
  return ctx.world.google.customers.find((c) => c.id === id);
}

/** true when `child` sits anywhere below manager `ancestor` */
function isBelow(ctx: EmulatorContext, child: GoogleAdsCustomer, ancestor: GoogleAdsCustomer): boolean {
  for (let c = child.managerId ? find(ctx, child.managerId) : undefined, hops = 0; c && hops < 10; c = c.managerId ? find(ctx, c.managerId) : undefined, hops++) {
    if (c.id === ancestor.id) return true;
  }
  return false;
}

function reachable(ctx: EmulatorContext, identity: GoogleIdentity, c: GoogleAdsCustomer): boolean {
  return identity.accessibleCustomerIds.some((id) => {
    const direct = find(ctx, id);
    return id === c.id || (direct !== undefined && direct.manager && isBelow(ctx, c, direct));
  });
}

/** The customer the call acts on, or the API's error for why the user cannot reach it. */
export function authorizeCustomer(ctx: EmulatorContext, identity: GoogleIdentity | undefined, customerId: string, loginHeader: string | undefined): GoogleAdsCustomer {
  if (!/^\d{10}$/.test(customerId)) throw invalidCustomerId(customerId);
  if (!identity || identity.accessibleCustomerIds.length === 0) throw notAdsUser();
  const target = find(ctx, customerId);
  if (loginHeader !== undefined) {
    if (!/^\d{10}$/.test(loginHeader)) throw invalidLoginCustomerId();
    const login = find(ctx, loginHeader);
    if (!login || !reachable(ctx, identity, login)) throw userPermissionDenied();
    if (!target) throw userPermissionDenied();
    if (target.id !== login.id && !isBelow(ctx, target, login)) throw loginCustomerMismatch();
  } else if (!target || !identity.accessibleCustomerIds.includes(customerId)) {
    // A client reachable only through its manager needs the manager in login-customer-id.
    throw userPermissionDenied();
  }
  if (customerStatus(target) !== 'ENABLED') throw customerNotEnabled();
  return target;
}

export function loginCustomerHeader(req: FastifyRequest): string | undefined {
  return header(req, 'login-customer-id');
}
