import type { Platform } from '@parallels/contract/brands';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { TokenKeyring } from '../../lib/token-crypto.js';
import { AppError } from '../../lib/app-error.js';
import { exchangeGoogleCode, googleAuthorizeUrl, googleUserinfo, pkcePair, type GoogleContext } from '../../connectors/google/google-oauth.js';
import { exchangeMetaCode, metaAuthorizeUrl, metaMe } from '../../connectors/meta/meta-oauth.js';
import { exchangeShopifyCode, normaliseShop, shopifyAuthorizeUrl, verifyShopifyQuery } from '../../connectors/shopify/shopify-auth.js';
import { fetchShop } from '../../connectors/shopify/shopify-graphql.js';
import { exchangeZohoCode, zohoAuthorizeUrl } from '../../connectors/zoho/zoho-oauth.js';
import { saveGrant } from '../connections/grants.service.js';
import { consumeState, createState, issueLoginTicket, type StoredState } from './oauth-state.js';
import { createUserForIdentity, findStoreBrandOfUser, findUserByIdentity, linkIdentity } from './sign-in.sql.js';
import { attachGrantToBrand, createBrandWithConnections } from '../brands/brands.service.js';
import { findGrant } from '../../db/grants.sql.js';

export interface OAuthDeps {
  db: Database;
  config: Config;
  keyring: TokenKeyring;
  /** a brand got new connections (an install from the Shopify App Store): start their backfill */
  onConnectionsAdded?: (brandId: string) => Promise<unknown>;
  /** a brand's connections were reconnected: fetch what they missed (the sync queue; absent in tests without it) */
  onReconnected?: (brandId: string) => Promise<unknown>;
}

export type OAuthProvider = 'google' | 'facebook' | 'shopify' | 'zoho';

/** Fixed per provider from configuration, never from the Host header (checklist D2). */
export const redirectUri = (config: Config, provider: OAuthProvider) => `${config.publicUrl}/api/auth/${provider}/callback`;

// Which /callback parameter carries the grant id for each setup context (spec core.md section 7).
const GOOGLE_TOKEN_PARAM: Record<Exclude<GoogleContext, 'userLogin'>, string> = {
  googleAdSetup: 'googleadRefreshToken',
  googleAnalyticsSetup: 'googleanalyticsRefreshToken',
};
const CONTEXT_PLATFORM: Record<string, string> = {
  userLogin: 'login', googleAdSetup: 'google_ads', googleAnalyticsSetup: 'ga4', facebook: 'meta', brandSetup: 'shopify', login: 'login', install: 'login', zoho: 'zoho',
};

export async function startGoogle(deps: OAuthDeps, input: { binding: string; userId: string | null; context: GoogleContext; source: string | null }): Promise<string> {
  const { verifier, challenge } = pkcePair();
  const state = await createState(deps.db, { binding: input.binding, userId: input.userId, provider: 'google', context: input.context, source: input.source, codeVerifier: verifier });
  return googleAuthorizeUrl(deps.config.platforms.google, { context: input.context, redirectUri: redirectUri(deps.config, 'google'), state, codeChallenge: challenge });
}

export async function startFacebook(deps: OAuthDeps, input: { binding: string; userId: string; source: string | null }): Promise<string> {
  const state = await createState(deps.db, { binding: input.binding, userId: input.userId, provider: 'facebook', context: 'facebook', source: input.source });
  return metaAuthorizeUrl(deps.config.platforms.meta, { redirectUri: redirectUri(deps.config, 'facebook'), state });
}

export async function startShopify(deps: OAuthDeps, input: { binding: string; userId: string | null; shop: string; flowType: 'login' | 'brandSetup' | 'install'; source: string | null }): Promise<string> {
  const shop = normaliseShop(input.shop);
  if (!shop) throw new AppError('invalid', 'Enter the store name without .myshopify.com (letters, digits and hyphens).');
  const state = await createState(deps.db, { binding: input.binding, userId: input.userId, provider: 'shopify', context: input.flowType, source: input.source, shop });
  return shopifyAuthorizeUrl(deps.config.platforms.shopify, { shop, redirectUri: redirectUri(deps.config, 'shopify'), state });
}

