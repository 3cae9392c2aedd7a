import { createBrowserRouter, type RouteObject } from 'react-router';
import { RootLayout } from './root-layout';
import { AppShell } from './layout/app-shell';

// Every screen is its own lazy chunk; titles live in each route's handle (read by the page header).
const placeholder = (path: string, title: string): RouteObject => ({
  path,
  handle: { title },
  lazy: () => import('./routes/placeholder').then((m) => ({ Component: m.PlaceholderRoute })),
});

const publicPlaceholder = (path: string, title: string): RouteObject => ({
  path,
  handle: { title },
  lazy: () => import('./routes/placeholder').then((m) => ({ Component: m.PublicPlaceholderRoute })),
});

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', lazy: () => import('./routes/home').then((m) => ({ Component: m.HomeRoute })) },
      { path: '/login', lazy: () => import('./routes/login').then((m) => ({ Component: m.LoginRoute })) },
      publicPlaceholder('/privacy-policy', 'Privacy Policy'),
      publicPlaceholder('/terms-and-conditions', 'Terms and Conditions'),
      publicPlaceholder('/shopify', 'Connecting to Dashboard...'),
      publicPlaceholder('/pricing_callback', 'Processing your subscription...'),
      publicPlaceholder('/callback', 'Signing you in'),
      {
        element: <AppShell />,
        children: [
          { path: '/dashboard', handle: { title: 'Dashboard' }, lazy: () => import('./routes/dashboard').then((m) => ({ Component: m.DashboardRoute })) },
          placeholder('/first-time-brand-setup', 'Brand Setup'),
          placeholder('/brand-setup', 'Brand Setup'),
          placeholder('/profile', 'Profile'),
          placeholder('/performance-metrics', 'Brands Performance Metrics'),
          placeholder('/admetrics/:brandId', 'Ad Metrics'),
          placeholder('/marketing-insights/:brandId', 'Marketing Insights'),
          placeholder('/ecommerce-reports/:brandId', 'E-Commerce Reports'),
          placeholder('/conversion-reports/:brandId/*', 'Conversion Reports'),
          placeholder('/meta-campaigns/:brandId', 'Campaign Analysis'),
          placeholder('/meta-interest/:brandId', 'Meta Interest Analysis'),
          placeholder('/meta-reports/:brandId', 'Meta Reports'),
          placeholder('/google-reports/:brandId', 'Google Ads Reports'),
          placeholder('/segment-dashboard/:brandId', 'Segment Dashboard'),
        ],
      },
      { path: '*', lazy: () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundRoute })) },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
