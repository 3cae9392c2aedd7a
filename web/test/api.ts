// The web tests' one stand-in for the API: MSW request handlers whose answers TypeScript checks against the
// contract. `server` is started, reset and closed in test/setup.ts; a request no handler answers fails the test.
//
//   server.use(api('GET /api/brands/:brandId', ({ params }) => ({ ...fixtures.brand, _id: params.brandId })));
//   server.use(api('POST /api/zoho/create-ticket', () => fail(502, { success: false, message: 'Try again' })));
//   expect(sent('POST /api/zoho/create-ticket')[0]?.body).toEqual({ ... });
//
// A resolver returns the route's answer (checked against `Routes` below: a stub that drifts from the contract
// fails `tsc -p web`), or one of the replies made by `reply`, `fail`, `networkError` or `malformed`.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { z } from 'zod';
import type * as adMetrics from '@parallels/contract/ad-metrics';
import type * as alerts from '@parallels/contract/alerts';
import type * as analytics from '@parallels/contract/analytics';
import type * as auth from '@parallels/contract/auth';
import type * as brands from '@parallels/contract/brands';
import type * as common from '@parallels/contract/common';
import type * as emailReports from '@parallels/contract/email-reports';
import type * as googleReports from '@parallels/contract/google-reports';
import type * as marketingInsights from '@parallels/contract/marketing-insights';
import type * as metaCampaigns from '@parallels/contract/meta-campaigns';
import type * as metaInterest from '@parallels/contract/meta-interest';
import type * as metaReports from '@parallels/contract/meta-reports';
import type * as oauth from '@parallels/contract/oauth';
import type * as pricing from '@parallels/contract/pricing';
import type * as segment from '@parallels/contract/segment';
import type * as setup from '@parallels/contract/setup';
import type * as summary from '@parallels/contract/summary';
import type * as support from '@parallels/contract/support';
import type * as targets from '@parallels/contract/targets';
import type * as tutorials from '@parallels/contract/tutorials';
import type * as users from '@parallels/contract/users';
import type { User } from '@parallels/contract/auth';
import type { Brand } from '@parallels/contract/brands';
import type { ErrorResponse } from '@parallels/contract/common';
import type { PlanId } from '@parallels/contract/pricing';
import { sessionStore } from '../src/lib/session-store';

export type { RequestHandler } from 'msw';

type S<T extends z.ZodType> = z.input<T>;

/**
 * Every endpoint the web calls, as "METHOD /path" (MSW path parameters), to the body of its success answer:
 * the schema the server declares as the route's response (and the web parses the answer with).
 */
