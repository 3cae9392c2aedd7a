import { compactDay, weekday } from '../common/dates.js';
import type { Cohort } from './cohorts.js';
import { F, type Sums } from './fields.js';
import type { SiteProfile } from './site.js';

/**
 * The dimensions and metrics the emulator knows, under GA4's API names (platform-apis.md 4.4; GA4 API
 * schema). `scope` drives compatibility and data grain: session/user/time dimensions group session
 * cohorts, page dimensions group a cohort's pages, item dimensions a cohort's items.
 */
export interface Unit {
  cohort: Cohort;
  /** page index when the report is at page grain (-1 = '(not set)') */
  page?: number;
  /** product index when the report is at item grain */
  item?: number;
  sums: Sums;
  rangeName: string;
}

export type DimensionScope = 'time' | 'range' | 'session' | 'user' | 'page' | 'item';

export interface DimensionDef {
  apiName: string;
  uiName: string;
  description: string;
  category: string;
  scope: DimensionScope;
  /** Google signals dimensions: requests with them count as potentially thresholded */
  thresholded?: boolean;
  value: (u: Unit, site: SiteProfile) => string;
}

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const NOT_SET = '(not set)';

function pageOf(u: Unit, site: SiteProfile) {
  return u.page === undefined || u.page < 0 ? undefined : site.pages[u.page];
}
function itemOf(u: Unit, site: SiteProfile) {
  return u.item === undefined ? undefined : site.products[u.item];
}

const d = (apiName: string, uiName: string, category: string, scope: DimensionScope, value: DimensionDef['value'], description: string, thresholded = false): DimensionDef =>
  ({ apiName, uiName, description, category, scope, value, ...(thresholded ? { thresholded } : {}) });

