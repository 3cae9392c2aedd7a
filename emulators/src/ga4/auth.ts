import type { FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../common/context.js';
import type { TokenRecord } from '../common/tokens.js';
import type { Ga4Account, Ga4Property, GoogleIdentity } from '../common/world.js';
import { ADMIN_SERVICE, DATA_SERVICE, invalidCredentials, missingCredentials, scopeInsufficient } from './errors.js';

export const SCOPE_READONLY = 'https://www.googleapis.com/auth/analytics.readonly';
export const SCOPE_EDIT = 'https://www.googleapis.com/auth/analytics.edit';
export const SCOPE_FULL = 'https://www.googleapis.com/auth/analytics';

// Scopes each API accepts for reads (runReport / getMetadata: readonly or analytics; Admin reads also analytics.edit).
const ACCEPTED: Record<'data' | 'admin', string[]> = {
  data: [SCOPE_READONLY, SCOPE_FULL],
  admin: [SCOPE_READONLY, SCOPE_EDIT, SCOPE_FULL],
};

export interface Credential {
  present: boolean;
  token?: string;
}

export interface Caller {
  token: string;
  record: TokenRecord;
  identity?: GoogleIdentity;
  /** the OAuth client: GA4 counts "per project" quotas by it */
  project: string;
}

/** `Authorization: Bearer <token>`, or the `access_token` query parameter Google APIs also accept. */
export function credentialOf(req: FastifyRequest): Credential {
  const header = req.headers.authorization;
  if (typeof header === 'string' && header.trim() !== '') {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header.trim());
    return { present: true, token: m?.[1] };
  }
  const q = (req.query as Record<string, unknown> | undefined)?.access_token;
  if (typeof q === 'string' && q !== '') return { present: true, token: q };
  return { present: false };
}

export function authenticate(ctx: EmulatorContext, cred: Credential, api: 'data' | 'admin', method: string): Caller {
  if (!cred.present) throw missingCredentials();
  const check = ctx.tokens.check(cred.token, 'access');
  if (check.status !== 'valid') throw invalidCredentials();
  const granted = check.record.scope.split(/\s+/);
  if (!granted.some((s) => ACCEPTED[api].includes(s))) throw scopeInsufficient(api === 'data' ? DATA_SERVICE : ADMIN_SERVICE, method);
  const identity = ctx.world.google.identities.find((i) => i.sub === check.record.subject);
  return { token: check.record.token, record: check.record, identity, project: check.record.clientId };
}

export function visibleAccounts(ctx: EmulatorContext, identity: GoogleIdentity | undefined): Ga4Account[] {
  if (!identity) return [];
  return ctx.world.google.ga4Accounts.filter((a) => identity.ga4AccountIds.includes(a.id));
}

export function findProperty(ctx: EmulatorContext, name: string): { account: Ga4Account; property: Ga4Property } | undefined {
  for (const account of ctx.world.google.ga4Accounts) {
    const property = account.properties.find((p) => p.id === name);
    if (property) return { account, property };
  }
  return undefined;
}

export function canSee(ctx: EmulatorContext, identity: GoogleIdentity | undefined, propertyName: string): boolean {
  return visibleAccounts(ctx, identity).some((a) => a.properties.some((p) => p.id === propertyName));
}
