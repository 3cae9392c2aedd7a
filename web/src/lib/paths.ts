// Every route of the app in one place (spec/core.md section 2 and spec/reports.md section 2).
export const paths = {
  home: '/',
  login: '/login',
  dashboard: '/dashboard',
  firstTimeBrandSetup: '/first-time-brand-setup',
  brandSetup: '/brand-setup',
  profile: '/profile',
  callback: '/callback',
  performanceMetrics: '/performance-metrics',
  privacyPolicy: '/privacy-policy',
  termsAndConditions: '/terms-and-conditions',
  shopify: '/shopify',
  pricingCallback: '/pricing_callback',
  sandboxMail: '/sandbox/mail',
  adMetrics: (brandId: string) => `/admetrics/${brandId}`,
  marketingInsights: (brandId: string) => `/marketing-insights/${brandId}`,
  ecommerceReports: (brandId: string) => `/ecommerce-reports/${brandId}`,
  conversionReports: (brandId: string) => `/conversion-reports/${brandId}`,
  metaCampaigns: (brandId: string) => `/meta-campaigns/${brandId}`,
  metaInterest: (brandId: string) => `/meta-interest/${brandId}`,
  metaReports: (brandId: string) => `/meta-reports/${brandId}`,
  googleReports: (brandId: string) => `/google-reports/${brandId}`,
  segmentDashboard: (brandId: string) => `/segment-dashboard/${brandId}`,
} as const;

/** Switching brand keeps the section and swaps the brand id (the second path segment). */
export function withBrand(pathname: string, brandId: string): string {
  const parts = pathname.split('/');
  if (parts.length >= 3 && parts[2]) {
    parts[2] = brandId;
    return parts.join('/');
  }
  return pathname;
}

/** The brand id in the URL, if the route carries one. */
export function brandIdFromPath(pathname: string): string | undefined {
  const parts = pathname.split('/');
  return parts.length >= 3 && parts[2] ? parts[2] : undefined;
}