export const DIMENSIONS: DimensionDef[] = [
  d('date', 'Date', 'Time', 'time', (u) => compactDay(u.cohort.day), 'The date of the event, formatted as YYYYMMDD.'),
  d('yearMonth', 'Month', 'Time', 'time', (u) => u.cohort.day.slice(0, 4) + u.cohort.day.slice(5, 7), 'The combined year and month values. Example values include 202212 or 202301.'),
  d('year', 'Year', 'Time', 'time', (u) => u.cohort.day.slice(0, 4), 'The four-digit year of the event. For example, 2020 or 2024.'),
  d('month', 'Month', 'Time', 'time', (u) => u.cohort.day.slice(5, 7), 'The month of the event, a two digit integer from 01 to 12.'),
  d('day', 'Day', 'Time', 'time', (u) => u.cohort.day.slice(8, 10), 'The day of the month, a two-digit number from 01 to 31.'),
  d('dayOfWeek', 'Day of week', 'Time', 'time', (u) => String(weekday(u.cohort.day)), 'The integer day of the week. It returns values in the range [0,6] with Sunday as the first day of the week.'),
  d('dayOfWeekName', 'Day of week name', 'Time', 'time', (u) => DAY_NAMES[weekday(u.cohort.day)] ?? '', 'The day of the week in English.'),
  d('dateRange', 'Date range', 'General', 'range', (u) => u.rangeName, 'The name of the date range (date_range_0, ... unless named in the request).'),
  d('userAgeBracket', 'Age', 'Demographics', 'user', (u) => u.cohort.age, 'User age brackets.', true),
  d('userGender', 'Gender', 'Demographics', 'user', (u) => u.cohort.gender, 'User gender.', true),
  d('brandingInterest', 'Interests', 'Demographics', 'user', (u) => u.cohort.interest, 'Interests demonstrated by users who are higher in the shopping funnel.', true),
  d('deviceCategory', 'Device category', 'Platform / device', 'session', (u) => u.cohort.device, 'The type of device: Desktop, Tablet, or Mobile.'),
  d('operatingSystem', 'Operating system', 'Platform / device', 'session', (u) => u.cohort.os, 'The operating systems used by visitors to your app or website.'),
  d('browser', 'Browser', 'Platform / device', 'session', (u) => u.cohort.browser, 'The browsers used to view your website.'),
  d('platform', 'Platform', 'Platform / device', 'session', () => 'web', 'The platform on which your app or website ran.'),
  d('sessionSource', 'Session source', 'Traffic source', 'session', (u) => u.cohort.source, 'The source that initiated a session on your website or app.'),
  d('sessionMedium', 'Session medium', 'Traffic source', 'session', (u) => u.cohort.medium, 'The medium that initiated a session on your website or app.'),
  d('sessionSourceMedium', 'Session source / medium', 'Traffic source', 'session', (u) => `${u.cohort.source} / ${u.cohort.medium}`, 'The combined values of the dimensions sessionSource and sessionMedium.'),
  d('sessionCampaignName', 'Session campaign', 'Traffic source', 'session', (u) => u.cohort.campaign, 'The marketing campaign name for a session.'),
  d('sessionDefaultChannelGroup', 'Session default channel group', 'Traffic source', 'session', (u) => u.cohort.channel, "The session's default channel group is based primarily on source and medium."),
  d('country', 'Country', 'Geography', 'session', (u) => u.cohort.country, 'The country from which the user activity originated.'),
  d('countryId', 'Country ID', 'Geography', 'session', (u) => u.cohort.countryId, 'The geographic ID of the country from which the user activity originated, formatted according to ISO 3166-1 alpha-2 standard.'),
  d('region', 'Region', 'Geography', 'session', (u) => u.cohort.region, 'The geographic region from which the user activity originated, derived from their IP address.'),
  d('city', 'City', 'Geography', 'session', (u) => u.cohort.city, 'The city from which the user activity originated.'),
  d('landingPage', 'Landing page', 'Page / screen', 'session', (u, s) => s.pages[u.cohort.landing]?.path ?? NOT_SET, 'The page path associated with the first pageview in a session.'),
  d('landingPagePlusQueryString', 'Landing page + query string', 'Page / screen', 'session', (u) => u.cohort.landingQs, 'The page path + query string associated with the first pageview in a session.'),
  d('pagePath', 'Page path', 'Page / screen', 'page', (u, s) => pageOf(u, s)?.path ?? NOT_SET, 'The portion of the URL between the hostname and query string for web pages visited.'),
  d('pagePathPlusQueryString', 'Page path + query string', 'Page / screen', 'page', (u, s) => { const p = pageOf(u, s); return p ? p.pathQs ?? p.path : NOT_SET; }, 'The portion of the URL following the hostname for web pages visited.'),
  d('pageTitle', 'Page title', 'Page / screen', 'page', (u, s) => pageOf(u, s)?.title ?? NOT_SET, 'The web page titles used on your site.'),
  d('itemName', 'Item name', 'Ecommerce', 'item', (u, s) => itemOf(u, s)?.name ?? NOT_SET, 'The name of the item.'),
  d('itemId', 'Item ID', 'Ecommerce', 'item', (u, s) => itemOf(u, s)?.id ?? NOT_SET, 'The ID of the item.'),
  d('itemCategory', 'Item category', 'Ecommerce', 'item', (u, s) => itemOf(u, s)?.category ?? NOT_SET, 'The hierarchical category in which the item is classified.'),
  d('itemBrand', 'Item brand', 'Ecommerce', 'item', (u, s) => (itemOf(u, s) ? s.brand : NOT_SET), 'Brand name of the item.'),
];

export const DIMENSION_BY_NAME = new Map(DIMENSIONS.map((x) => [x.apiName, x]));

export type MetricType = 'TYPE_INTEGER' | 'TYPE_FLOAT' | 'TYPE_CURRENCY' | 'TYPE_SECONDS';

/** What a metric is computed from: a group's sums plus its (non-additive) user counts. */
export interface Aggregate {
  sums: Sums;
  totalUsers: number;
  activeUsers: number;
  /** multiply minor units by this to get the response currency's major units */
  fx: number;
}

