import { TOKEN_NAMES, type TokenName } from '@parallels/contract/oauth';
import { paths } from '../../../lib/paths';

/** What a visit to /callback asks for (spec core.md sections 7 and 8, the API's callback redirects). */
export type CallbackPlan =
  | { kind: 'login'; ticket: string }
  | { kind: 'token'; token: TokenName; grant: string; source: string | null }
  | { kind: 'denied'; error: string; platform: string | null; source: string | null }
  | { kind: 'nothing' };

export function planCallback(params: URLSearchParams): CallbackPlan {
  const source = safeSource(params.get('source'));
  const error = params.get('error');
  if (error) return { kind: 'denied', error, platform: params.get('platform'), source };
  // shopify_token is listed among the spec's callback parameters; it is a sign-in ticket like token.
  const ticket = params.get('token') || params.get('shopify_token');
  if (ticket) return { kind: 'login', ticket };
  for (const token of TOKEN_NAMES) {
    const grant = params.get(token);
    if (grant) return { kind: 'token', token, grant, source };
  }
  return { kind: 'nothing' };
}

/** Only a path of this app may be a destination: never another origin (//evil.example, /\evil.example). */
export function safeSource(raw: string | null): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  return raw;
}

export function isBrandSetupPath(source: string): boolean {
  const path = source.split(/[?#]/, 1)[0];
  return path === paths.brandSetup || path === paths.firstTimeBrandSetup;
}

/** The openModal value that reopens the dialog the grant was made for. */
export const OPEN_MODAL_FOR_TOKEN: Record<Exclude<TokenName, 'zohoToken'>, string> = {
  fbToken: 'facebook',
  googleadRefreshToken: 'googleads',
  googleanalyticsRefreshToken: 'googleanalytics',
};

export const TOKEN_LABELS: Record<TokenName, string> = {
  fbToken: 'Facebook',
  googleadRefreshToken: 'Google Ads',
  googleanalyticsRefreshToken: 'Google Analytics',
  zohoToken: 'Zoho Desk',
};

/** The names the server's error redirect gives in ?platform= */
export const DENIED_PLATFORM_LABELS: Record<string, string> = {
  google_ads: 'Google Ads',
  ga4: 'Google Analytics',
  meta: 'Facebook',
  shopify: 'Shopify',
  zoho: 'Zoho Desk',
};

export function withOpenModal(source: string, value: string | null): string {
  const [path = '/', query = ''] = source.split('?', 2);
  const params = new URLSearchParams(query);
  if (value) params.set('openModal', value);
  else params.delete('openModal');
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
