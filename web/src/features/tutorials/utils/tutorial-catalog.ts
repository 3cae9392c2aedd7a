import type { TutorialId } from '@parallels/contract/tutorials';

export interface TutorialStep {
  /** CSS selector of the element the step points at; a step whose element is missing is skipped */
  element: string;
  title: string;
  description: string;
}

/** Spec core.md section 3: id, title, route, description, priority, related tutorials, component id. */
export interface Tutorial {
  id: TutorialId;
  title: string;
  /** route patterns (`:param` segments) the tutorial is offered on; none: only reached as a related tutorial */
  routes: string[];
  description: string;
  /** lower plays first when several are queued at once */
  priority: number;
  related: TutorialId[];
  /** the component the tutorial explains */
  componentId: string;
  steps: TutorialStep[];
}

// Tutorial routes (spec core.md section 4): /dashboard, /conversion-reports/{brandId}/demographics and
// /ad-metrics/{brandId}. The app serves AdMetrics at /admetrics/{brandId}; both spellings match.
export const TUTORIALS: Tutorial[] = [
  {
    id: 'dashboard-overview',
    title: 'Your dashboard',
    routes: ['/dashboard'],
    description: 'A tour of the dashboard: brands, connections and the performance overview.',
    priority: 1,
    related: ['dashboard-support'],
    componentId: 'dashboard',
    steps: [
      { element: 'main h2', title: 'Welcome to Parallels', description: 'This is your dashboard: how the selected brand did yesterday, over the last 7 and the last 30 days.' },
      { element: '#brand-switcher', title: 'Switch brands', description: 'Pick the brand you are looking at. Every screen follows the brand chosen here.' },
      { element: '[aria-labelledby="connect-platforms"]', title: 'Connect your platforms', description: 'Platforms with no data yet show here. Connect Facebook, Google Ads or Google Analytics to see them on every report.' },
      { element: '[aria-labelledby="performance-overview"]', title: 'Performance overview', description: 'Spend, ROAS, sessions and conversion rates per period, each compared with the period before it.' },
      { element: 'header button[aria-haspopup="dialog"]', title: 'Pick your dates', description: 'Choose a quick range or type dates; compare mode puts two ranges side by side.' },
      { element: '[aria-label="Refresh dashboard"]', title: 'Refresh', description: 'Data syncs every 3 hours by itself; refresh reloads the figures synced so far.' },
      { element: 'nav[aria-label="Main"]', title: 'Reports', description: 'AdMetrics, e-commerce and conversion reports, and Meta and Google Ads analysis are all one click away.' },
    ],
  },
  {
    id: 'dashboard-support',
    title: 'Getting help',
    routes: [],
    description: 'Where to raise a support ticket and find your notifications.',
    priority: 2,
    related: [],
    componentId: 'support-button',
    steps: [
      { element: 'header button[aria-label^="Notifications"]', title: 'Notifications', description: 'Finished syncs and anything that needs your attention arrive here.' },
      { element: '[data-tutorial="support-button"]', title: 'We are here to help', description: 'Raise a support ticket from any dashboard page; our team answers by email.' },
    ],
  },
  {
    id: 'ad-metrics-overview',
    title: 'AdMetrics',
    routes: ['/ad-metrics/:brandId', '/admetrics/:brandId'],
    description: 'Facebook and Google Ads side by side, and blended.',
    priority: 1,
    related: [],
    componentId: 'ad-metrics',
    steps: [
      { element: '[aria-labelledby="card-blended-summary"]', title: 'Blended summary', description: 'Facebook and Google Ads added together: spend, revenue and ROAS computed from the sums, never averaged.' },
      { element: '[aria-labelledby^="card-facebook-"]', title: 'Facebook ad accounts', description: 'One card per connected Facebook ad account, with its own CPC, CPM, CTR and cost per purchase.' },
      { element: '[aria-labelledby^="card-google-ads-"]', title: 'Google Ads', description: 'Cost, conversion value, ROAS and cost per conversion of the connected Google Ads account.' },
      { element: '#connect-advertising', title: 'Connect your ad accounts', description: 'Connect Facebook or Google Ads to see their figures here.' },
      { element: '[aria-label="Refresh ad metrics"]', title: 'Refresh', description: 'AdMetrics refreshes every 3 hours by itself; this reloads it now.' },
    ],
  },
  {
    id: 'conversion-demographics',
    title: 'Conversion demographics',
    routes: ['/conversion-reports/:brandId/demographics'],
    description: 'Who buys: conversions by age, gender and place.',
    priority: 1,
    related: [],
    componentId: 'conversion-reports',
    steps: [
      { element: 'header h1', title: 'Conversion reports', description: 'Sessions and conversion rates broken down by age, gender, country and more, from your Google Analytics 4 property.' },
      { element: '[aria-label="Conversion dimensions"]', title: 'Your breakdowns', description: 'Pick a dimension: each lists sessions and conversion rate per value, month by month, coloured against the averages.' },
    ],
  },
  {
    id: 'marketing-insights-overview',
    title: 'Marketing Insights',
    routes: ['/marketing-insights/:brandId'],
    description: 'Store sales beside Meta and Google Ads spend, month by month.',
    priority: 1,
    related: [],
    componentId: 'marketing-insights',
    steps: [
      { element: 'header button[aria-haspopup="dialog"]', title: 'Pick your dates', description: 'The table covers these dates (this month so far by default); compare mode shows every total beside another range.' },
      { element: 'section[aria-label="Cross-platform performance"] [role="region"]', title: 'Months and days', description: "Each month adds up the store, Meta and Google Ads; open a month for its days. A '-' is a day not synced yet, never a zero." },
      { element: '[data-tutorial="report-actions"]', title: 'Filter, columns, export', description: 'Filter rows by any figure, choose, order and pin columns, export to Excel, or go full screen.' },
    ],
  },
  {
    id: 'google-reports-overview',
    title: 'Google Ads reports',
    routes: ['/google-reports/:brandId'],
    description: 'Search terms, keywords, audiences and products per Google Ads account.',
    priority: 1,
    related: [],
    componentId: 'google-reports',
    steps: [
      { element: '[role="tablist"][aria-label="Google Ads reports"]', title: 'Pick a report', description: 'Search terms, keywords, age, gender and products; type in the search box to find a tab.' },
      { element: '[aria-label="Performance categories"]', title: 'Find what works', description: 'Top performers spend more and return more than average, under performers the opposite. Select one to filter the table; select it again to clear.' },
      { element: '[data-tutorial="report-actions"]', title: 'Filter, columns, export', description: 'Filter by cost or return, choose columns, export, or go full screen to load every row.' },
    ],
  },
  {
    id: 'ecommerce-reports-overview',
    title: 'E-Commerce Reports',
    routes: ['/ecommerce-reports/:brandId'],
    description: 'The shopping funnel from Google Analytics: sessions, add to cart, checkout, purchase.',
    priority: 1,
    related: [],
    componentId: 'ecommerce-reports',
    steps: [
      { element: 'header button[aria-haspopup="dialog"]', title: 'Pick your dates', description: 'The funnel covers these dates; each row adds up its days before any rate is worked out.' },
      { element: '[data-tutorial="report-actions"]', title: 'Counts or rates', description: 'Switch between the Counts View and the Rates View, choose columns, export, or go full screen.' },
    ],
  },
  {
    id: 'segment-dashboard-overview',
    title: 'Segment dashboard',
    routes: ['/segment-dashboard/:brandId'],
    description: 'Google Ads shopping products by brand, category and type, and search terms.',
    priority: 1,
    related: [],
    componentId: 'segment-dashboard',
    steps: [
      { element: '[role="tablist"][aria-label="Product insights"]', title: 'Products, categories, brands, types', description: 'Click a brand, type, category or status in a table to see its products; the chip above the table clears it.' },
      { element: 'table[aria-label="Search terms"]', title: 'Search terms', description: 'Every search term with its campaign and ad group; filter by campaign, ad group or status and sort by any column.' },
    ],
  },
  {
    id: 'meta-reports-overview',
    title: 'Meta reports',
    routes: ['/meta-reports/:brandId'],
    description: 'Meta results by age, gender, country, platform, placement, device and audience.',
    priority: 1,
    related: [],
    componentId: 'meta-reports',
    steps: [
      { element: 'nav[aria-label="Reports"]', title: 'Pick a breakdown', description: 'Age, gender, country, platform, placement, impression device and audience segments, each month by month.' },
      { element: '[aria-label="Performance categories"]', title: 'Find what works', description: 'Spend against purchase ROAS: top performers, high spend, high ROAS and under performers. Select one to filter.' },
      { element: '[data-tutorial="report-actions"]', title: 'Columns and export', description: 'Choose and pin columns, export to Excel, or go full screen.' },
    ],
  },
  {
    id: 'meta-campaigns-overview',
    title: 'Campaign analysis',
    routes: ['/meta-campaigns/:brandId'],
    description: 'Every Meta campaign with its results, grouped by the labels your team gives them.',
    priority: 1,
    related: [],
    componentId: 'meta-campaigns',
    steps: [
      { element: 'header button[aria-haspopup="dialog"]', title: 'Pick your dates', description: 'Campaign results over these dates; reach and frequency are Meta\'s own figures for the exact range.' },
      { element: 'main [role="region"][aria-label$=" rows"]', title: 'Your campaigns', description: "Enable Grouping above the table to see campaigns by label (TOFU, MOFU, BOFU or your own); labels are shared with everyone on the brand." },
      { element: '[data-tutorial="report-actions"]', title: 'Manage columns', description: 'Show, order and freeze columns, or go full screen.' },
    ],
  },
  {
    id: 'meta-interest-overview',
    title: 'Interest analysis',
    routes: ['/meta-interest/:brandId'],
    description: 'Spend, revenue and ROAS per targeted interest, blended and per account.',
    priority: 1,
    related: [],
    componentId: 'meta-interest',
    steps: [
      { element: 'header button[aria-haspopup="dialog"]', title: 'Pick your dates', description: 'Interests over these dates; an ad set\'s spend is shared equally among the interests it targets.' },
      { element: '[data-tutorial="report-actions"]', title: 'Filter and export', description: 'Filter by interest name or any figure, choose columns, export, or go full screen.' },
    ],
  },
];

const pattern = (route: string) => new RegExp(`^${route.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`);

/** The tutorials offered on a path, in play order. */
export function tutorialsForPath(catalog: Tutorial[], path: string): Tutorial[] {
  return catalog.filter((t) => t.routes.some((r) => pattern(r).test(path))).sort((a, b) => a.priority - b.priority);
}