export interface MetricDef {
  apiName: string;
  uiName: string;
  description: string;
  category: string;
  type: MetricType;
  scope: 'event' | 'item';
  value: (a: Aggregate) => number;
  /** computed from page expansion (views, events, item views) */
  needsPages?: boolean;
  /** names GA4 renamed (2024 "conversions" -> "key events"); still accepted here */
  deprecatedApiNames?: string[];
}

const ratio = (num: number, den: number): number => (den > 0 ? num / den : 0);
const sum = (a: Aggregate, f: number): number => a.sums[f] ?? 0;

const m = (apiName: string, uiName: string, category: string, type: MetricType, value: MetricDef['value'], description: string, extra: Partial<MetricDef> = {}): MetricDef =>
  ({ apiName, uiName, description, category, type, scope: 'event', value, ...extra });

export const METRICS: MetricDef[] = [
  m('sessions', 'Sessions', 'Session', 'TYPE_INTEGER', (a) => sum(a, F.sessions), 'The number of sessions that began on your site or app.'),
  m('engagedSessions', 'Engaged sessions', 'Session', 'TYPE_INTEGER', (a) => sum(a, F.engagedSessions), 'The number of sessions that lasted longer than 10 seconds, or had a key event, or had 2 or more screen views.'),
  m('totalUsers', 'Total users', 'User', 'TYPE_INTEGER', (a) => a.totalUsers, 'The number of distinct users who have logged at least one event.'),
  m('activeUsers', 'Active users', 'User', 'TYPE_INTEGER', (a) => a.activeUsers, 'The number of distinct users who visited your site or app.'),
  m('newUsers', 'New users', 'User', 'TYPE_INTEGER', (a) => sum(a, F.newUsers), 'The number of users who interacted with your site or launched your app for the first time.'),
  m('screenPageViews', 'Views', 'Page / screen', 'TYPE_INTEGER', (a) => sum(a, F.views), 'The number of app screens or web pages your users viewed.', { needsPages: true }),
  m('screenPageViewsPerSession', 'Views per session', 'Page / screen', 'TYPE_FLOAT', (a) => ratio(sum(a, F.views), sum(a, F.sessions)), 'The number of app screens or web pages your users viewed per session.', { needsPages: true }),
  m('eventCount', 'Event count', 'Event', 'TYPE_INTEGER', (a) => sum(a, F.events), 'The count of events.', { needsPages: true }),
  m('addToCarts', 'Add to carts', 'Ecommerce', 'TYPE_INTEGER', (a) => sum(a, F.addToCarts), 'The number of times users added items to their shopping carts.'),
  m('checkouts', 'Checkouts', 'Ecommerce', 'TYPE_INTEGER', (a) => sum(a, F.checkouts), 'The number of times users started the checkout process.'),
  m('ecommercePurchases', 'Ecommerce purchases', 'Ecommerce', 'TYPE_INTEGER', (a) => sum(a, F.purchases), 'The number of times users completed a purchase.'),
  m('transactions', 'Transactions', 'Ecommerce', 'TYPE_INTEGER', (a) => sum(a, F.transactions), 'The count of transaction events with purchase revenue.'),
  m('purchaseRevenue', 'Purchase revenue', 'Revenue', 'TYPE_CURRENCY', (a) => sum(a, F.revenueMinor) * a.fx, 'The sum of revenue from purchases minus refunded transaction revenue made in your app or site.'),
  m('totalRevenue', 'Total revenue', 'Revenue', 'TYPE_CURRENCY', (a) => sum(a, F.revenueMinor) * a.fx, 'The sum of revenue from purchases, subscriptions, and advertising.'),
  m('averagePurchaseRevenue', 'Average purchase revenue', 'Revenue', 'TYPE_CURRENCY', (a) => ratio(sum(a, F.revenueMinor) * a.fx, sum(a, F.transactions)), 'The average purchase revenue in the transaction group of events.'),
  m('keyEvents', 'Key events', 'Key events', 'TYPE_INTEGER', (a) => sum(a, F.purchases), 'The count of key events.', { deprecatedApiNames: ['conversions'] }),
  m('sessionKeyEventRate', 'Session key event rate', 'Session', 'TYPE_FLOAT', (a) => ratio(sum(a, F.keyEventSessions), sum(a, F.sessions)), 'The percentage of sessions in which any key event was triggered.', { deprecatedApiNames: ['sessionConversionRate'] }),
  m('userKeyEventRate', 'User key event rate', 'User', 'TYPE_FLOAT', (a) => Math.min(1, ratio(sum(a, F.purchasers), a.totalUsers)), 'The percentage of users who triggered any key event.', { deprecatedApiNames: ['userConversionRate'] }),
  m('engagementRate', 'Engagement rate', 'Session', 'TYPE_FLOAT', (a) => ratio(sum(a, F.engagedSessions), sum(a, F.sessions)), 'The percentage of engaged sessions (Engaged sessions divided by Sessions).'),
  m('bounceRate', 'Bounce rate', 'Session', 'TYPE_FLOAT', (a) => (sum(a, F.sessions) > 0 ? 1 - ratio(sum(a, F.engagedSessions), sum(a, F.sessions)) : 0), 'The percentage of sessions that were not engaged.'),
  m('averageSessionDuration', 'Average session duration', 'Session', 'TYPE_SECONDS', (a) => ratio(sum(a, F.durationSeconds), sum(a, F.sessions)), "The average duration (in seconds) of users' sessions."),
  m('sessionsPerUser', 'Sessions per user', 'Session', 'TYPE_FLOAT', (a) => ratio(sum(a, F.sessions), a.activeUsers), 'The average number of sessions per user.'),
  m('itemsViewed', 'Items viewed', 'Ecommerce', 'TYPE_INTEGER', (a) => sum(a, F.itemsViewed), 'The number of units viewed for a single item.', { scope: 'item', needsPages: true }),
  m('itemsAddedToCart', 'Items added to cart', 'Ecommerce', 'TYPE_INTEGER', (a) => sum(a, F.itemsAddedToCart), 'The number of units added to cart for a single item.', { scope: 'item' }),
  m('itemsCheckedOut', 'Items checked out', 'Ecommerce', 'TYPE_INTEGER', (a) => sum(a, F.itemsCheckedOut), 'The number of units checked out for a single item.', { scope: 'item' }),
  m('itemsPurchased', 'Items purchased', 'Ecommerce', 'TYPE_INTEGER', (a) => sum(a, F.itemsPurchased), 'The number of units for a single item included in purchase events.', { scope: 'item' }),
  m('itemRevenue', 'Item revenue', 'Revenue', 'TYPE_CURRENCY', (a) => sum(a, F.itemRevenueMinor) * a.fx, 'The total revenue from purchases minus refunded transaction revenue from items only.', { scope: 'item' }),
];