export async function startZoho(deps: OAuthDeps, input: { binding: string; userId: string; source: string | null }): Promise<string> {
  const state = await createState(deps.db, { binding: input.binding, userId: input.userId, provider: 'zoho', context: 'zoho', source: input.source });
  return zohoAuthorizeUrl(deps.config.platforms.zoho, { redirectUri: redirectUri(deps.config, 'zoho'), state });
}

/** Where the browser goes after a provider's callback: the web app's /callback (or the setup page for Shopify). */
export interface CallbackOutcome {
  location: string;
}

const query = (params: Record<string, string | null | undefined>) =>
  new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => typeof e[1] === 'string')).toString();

export function failureLocation(state: Pick<StoredState, 'context' | 'source'> | undefined, error: string): CallbackOutcome {
  return { location: `/callback?${query({ error, platform: state ? CONTEXT_PLATFORM[state.context] : undefined, source: state?.source })}` };
}

/** The signed-in user must be the one who started a setup flow: a state from another account is refused. */
function setupUser(state: StoredState, sessionUserId: string | null): string {
  if (!state.userId || state.userId !== sessionUserId) throw new AppError('forbidden', 'This connection was started by another session. Start it again.');
  return state.userId;
}

async function signInWith(deps: OAuthDeps, provider: string, subject: string, profile: { username: string; email: string | null }): Promise<CallbackOutcome> {
  let userId = await findUserByIdentity(deps.db, provider, subject);
  if (!userId) {
    if (!profile.email) return failureLocation({ context: 'login', source: null }, 'email_required');
    userId = await createUserForIdentity(deps.db, { provider, subject, username: profile.username, email: profile.email });
    if (!userId) return failureLocation({ context: 'login', source: null }, 'account_exists');
  }
  const ticket = await issueLoginTicket(deps.db, userId);
  return { location: `/callback?${query({ token: ticket, userId })}` };
}

export async function finishGoogle(deps: OAuthDeps, input: { state: StoredState; code: string; sessionUserId: string | null }): Promise<CallbackOutcome> {
  const g = deps.config.platforms.google;
  const tokens = await exchangeGoogleCode(g, { code: input.code, redirectUri: redirectUri(deps.config, 'google'), codeVerifier: input.state.codeVerifier ?? '' });
  const me = await googleUserinfo(g, tokens.accessToken);
  if (input.state.context === 'userLogin') {
    return signInWith(deps, 'google', me.sub, { username: me.name ?? me.email?.split('@')[0] ?? 'Google user', email: me.emailVerified ? me.email : null });
  }
  const userId = setupUser(input.state, input.sessionUserId);
  const grantId = await saveGrant(deps, { userId, provider: 'google', subject: me.sub, email: me.email, ...tokens });
  const param = GOOGLE_TOKEN_PARAM[input.state.context as Exclude<GoogleContext, 'userLogin'>];
  return { location: `/callback?${query({ [param]: grantId, userId, source: input.state.source })}` };
}

export async function finishFacebook(deps: OAuthDeps, input: { state: StoredState; code: string; sessionUserId: string | null }): Promise<CallbackOutcome> {
  const m = deps.config.platforms.meta;
  const userId = setupUser(input.state, input.sessionUserId);
  const token = await exchangeMetaCode(m, input.code, redirectUri(deps.config, 'facebook'));
  const me = await metaMe(m, token.accessToken);
  const grantId = await saveGrant(deps, { userId, provider: 'facebook', subject: me.id, email: me.email ?? null, scope: 'ads_read', accessToken: token.accessToken, refreshToken: null, expiresAt: token.expiresAt });
  return { location: `/callback?${query({ fbToken: grantId, userId, source: input.state.source })}` };
}

