// Google scopes as the consent screen words them and as the token endpoint reports them.
// Google accepts the short identity aliases (email, profile) but reports the long forms in the
// token response; the authorize callback's `scope` carries both (what was asked + the expansions).

export const OPENID = 'openid';
export const USERINFO_EMAIL = 'https://www.googleapis.com/auth/userinfo.email';
export const USERINFO_PROFILE = 'https://www.googleapis.com/auth/userinfo.profile';
export const ADWORDS_SCOPE = 'https://www.googleapis.com/auth/adwords';
export const ANALYTICS_READONLY_SCOPE = 'https://www.googleapis.com/auth/analytics.readonly';

const ALIASES: Record<string, string> = { email: USERINFO_EMAIL, profile: USERINFO_PROFILE };

const DESCRIPTIONS: Record<string, string> = {
  [OPENID]: 'Associate you with your personal info on Google',
  [USERINFO_EMAIL]: 'See your primary Google Account email address',
  [USERINFO_PROFILE]: "See your personal info, including any personal info you've made publicly available",
  [ADWORDS_SCOPE]: 'See, edit, create and delete your Google Ads accounts and data.',
  [ANALYTICS_READONLY_SCOPE]: 'See and download your Google Analytics data',
  'https://www.googleapis.com/auth/analytics': 'View and manage your Google Analytics data',
  'https://www.googleapis.com/auth/analytics.edit': 'Edit Google Analytics management entities',
  'https://www.googleapis.com/auth/content': 'Manage your product listings and accounts for Google Shopping',
};

export function splitScopes(raw: string | undefined): string[] {
  return (raw ?? '').split(/[\s+]+/).filter(Boolean);
}

/** the long form of a scope (email -> .../userinfo.email) */
export function canonicalScope(scope: string): string {
  return ALIASES[scope] ?? scope;
}

/** requested scopes in their long forms, de-duplicated, in request order */
export function canonicalScopes(scopes: readonly string[]): string[] {
  return [...new Set(scopes.map(canonicalScope))];
}

/** Google rejects anything that is not openid/email/profile or a googleapis auth URL (invalid_scope). */
export function isKnownScope(scope: string): boolean {
  return scope === OPENID || scope in ALIASES || /^https:\/\/www\.googleapis\.com\/auth\/[a-z0-9._-]+$/i.test(scope);
}

export function isIdentityScope(scope: string): boolean {
  const c = canonicalScope(scope);
  return c === OPENID || c === USERINFO_EMAIL || c === USERINFO_PROFILE;
}

export function describeScope(scope: string): string {
  return DESCRIPTIONS[canonicalScope(scope)] ?? `Access ${scope}`;
}

/** The callback's `scope`: the granted scopes as asked, followed by the long forms Google adds. */
export function callbackScope(askedGranted: readonly string[]): string {
  const out = [...askedGranted];
  for (const s of askedGranted) {
    const c = canonicalScope(s);
    if (!out.includes(c)) out.push(c);
  }
  return out.join(' ');
}