export const METRIC_BY_NAME = new Map<string, MetricDef>();
for (const metric of METRICS) {
  METRIC_BY_NAME.set(metric.apiName, metric);
  for (const old of metric.deprecatedApiNames ?? []) METRIC_BY_NAME.set(old, metric);
}

/** A metric value as GA4 writes it: always a string; integers without decimals, money to the cent. */
export function formatMetric(type: MetricType, value: number): string {
  if (!Number.isFinite(value)) return '0';
  if (type === 'TYPE_INTEGER') return String(Math.round(value));
  if (type === 'TYPE_CURRENCY') return String(Math.round(value * 100) / 100);
  return String(value);
}

/** getMetadata body (GET /v1beta/properties/{id}/metadata). */
export function metadataBody(propertyName: string): Record<string, unknown> {
  return {
    name: `${propertyName}/metadata`,
    dimensions: DIMENSIONS.filter((x) => x.scope !== 'range').map((x) => ({ apiName: x.apiName, uiName: x.uiName, description: x.description, category: x.category })),
    metrics: METRICS.map((x) => ({
      apiName: x.apiName, uiName: x.uiName, description: x.description, type: x.type, category: x.category,
      ...(x.deprecatedApiNames ? { deprecatedApiNames: x.deprecatedApiNames } : {}),
    })),
  };
}