export async function finishShopify(deps: OAuthDeps, input: { query: Record<string, string>; binding: string | undefined; sessionUserId: string | null }): Promise<CallbackOutcome> {
  const s = deps.config.platforms.shopify;
  // HMAC and shop first, before anything else is looked at or any call goes out (checklist E1).
  const shop = normaliseShop(input.query.shop ?? '');
  if (!verifyShopifyQuery(s.apiSecret, input.query) || !shop) return failureLocation(undefined, 'invalid_signature');
  const state = await consumeState(deps.db, input.query.state, input.binding, 'shopify');
  if (!state || state.shop !== shop) return failureLocation(undefined, 'invalid_state');
  if (!input.query.code) return failureLocation(state, 'access_denied');
  const tokens = await exchangeShopifyCode(s, shop, input.query.code);
  const info = await fetchShop(s, shop, tokens.accessToken);
  if (state.context === 'brandSetup') {
    const userId = setupUser(state, input.sessionUserId);
    const grantId = await saveGrant(deps, { userId, provider: 'shopify', subject: shop, email: null, ...tokens });
    const target = state.source ?? '/brand-setup';
    // shop_name is the store's name as the setup dialog takes it: the myshopify subdomain, without .myshopify.com
    return { location: `${target}${target.includes('?') ? '&' : '?'}${query({ access_token: grantId, shop_name: shop.replace(/\.myshopify\.com$/, ''), shop })}` };
  }
  if (state.context === 'install') return finishInstall(deps, { shop, info, tokens, sessionUserId: input.sessionUserId });
  return signInWith(deps, 'shopify', shop, { username: info.name, email: info.email });
}

/**
 * Installed from the Shopify App Store (reports.md "Return screens"): the merchant ends signed in with the
 * store's brand set up. The store's account if it has one; else the signed-in account, linked to the store;
 * else a new account for the store. The brand is created once, and its backfill starts at once.
 */
async function finishInstall(deps: OAuthDeps, input: { shop: string; info: Awaited<ReturnType<typeof fetchShop>>; tokens: Awaited<ReturnType<typeof exchangeShopifyCode>>; sessionUserId: string | null }): Promise<CallbackOutcome> {
  const { shop, info } = input;
  let userId = await findUserByIdentity(deps.db, 'shopify', shop);
  if (!userId && input.sessionUserId && (await linkIdentity(deps.db, { provider: 'shopify', subject: shop, userId: input.sessionUserId }))) userId = input.sessionUserId;
  if (!userId) {
    if (!info.email) return failureLocation({ context: 'install', source: null }, 'email_required');
    userId = await createUserForIdentity(deps.db, { provider: 'shopify', subject: shop, username: info.name, email: info.email });
    if (!userId) return failureLocation({ context: 'install', source: null }, 'account_exists');
  }
  const grantId = await saveGrant(deps, { userId, provider: 'shopify', subject: shop, email: info.email, ...input.tokens });
  if (!(await findStoreBrandOfUser(deps.db, userId, shop))) {
    // brand names keep underscores for spaces (spec core.md: shown with spaces)
    const brandId = await createBrandWithConnections(deps.db, {
      name: info.name.trim().replace(/\s+/g, '_'),
      currency: info.currency,
      timezone: info.timezone,
      userId,
      connections: [{ platform: 'shopify', accountId: shop, accountName: info.name, managerId: null, grantId }],
    });
    await deps.onConnectionsAdded?.(brandId);
  }
  const ticket = await issueLoginTicket(deps.db, userId);
  return { location: `/callback?${query({ token: ticket, userId })}` };
}

export async function finishZoho(deps: OAuthDeps, input: { state: StoredState; code: string; accountsServer: string | undefined; sessionUserId: string | null }): Promise<CallbackOutcome> {
  const userId = setupUser(input.state, input.sessionUserId);
  const tokens = await exchangeZohoCode(deps.config.platforms.zoho, { code: input.code, redirectUri: redirectUri(deps.config, 'zoho') });
  const grantId = await saveGrant(deps, { userId, provider: 'zoho', subject: userId, email: null, ...tokens });
  return { location: `/callback?${query({ zohoToken: grantId, userId, source: input.state.source })}` };
}

export { consumeState };

/**
 * A reconnect (PUT /api/auth/updateTokens/...): the user's new grant replaces the old one on the brand's
 * connections of that platform, then history a backfill could not finish while access was gone is fetched
 * (sync decides what is missing).
 */
export async function reconnectBrand(deps: OAuthDeps, input: { userId: string; brandId: string; grantId: string; tokenName: string; provider: string; platforms: Platform[] }): Promise<void> {
  const grant = await findGrant(deps.db, input.grantId);
  if (!grant || grant.userId !== input.userId || grant.provider !== input.provider) throw new AppError('invalid', `Unable to update ${input.tokenName} token.`);
  await attachGrantToBrand(deps.db, input.brandId, input.platforms, grant.id);
  await deps.onReconnected?.(input.brandId);
}
