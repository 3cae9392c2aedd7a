import { createBrowserRouter, type RouteObject } from 'react-router';
import { RootLayout } from './root-layout';
import { AppShell } from './layout/app-shell';

// Every screen is its own lazy chunk; titles live in each route's handle (read by the page header).
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', lazy: () => import('./routes/home').then((m) => ({ Component: m.HomeRoute })) },
      { path: '/login', lazy: () => import('./routes/login').then((m) => ({ Component: m.LoginRoute })) },
      { path: '/privacy-policy', handle: { title: 'Privacy Policy' }, lazy: () => import('./routes/legal').then((m) => ({ Component: m.PrivacyPolicyRoute })) },
      { path: '/terms-and-conditions', handle: { title: 'Terms and Conditions' }, lazy: () => import('./routes/legal').then((m) => ({ Component: m.TermsRoute })) },
      { path: '/shopify', handle: { title: 'Connecting to Dashboard...' }, lazy: () => import('./routes/shopify-install').then((m) => ({ Component: m.ShopifyInstallRoute })) },
      { path: '/pricing_callback', handle: { title: 'Processing your subscription...' }, lazy: () => import('./routes/pricing-callback').then((m) => ({ Component: m.PricingCallbackRoute })) },
      // outside the app shell: its second path segment is no brand id
      { path: '/sandbox/mail', handle: { title: 'Sandbox inbox' }, lazy: () => import('./routes/sandbox-mail').then((m) => ({ Component: m.SandboxMailRoute })) },
      { path: '/callback', handle: { title: 'Signing you in' }, lazy: () => import('./routes/callback').then((m) => ({ Component: m.CallbackRoute })) },
      {
        element: <AppShell />,
        children: [
          { path: '/dashboard', handle: { title: 'Dashboard', datePicker: true, localeSettings: true }, lazy: () => import('./routes/dashboard').then((m) => ({ Component: m.DashboardRoute })) },
          { path: '/first-time-brand-setup', handle: { title: 'Brand Setup' }, lazy: () => import('./routes/brand-setup').then((m) => ({ Component: m.BrandSetupRoute })) },
          { path: '/brand-setup', handle: { title: 'Brand Setup' }, lazy: () => import('./routes/brand-setup').then((m) => ({ Component: m.BrandSetupRoute })) },
          { path: '/profile', handle: { title: 'Profile' }, lazy: () => import('./routes/profile').then((m) => ({ Component: m.ProfileRoute })) },
          { path: '/performance-metrics', handle: { title: 'Brands Performance Metrics' }, lazy: () => import('./routes/performance-metrics').then((m) => ({ Component: m.PerformanceMetricsRoute })) },
          {
            path: '/admetrics/:brandId',
            handle: { title: 'Ad Metrics', datePicker: true, localeSettings: true },
            lazy: () => import('./routes/ad-metrics').then((m) => ({ Component: m.AdMetricsRoute })),
          },
          {
            path: '/marketing-insights/:brandId',
            handle: { title: 'Marketing Insights', datePicker: true, localeSettings: true },
            lazy: () => import('./routes/marketing-insights').then((m) => ({ Component: m.MarketingInsightsRoute })),
          },
          {
            path: '/ecommerce-reports/:brandId',
            handle: { title: 'E-Commerce Reports', datePicker: true, localeSettings: true },
            lazy: () => import('./routes/ecommerce-reports').then((m) => ({ Component: m.EcommerceReportsRoute })),
          },
          {
            path: '/conversion-reports/:brandId/*',
            handle: { title: 'Conversion Reports', datePicker: true, localeSettings: true },
            lazy: () => import('./routes/conversion-reports').then((m) => ({ Component: m.ConversionReportsRoute })),
          },
          {
            path: '/meta-campaigns/:brandId',
            handle: { title: 'Campaign Analysis', datePicker: true, localeSettings: true },
            lazy: () => import('./routes/meta-campaigns').then((m) => ({ Component: m.MetaCampaignsRoute })),
          },
          {
            path: '/meta-interest/:brandId',
            handle: { title: 'Meta Interest Analysis', datePicker: true, localeSettings: true },
            lazy: () => import('./routes/meta-interest').then((m) => ({ Component: m.MetaInterestRoute })),
          },
          {
            path: '/meta-reports/:brandId',
            handle: { title: 'Meta Reports', datePicker: true },
            lazy: () => import('./routes/meta-reports').then((m) => ({ Component: m.MetaReportsRoute })),
          },
          {
            path: '/google-reports/:brandId',
            handle: { title: 'Google Ads Reports', datePicker: true, localeSettings: true },
            lazy: () => import('./routes/google-reports').then((m) => ({ Component: m.GoogleReportsRoute })),
          },
          {
            path: '/segment-dashboard/:brandId',
            handle: { title: 'Segment Dashboard', datePicker: true, localeSettings: true },
            lazy: () => import('./routes/segment-dashboard').then((m) => ({ Component: m.SegmentDashboardRoute })),
          },
          { path: '/segment-dashboard', handle: { title: 'Segment Dashboard' }, lazy: () => import('./routes/segment-dashboard').then((m) => ({ Component: m.SegmentDashboardRoute })) },
        ],
      },
      { path: '*', lazy: () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundRoute })) },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