export interface Routes {
  // auth and OAuth starts
  'GET /api/auth/check-token': S<typeof auth.checkTokenResponseSchema>;
  'POST /api/auth/logout': S<typeof common.successResponseSchema>;
  'POST /api/auth/signup': S<typeof auth.signupResponseSchema>;
  'POST /api/auth/login/normal': S<typeof auth.loginResponseSchema>;
  'POST /api/auth/login/oauth': S<typeof auth.loginResponseSchema>;
  'GET /api/auth/google': S<typeof oauth.authUrlResponseSchema>;
  'GET /api/auth/facebook': S<typeof oauth.facebookAuthResponseSchema>;
  'GET /api/auth/zoho': S<typeof oauth.authUrlResponseSchema>;
  'POST /api/auth/shopify': S<typeof oauth.authUrlResponseSchema>;
  'POST /api/auth/shopify-install': S<typeof oauth.shopifyInstallResponseSchema>;
  'PUT /api/auth/updateTokens/:tokenName': S<typeof common.successResponseSchema>;
  'PUT /api/auth/updateTokens/zoho/zohoToken': S<typeof common.successResponseSchema>;
  // users and brands
  'GET /api/users/getuser/:userId': S<typeof users.getUserResponseSchema>;
  'POST /api/users/add-brand': S<typeof brands.addBrandToUserResponseSchema>;
  'GET /api/brands/:brandId': S<typeof brands.brandSchema>;
  'GET /api/brands/currency/:brandId': S<typeof brands.currencyResponseSchema>;
  'POST /api/brands/add': S<typeof brands.addBrandResponseSchema>;
  'PATCH /api/brands/update/:brandId': S<typeof brands.brandSchema>;
  'DELETE /api/brands/delete/:brandId': S<typeof common.successResponseSchema>;
  // connecting accounts
  'POST /api/setup/google-accounts': S<typeof setup.googleAccountsResponseSchema>;
  'POST /api/setup/google-accounts/:brandId': S<typeof setup.googleAccountsResponseSchema>;
  'POST /api/setup/ga4-propertyIds': S<typeof setup.ga4PropertiesResponseSchema>;
  'POST /api/setup/ga4-propertyIds/:brandId': S<typeof setup.ga4PropertiesResponseSchema>;
  'POST /api/setup/fb-ad-accounts': S<typeof setup.fbAdAccountsResponseSchema>;
  'POST /api/setup/fb-ad-accounts/:brandId': S<typeof setup.fbAdAccountsResponseSchema>;
  // help desk, tutorials, pricing, targets
  'GET /api/zoho/status': S<typeof support.helpDeskStatusSchema>;
  'GET /api/zoho/departments': S<typeof support.departmentListSchema>;
  'POST /api/zoho/create-ticket': S<typeof support.createTicketResponseSchema>;
  'POST /api/zoho/tickets/:ticketId/retry': S<typeof support.supportTicketSchema>;
  'GET /api/tutorials': S<typeof tutorials.tutorialCompletionsSchema>;
  'PUT /api/tutorials/:tutorialId/complete': S<typeof tutorials.tutorialCompletionsSchema>;
  'DELETE /api/tutorials/:tutorialId': S<typeof tutorials.tutorialCompletionsSchema>;
  'DELETE /api/tutorials': S<typeof tutorials.tutorialCompletionsSchema>;
  'GET /api/pricing/details/:brandId': S<typeof pricing.subscriptionDetailsSchema>;
  'GET /api/pricing/plan-page/:brandId': S<typeof pricing.planPageResponseSchema>;
  'GET /api/pricing/callback': S<typeof pricing.pricingCallbackResponseSchema>;
  'GET /api/performance/brandTarget': S<typeof targets.brandTargetsResponseSchema>;
  'POST /api/performance/addTarget': S<typeof targets.brandTargetResponseSchema>;
  'PATCH /api/performance/updateTarget/:brandId': S<typeof targets.brandTargetResponseSchema>;
  'DELETE /api/performance/deleteTarget/:brandId': S<typeof common.successResponseSchema>;
  // email reports, alert rules, the sandbox inbox
  'GET /api/email/settings': S<typeof emailReports.emailSettingsListSchema>;
  'PUT /api/email/settings/:brandId': S<typeof emailReports.emailSettingsResponseSchema>;
  'GET /api/alerts/rules/:brandId': S<typeof alerts.alertRulesResponseSchema>;
  'POST /api/alerts/rules/:brandId': S<typeof alerts.alertRuleResponseSchema>;
  'PUT /api/alerts/rules/:brandId/:ruleId': S<typeof alerts.alertRuleResponseSchema>;
  'DELETE /api/alerts/rules/:brandId/:ruleId': S<typeof common.successResponseSchema>;
  'GET /api/sandbox/mail': S<typeof emailReports.sandboxMailListSchema>;
  'GET /api/sandbox/mail/:messageId': S<typeof emailReports.sandboxMailResponseSchema>;
  // reports
  'POST /api/summary/:source/:brandId': S<typeof summary.summaryResponseSchema>;
  'GET /api/report/:brandId': S<typeof marketingInsights.performanceReportSchema>;
  'POST /api/metrics/fbAd/:brandId': S<typeof adMetrics.fbAdMetricsResponseSchema>;
  'POST /api/metrics/googleAdAndCampaign/:brandId': S<typeof adMetrics.googleAdMetricsResponseSchema>;
  'POST /api/analytics/atcreport/:brandId': S<typeof analytics.dailyFunnelReportSchema>;
  'POST /api/analytics/dayAtcReport/:brandId': S<typeof analytics.dayFunnelReportSchema>;
  'POST /api/analytics/monthAtcReport/:brandId': S<typeof analytics.monthFunnelReportSchema>;
  /** every conversion report (ageConversionReport, ...): CONVERSION_REPORT_CALLS */
  'POST /api/analytics/:call/:brandId': S<typeof analytics.conversionReportSchema>;
  'POST /api/google/:report/:brandId': S<typeof googleReports.googleReportResponseSchema>;
  'POST /api/meta/campaign/:brandId': S<typeof metaCampaigns.metaCampaignResponseSchema>;
  'GET /api/meta/labels/:brandId': S<typeof metaCampaigns.campaignLabelsResponseSchema>;
  'PUT /api/meta/labels/:brandId': S<typeof metaCampaigns.campaignLabelsResponseSchema>;
  'POST /api/meta/campaign-groups/:brandId': S<typeof metaCampaigns.campaignGroupReachResponseSchema>;
  'POST /api/meta/interest/:brandId': S<typeof metaInterest.metaInterestResponseSchema>;
  'POST /api/meta/report/:tab/:brandId': S<(typeof metaReports.metaReportResponseSchemas)[keyof typeof metaReports.metaReportResponseSchemas]>;
  'POST /api/segment/productMetrics/:brandId': S<typeof segment.productMetricsResponseSchema>;
  'POST /api/segment/categoryMetrics/:brandId': S<typeof segment.categoryMetricsResponseSchema>;
  'POST /api/segment/brandMetrics/:brandId': S<typeof segment.brandMetricsResponseSchema>;
  'POST /api/segment/typeMetrics/:brandId': S<typeof segment.typeMetricsResponseSchema>;
  'POST /api/segment/searchTermMetrics/:brandId': S<typeof segment.searchTermMetricsResponseSchema>;
}
export type Route = keyof Routes;
/** The success body of a route, as the contract allows it. */
export type Answer<R extends Route> = Routes[R];

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type PathOf<R extends Route> = R extends `${Method} ${infer P}` ? P : never;
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}` ? Name | ParamNames<`/${Rest}`> : P extends `${string}:${infer Name}` ? Name : never;
export type Params<R extends Route> = { [K in ParamNames<PathOf<R>>]: string };

/**
 * Answers other than a plain 200 with the route's body; made by `reply`, `fail`, `networkError`, `malformed`.
 * `T` is the route answer the reply carries (a body, or a failure's `stale`), checked like a plain answer.
 */
export class Reply<T = never> {
  declare readonly carries?: T;
  constructor(readonly respond: () => Response) {}
}

/** The route's own answer with another status (e.g. the Shopify install's 400 `{ success: false, error }`). */
export function reply<T>(status: number, body: T): Reply<T> {
  return new Reply(() => HttpResponse.json(body as Record<string, unknown>, { status }));
}

/** The extra fields some errors carry: a token problem's last synced answer (`stale`), a plan limit's `requiredPlan`. */
export type Failure<Stale> = ErrorResponse & { stale?: Stale; platform?: string; requiredPlan?: PlanId };

/** An error answer in the contract's shape (`{ success: false, message, code? }`). */
export function fail<Stale = never>(status: number, body: Failure<Stale>): Reply<Stale> {
  return new Reply(() => HttpResponse.json(body, { status }));
}

/** No answer at all: fetch rejects, as when the network is down. */
export function networkError(): Reply {
  return new Reply(() => HttpResponse.error());
}

/**
 * An answer the contract does not allow (a body of the wrong shape, or none), for the tests of how a screen
 * copes with one. `body` undefined sends an empty body.
 */
export function malformed(status: number, body?: unknown): Reply {
  return new Reply(() => (body === undefined ? new HttpResponse(null, { status }) : HttpResponse.json(body, { status })));
}

export interface RecordedRequest {
  method: string;
  /** the path without the query, e.g. /api/brands/b1 */
  path: string;
  url: URL;
  /** the JSON body sent, or undefined */
  body: unknown;
}

const recorded: RecordedRequest[] = [];

/** Every request the handlers answered in this test, in order; `sent('POST /api/x')` keeps those to one method and path. */
export function sent(methodAndPath?: `${Method} /${string}`): RecordedRequest[] {
  return methodAndPath ? recorded.filter((r) => `${r.method} ${r.path}` === methodAndPath) : [...recorded];
}

/** The body of the first request sent to "METHOD /path" (undefined when none was sent). */
export function bodyOf(methodAndPath: `${Method} /${string}`): unknown {
  return sent(methodAndPath)[0]?.body;
}

export interface ResolverInfo<R extends Route> {
  request: Request;
  params: Params<R>;
  url: URL;
  /** the JSON body sent, or undefined */
  body: unknown;
}
export type Resolver<R extends Route> = (info: ResolverInfo<R>) => Answer<R> | Reply<Answer<R>> | Promise<Answer<R> | Reply<Answer<R>>>;

/** Success answers the server sends as 201 Created. */
const CREATED: ReadonlySet<Route> = new Set<Route>(['POST /api/auth/signup', 'POST /api/brands/add', 'POST /api/performance/addTarget', 'POST /api/alerts/rules/:brandId']);

/** A handler for one route. The path matches whatever the query string is (read it from `url`). */
export function api<R extends Route>(route: R, resolver: Resolver<R>, options?: { once?: boolean }) {
  const [method, path] = route.split(' ') as [Method, string];
  const verb = { GET: http.get, POST: http.post, PUT: http.put, PATCH: http.patch, DELETE: http.delete }[method];
  return verb(
    path,
    async ({ request, params }) => {
      const text = await request.clone().text();
      let body: unknown = undefined;
      if (text) {
        try {
          body = JSON.parse(text);
        } catch {
          body = text;
        }
      }
      const url = new URL(request.url);
      recorded.push({ method: request.method, path: url.pathname, url, body });
      const answer = await resolver({ request, params: params as Params<R>, url, body });
      if (answer instanceof Reply) return answer.respond();
      return HttpResponse.json(answer as Record<string, unknown>, { status: CREATED.has(route) ? 201 : 200 });
    },
    options,
  );
}

/** A promise a handler can wait on, so a test sees the screen while the answer is still on its way. */
export function deferred() {
  let release: () => void = () => undefined;
  const promise = new Promise<void>((r) => (release = r));
  return { promise, release };
}

// Fixtures typed by the contract: the signed-in user and the brand the default handlers answer.
const user: User = { id: 'u1', username: 'Asha', email: 'asha@example.com', isAdmin: false, brands: ['b1'], loginCount: 3 };
const brand: Brand = { _id: 'b1', name: 'Sun_Kissed', currency: 'INR', timezone: 'Asia/Kolkata', shopifyAccount: null, fbAdAccounts: [], googleAdAccount: [], ga4Account: null, connections: [] };
export const fixtures = { user, brand };

/**
 * What the signed-in shell always calls: the session check, the user with their brands (the signed-in user of
 * the session store, each brand named like the fixture), the brand, the tutorials, and logout.
 */
export const defaultHandlers = [
  api('GET /api/auth/check-token', () => ({ isValid: true, message: 'Session is valid' })),
  api('GET /api/users/getuser/:userId', () => {
    const signedIn = sessionStore.get().user ?? user;
    return { success: true, user: signedIn, brands: signedIn.brands.map((id) => ({ _id: id, name: id === brand._id ? brand.name : id })) };
  }),
  api('GET /api/brands/:brandId', ({ params }) => ({ ...brand, _id: params.brandId })),
  api('GET /api/tutorials', () => ({ completed: [] })),
  api('POST /api/auth/logout', () => ({ success: true })),
];

const unhandled: string[] = [];

export const server = setupServer(...defaultHandlers);

/** Called by test/setup.ts. */
export const apiLifecycle = {
  start() {
    server.listen({
      onUnhandledRequest(request, print) {
        unhandled.push(`${request.method} ${request.url}`);
        print.error();
      },
    });
  },
  /** Between tests: back to the default handlers, nothing recorded; throws when a request went unanswered. */
  reset() {
    server.resetHandlers();
    recorded.length = 0;
    const missed = unhandled.splice(0);
    if (missed.length > 0) throw new Error(`Requests no handler answered (add one with server.use(api(...))):\n${missed.join('\n')}`);
  },
  stop() {
    server.close();
  },
};
