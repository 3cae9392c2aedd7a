// Google Ads API errors: HTTP status + google.rpc.Status, with a GoogleAdsFailure in `details` whose
// errors[].errorCode is a one-key object (category -> enum). searchStream wraps the same body in an
// array. Sources: reference §3.5 (captured bodies); developers.google.com/google-ads/api/docs/
// best-practices/understand-api-errors; RequestError / QueryError / AuthorizationError enums.

export interface AdsErrorItem {
  errorCode: Record<string, string>;
  message: string;
  details?: Record<string, unknown>;
}

const TOP: Record<number, [string, string]> = {
  400: ['INVALID_ARGUMENT', 'Request contains an invalid argument.'],
  401: ['UNAUTHENTICATED', 'Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.'],
  403: ['PERMISSION_DENIED', 'The caller does not have permission'],
  404: ['NOT_FOUND', 'Requested entity was not found.'],
  429: ['RESOURCE_EXHAUSTED', 'Resource has been exhausted (e.g. check quota).'],
  500: ['INTERNAL', 'Internal error encountered.'],
  503: ['UNAVAILABLE', 'The service is currently unavailable.'],
  504: ['DEADLINE_EXCEEDED', 'Deadline expired before operation could complete.'],
};

export class AdsError extends Error {
  constructor(
    readonly status: number,
    /** null: a plain google.rpc.Status with no GoogleAdsFailure (auth-layer errors) */
    readonly errors: AdsErrorItem[] | null,
    readonly rpcStatus = TOP[status]?.[0] ?? 'UNKNOWN',
    readonly topMessage = TOP[status]?.[1] ?? 'Unknown error.',
    readonly otherDetails: Array<Record<string, unknown>> = [],
  ) {
    super(errors?.[0]?.message ?? topMessage);
  }
}

export function errorBody(err: AdsError, version: number, requestId: string): { error: Record<string, unknown> } {
  const error: Record<string, unknown> = { code: err.status, message: err.topMessage, status: err.rpcStatus };
  const details: Array<Record<string, unknown>> = [...err.otherDetails];
  if (err.errors) {
    details.push({ '@type': `type.googleapis.com/google.ads.googleads.v${version}.errors.GoogleAdsFailure`, errors: err.errors, requestId });
  }
  if (details.length > 0) error.details = details;
  return { error };
}

const one = (status: number, category: string, code: string, message: string, details?: Record<string, unknown>) =>
  new AdsError(status, [{ errorCode: { [category]: code }, message, ...(details ? { details } : {}) }]);

export const queryError = (code: string, message: string) => one(400, 'queryError', code, message);
export const requestError = (code: string, message: string) => one(400, 'requestError', code, message);

/** Expired, revoked or unknown access token: 401 with no GoogleAdsFailure (the OAuth layer answers). */
export function invalidCredentials(missing: boolean): AdsError {
  return new AdsError(401, null, 'UNAUTHENTICATED', missing
    ? TOP[401]![1]
    : 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.');
}

export function scopeInsufficient(method: string): AdsError {
  return new AdsError(403, null, 'PERMISSION_DENIED', 'Request had insufficient authentication scopes.', [{
    '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
    reason: 'ACCESS_TOKEN_SCOPE_INSUFFICIENT',
    domain: 'googleapis.com',
    metadata: { method, service: 'googleads.googleapis.com' },
  }]);
}

export const developerTokenMissing = () => requestError('DEVELOPER_TOKEN_PARAMETER_MISSING', 'developer-token parameter is missing.');
export const developerTokenInvalid = () => one(401, 'authenticationError', 'DEVELOPER_TOKEN_INVALID', 'The developer token is not valid.');
export const notAdsUser = () => one(401, 'authenticationError', 'NOT_ADS_USER',
  'The Google account that generated the OAuth access tokens is not associated with any Ads accounts. Create a new account, or add the Google account to an existing Ads account.');
export const userPermissionDenied = () => one(403, 'authorizationError', 'USER_PERMISSION_DENIED',
  "User doesn't have permission to access customer. Note: If you're accessing a client customer, the manager's customer id must be set in the 'login-customer-id' header. See https://developers.google.com/google-ads/api/docs/concepts/call-structure#cid");
export const loginCustomerMismatch = () => one(403, 'authorizationError', 'INVALID_LOGIN_CUSTOMER_ID_SERVING_CUSTOMER_ID_COMBINATION',
  'The login customer specified does not have access to the account specified, so the request is invalid.');
export const customerNotEnabled = () => one(403, 'authorizationError', 'CUSTOMER_NOT_ENABLED',
  "The customer account can't be accessed because it is not yet enabled or has been deactivated.");
export const invalidLoginCustomerId = () => one(400, 'headerError', 'INVALID_LOGIN_CUSTOMER_ID', 'The login customer ID could not be validated.');
export const invalidCustomerId = (id: string) => requestError('INVALID_CUSTOMER_ID', `Invalid customer ID '${id}'.`);

/** quotaError with its QuotaErrorDetails (rateScope ACCOUNT|DEVELOPER, retryDelay as a Duration string). */
export function quotaExhausted(kind: 'RESOURCE_EXHAUSTED' | 'RESOURCE_TEMPORARILY_EXHAUSTED', seconds: number, rateScope: string, rateName: string): AdsError {
  const s = Math.max(1, Math.ceil(seconds));
  return one(429, 'quotaError', kind, `Too many requests. Retry in ${s} seconds.`, { quotaErrorDetails: { rateScope, rateName, retryDelay: `${s}s` } });
}

export function serverError(status: number): AdsError {
  if (status === 500) return one(500, 'internalError', 'INTERNAL_ERROR', 'An internal error has occurred.');
  if (status === 504) return one(504, 'internalError', 'DEADLINE_EXCEEDED', 'The request took too long to respond.');
  // 503 and any other 5xx: the front end's plain google.rpc.Status, no GoogleAdsFailure
  return new AdsError(status, null, 'UNAVAILABLE', TOP[503]![1]);
}

/** The JSON transcoding layer's answer to a body it cannot map onto the request message. */
export function badPayload(message: string): AdsError {
  return new AdsError(400, null, 'INVALID_ARGUMENT', message, [{
    '@type': 'type.googleapis.com/google.rpc.BadRequest',
    fieldViolations: [{ description: message }],
  }]);
}
