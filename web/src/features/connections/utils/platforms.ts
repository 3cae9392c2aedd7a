import { PLATFORM_LABELS, type Brand, type Platform, type UpdateBrandBody } from '@parallels/contract/brands';

/** The platforms chosen through the connect-account dialog (Shopify has its own store-name dialog). */
export type ConnectPlatform = Exclude<Platform, 'shopify'>;

/** 'Connect to your {Google Ads|GA4|Facebook} account' (spec core.md section 4). */
export const PROVIDER_NAMES: Record<ConnectPlatform, string> = { meta: 'Facebook', google_ads: 'Google Ads', ga4: 'GA4' };

export const DIALOG_TITLES: Record<ConnectPlatform, string> = {
  meta: 'Facebook Ad Accounts',
  google_ads: 'Google Ads Accounts',
  ga4: 'Google Analytics Properties',
};

export function platformLabel(platform: ConnectPlatform): string {
  return PLATFORM_LABELS[platform];
}

/** The dashboard's ?openModal= values (spec core.md section 2). */
export const OPEN_MODAL_VALUES: Record<ConnectPlatform, string> = { google_ads: 'googleads', ga4: 'googleanalytics', meta: 'facebook' };

export function platformFromOpenModal(value: string | null): ConnectPlatform | null {
  const hit = (Object.entries(OPEN_MODAL_VALUES) as [ConnectPlatform, string][]).find(([, v]) => v === value);
  return hit ? hit[0] : null;
}

/** One row of a dialog's list, whatever the platform called it. */
export interface AccountOption {
  /** unique within the list (a Google Ads client can be reached through two managers) */
  key: string;
  id: string;
  name: string;
  managerId?: string;
  /** the currency the account reports in (ad accounts), shown so a brand's mixed currencies are no surprise */
  currency?: string;
}

/** What a brand (or the pending brand-setup form) has connected, in the shapes PATCH /api/brands/update takes. */
export interface LinkedAccounts {
  fbAdAccounts: string[];
  googleAdAccount: { clientId: string; managerId: string }[];
  ga4PropertyId: string | null;
}

// The same account arrives spelled differently: act_123 or 123, 123-456-7890 or 1234567890,
// properties/42 or 42. Compare on one spelling.
const metaId = (id: string) => (id.startsWith('act_') ? id : `act_${id}`);
const googleId = (id: string) => id.replaceAll('-', '');
const ga4Id = (id: string) => id.replace(/^properties\//, '');

export function linkedFromBrand(brand: Brand): LinkedAccounts {
  return { fbAdAccounts: brand.fbAdAccounts, googleAdAccount: brand.googleAdAccount, ga4PropertyId: brand.ga4Account?.PropertyID ?? null };
}

export function isLinked(platform: ConnectPlatform, linked: LinkedAccounts, option: AccountOption): boolean {
  if (platform === 'meta') return linked.fbAdAccounts.some((id) => metaId(id) === metaId(option.id));
  if (platform === 'google_ads') return linked.googleAdAccount.some((a) => googleId(a.clientId) === googleId(option.id));
  return linked.ga4PropertyId !== null && ga4Id(linked.ga4PropertyId) === ga4Id(option.id);
}

/**
 * spec core.md section 5: Facebook and Google Ads selections are merged into the existing list without
 * duplicates; for GA4 the first selected property is set.
 */
export function withAdded(platform: ConnectPlatform, linked: LinkedAccounts, picks: AccountOption[]): LinkedAccounts {
  if (platform === 'ga4') return picks[0] ? { ...linked, ga4PropertyId: ga4Id(picks[0].id) } : linked;
  let next = linked;
  for (const pick of picks) {
    if (isLinked(platform, next, pick)) continue;
    next =
      platform === 'meta'
        ? { ...next, fbAdAccounts: [...next.fbAdAccounts, metaId(pick.id)] }
        : { ...next, googleAdAccount: [...next.googleAdAccount, { clientId: googleId(pick.id), managerId: googleId(pick.managerId ?? '') }] };
  }
  return next;
}

export function withRemoved(platform: ConnectPlatform, linked: LinkedAccounts, option: AccountOption): LinkedAccounts {
  if (platform === 'meta') return { ...linked, fbAdAccounts: linked.fbAdAccounts.filter((id) => metaId(id) !== metaId(option.id)) };
  if (platform === 'google_ads') return { ...linked, googleAdAccount: linked.googleAdAccount.filter((a) => googleId(a.clientId) !== googleId(option.id)) };
  return { ...linked, ga4PropertyId: null };
}

/** The PATCH body for one platform: the list replaces the brand's list for that platform. */
export function updateBodyFor(platform: ConnectPlatform, linked: LinkedAccounts): UpdateBrandBody {
  if (platform === 'meta') return { fbAdAccounts: linked.fbAdAccounts };
  if (platform === 'google_ads') return { googleAdAccount: linked.googleAdAccount };
  return { ga4Account: linked.ga4PropertyId === null ? null : { PropertyID: linked.ga4PropertyId } };
}

/** spec core.md section 5: case-insensitive over name and id, and manager id for Google Ads. */
export function matchesSearch(option: AccountOption, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  const fields = [option.name, option.id, option.managerId ?? ''].map((f) => f.toLowerCase());
  // Google Ads ids are often typed with hyphens (123-456-7890) but stored without.
  const digits = q.replaceAll('-', '');
  return fields.some((f) => f.includes(q) || (digits !== q && digits !== '' && f.includes(digits)));
}
