import * as alloc from './allocate.js';
import { F as FIELDS, FIELD_COUNT, type Sums } from './fields.js';
import type { SiteProfile } from './site.js';

/**
 * Page expansion of a session cohort, for the page-scoped dimensions (pagePath, pageTitle,
 * pagePathPlusQueryString). GA4 counts a session on EVERY page it visits, so a page report's sessions add
 * up to more than the property's sessions; screenPageViews and events are split exactly (each view and
 * event happens on one page). Events land where a Shopify store fires them: add_to_cart on product pages,
 * begin_checkout on /checkout, purchase on the thank-you page.
 */
export interface PageUnit {
  /** index into site.pages; -1 = '(not set)' (sessions that sent no page_view) */
  page: number;
  sums: Sums;
}

/** What expansion needs to know about a cohort. */
export interface PageSource {
  index: number;
  landing: number;
  sums: Sums;
}

// plain local copies: imported bindings are getters under tsx and the test runner, and this is the hot path
const F = { ...FIELDS };
const { apportion, clamp, unitHash } = alloc;

// Expansion runs for every cohort of every day a page report covers, so units are pooled: the array
// returned by expandPages (and its units) is only valid until the next call.
const pool: PageUnit[] = [];
const out: PageUnit[] = [];
const productUnits: PageUnit[] = [];
function unitFor(slot: number, page: number): PageUnit {
  let u = pool[slot];
  if (!u) {
    u = { page, sums: new Float64Array(FIELD_COUNT) };
    pool[slot] = u;
  }
  u.page = page;
  u.sums.fill(0);
  out.push(u);
  return u;
}

const CONVERTER_LIFT: Record<string, number> = { product: 2.5, collection: 1.8, home: 1.2, search: 1.5, account: 1.6, content: 0.6 };

export function expandPages(site: SiteProfile, cohort: PageSource, salt: number): PageUnit[] {
  const c = cohort.sums;
  const S = c[F.sessions] ?? 0;
  out.length = 0;
  if (S <= 0) return out;
  const atc = c[F.addToCarts] ?? 0;
  const checkouts = c[F.checkouts] ?? 0;
  const purchases = c[F.purchases] ?? 0;
  if (cohort.landing < 0) {
    // no page_view at all: everything the cohort did sits on '(not set)'
    const s = unitFor(0, -1).sums;
    s.set(c);
    s[F.views] = 0;
    s[F.itemsViewed] = 0;
    s[F.events] = S + (c[F.newUsers] ?? 0) + atc + checkouts + purchases;
    return out;
  }
  const C = c[F.keyEventSessions] ?? 0;
  const N = S - C;
  const users = c[F.users] ?? 0;
  const active = c[F.activeUsers] ?? 0;
  const cartSessions = atc > 0 ? clamp(Math.round(atc * 0.78), 1, S) : 0;
  const checkoutSessions = checkouts > 0 ? clamp(Math.round(checkouts * 0.93), 1, S) : 0;
  const landingKind = site.pages[cohort.landing]?.kind;

  const newUsers = c[F.newUsers] ?? 0;
  const duration = c[F.durationSeconds] ?? 0;
  const pages = site.pages;
  let landingUnit: PageUnit | undefined;
  let checkoutUnit: PageUnit | undefined;
  let thankYouUnit: PageUnit | undefined;
  productUnits.length = 0;
  for (let j = 0; j < pages.length; j++) {
    const page = pages[j]!;
    const kind = page.kind;
    const isLanding = j === cohort.landing;
    let sessions: number;
    let keySessions: number;
    let engaged: number;
    if (isLanding) {
      sessions = S;
      keySessions = C;
      engaged = c[F.engagedSessions] ?? 0;
    } else {
      if (kind === 'cart' || kind === 'checkout') {
        sessions = kind === 'cart' ? cartSessions : checkoutSessions;
        keySessions = Math.min(sessions, C);
      } else if (kind === 'thankyou') {
        sessions = C;
        keySessions = C;
      } else {
        const jitter = 0.7 + 0.6 * unitHash(salt, cohort.index, j);
        const q = clamp(page.browse * jitter * (kind === 'product' && landingKind === 'product' ? 1.3 : 1), 0, 0.9);
        const qc = clamp(q * (CONVERTER_LIFT[kind] ?? 1), 0, 0.9);
        sessions = Math.round(N * q + C * qc);
        keySessions = Math.min(sessions, Math.round(C * qc));
      }
      // a session that reaches a second page has two page views: GA4 counts it as engaged
      engaged = sessions;
    }
    if (sessions <= 0) continue;
    const unit = unitFor(j + 1, j);
    const s = unit.sums;
    s[F.sessions] = sessions;
    s[F.engagedSessions] = engaged;
    s[F.keyEventSessions] = keySessions;
    s[F.purchasers] = keySessions;
    const pageUsers = users > 0 ? Math.max(1, Math.round((sessions * users) / S)) : 0;
    s[F.users] = pageUsers;
    s[F.activeUsers] = users > 0 ? Math.round((pageUsers * active) / users) : 0;
    // first_visit happens on the landing page
    if (isLanding) s[F.newUsers] = newUsers;
    const views = Math.max(sessions, Math.round(sessions * page.depth * (0.85 + 0.3 * unitHash(salt + 1, cohort.index, j))));
    s[F.views] = views;
    s[F.durationSeconds] = Math.round((duration * sessions) / S);
    if (kind === 'product') {
      s[F.itemsViewed] = views;
      productUnits.push(unit);
    }
    if (isLanding) landingUnit = unit;
    else if (kind === 'checkout') checkoutUnit = unit;
    else if (kind === 'thankyou') thankYouUnit = unit;
  }
  landingUnit ??= out[0];

  if (atc > 0) {
    if (productUnits.length > 0) {
      const split = apportion(atc, productUnits.map((u) => u.sums[F.sessions] ?? 0));
      productUnits.forEach((u, k) => { u.sums[F.addToCarts] = split[k] ?? 0; });
    } else if (landingUnit) landingUnit.sums[F.addToCarts] = atc;
  }
  checkoutUnit ??= landingUnit;
  if (checkoutUnit && checkouts > 0) checkoutUnit.sums[F.checkouts] = checkouts;
  thankYouUnit ??= landingUnit;
  if (thankYouUnit && purchases > 0) {
    thankYouUnit.sums[F.purchases] = purchases;
    thankYouUnit.sums[F.transactions] = c[F.transactions] ?? 0;
    thankYouUnit.sums[F.revenueMinor] = c[F.revenueMinor] ?? 0;
  }
  for (const u of out) {
    const s = u.sums;
    const views = s[F.views] ?? 0;
    // page_view + scroll + user_engagement + view_item + ecommerce events (+ session_start, first_visit on the landing page)
    s[F.events] = views + Math.round(views * 0.45) + Math.round((s[F.engagedSessions] ?? 0) * 1.3) + (s[F.itemsViewed] ?? 0)
      + (s[F.addToCarts] ?? 0) + (s[F.checkouts] ?? 0) + (s[F.purchases] ?? 0) + (u === landingUnit && u.page === cohort.landing ? S + newUsers : 0);
  }
  return out;
}
