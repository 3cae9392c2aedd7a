import type { FastifyReply } from 'fastify';

/**
 * google.rpc.Status bodies as the GA4 Admin and Data APIs send them (platform-apis.md 4.6, section 2).
 * Messages marked [U] in comments are our best guess at Google's wording; the others are captured.
 */
export interface RpcStatus {
  code: number;
  message: string;
  status: string;
  details?: Array<Record<string, unknown>>;
}

export class GoogleApiError extends Error {
  constructor(readonly body: RpcStatus, readonly headers: Record<string, string> = {}) {
    super(body.message);
  }
}

const QUOTA_DOC = 'To learn more, see https://developers.google.com/analytics/devguides/reporting/data/v1/quotas';
const SCHEMA_DOC = 'For a list of valid dimensions and metrics, see https://developers.google.com/analytics/devguides/reporting/data/v1/api-schema';

export const DATA_SERVICE = 'analyticsdata.googleapis.com';
export const ADMIN_SERVICE = 'analyticsadmin.googleapis.com';

export function sendError(reply: FastifyReply, err: GoogleApiError): FastifyReply {
  for (const [k, v] of Object.entries(err.headers)) reply.header(k, v);
  return reply.code(err.body.code).header('content-type', 'application/json; charset=UTF-8').send(JSON.stringify({ error: err.body }));
}

// Google's resource servers answer a bad token with this header next to the 401 body.
const BEARER_CHALLENGE = { 'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' };

export function missingCredentials(): GoogleApiError {
  return new GoogleApiError({
    code: 401,
    message: 'Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
    status: 'UNAUTHENTICATED',
  }, { 'www-authenticate': 'Bearer realm="https://accounts.google.com/"' });
}

export function invalidCredentials(): GoogleApiError {
  return new GoogleApiError({
    code: 401,
    message: 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
    status: 'UNAUTHENTICATED',
  }, BEARER_CHALLENGE);
}

export function scopeInsufficient(service: string, method: string): GoogleApiError {
  return new GoogleApiError({
    code: 403,
    message: 'Request had insufficient authentication scopes.',
    status: 'PERMISSION_DENIED',
    details: [{
      '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
      reason: 'ACCESS_TOKEN_SCOPE_INSUFFICIENT',
      domain: 'googleapis.com',
      metadata: { method, service },
    }],
  }, { 'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="insufficient_scope", scope="https://www.googleapis.com/auth/analytics.readonly"' });
}

/** Data API: the identity has no role on the property (also what an unknown property id gets: GA4 does not reveal existence). */
export function propertyPermissionDenied(): GoogleApiError {
  return new GoogleApiError({
    code: 403,
    message: 'User does not have sufficient permissions for this property. To learn more about Property ID, see https://developers.google.com/analytics/devguides/reporting/data/v1/property-id.',
    status: 'PERMISSION_DENIED',
  });
}

/** Admin API wording for the same situation (the generic google.rpc PERMISSION_DENIED text). */
export function adminPermissionDenied(): GoogleApiError {
  return new GoogleApiError({ code: 403, message: 'The caller does not have permission', status: 'PERMISSION_DENIED' });
}

export function invalidArgument(message: string): GoogleApiError {
  return new GoogleApiError({ code: 400, message, status: 'INVALID_ARGUMENT' });
}

export function notValidDimension(name: string): GoogleApiError {
  return invalidArgument(`Field ${name} is not a valid dimension. ${SCHEMA_DOC}`);
}

export function notValidMetric(name: string): GoogleApiError {
  return invalidArgument(`Field ${name} is not a valid metric. ${SCHEMA_DOC}`);
}

/** Captured wording: "Please remove X [and Y] to make the request compatible for example. The request's dimensions & metrics are incompatible." */
export function incompatible(fields: string[]): GoogleApiError {
  return invalidArgument(`Please remove ${fields.join(' and ')} to make the request compatible for example. The request's dimensions & metrics are incompatible. To learn more, see https://ga-dev-tools.google/ga4/dimensions-metrics-explorer/`);
}

export type QuotaKind = 'tokensPerDay' | 'tokensPerHour' | 'tokensPerProjectPerHour' | 'concurrentRequests' | 'potentiallyThresholdedRequestsPerHour' | 'serverErrorsPerProjectPerHour';

// Day/hour/project/concurrent/thresholded phrases are captured (Airbyte's quota handler, public tests);
// the server-errors wording is [U].
const QUOTA_MESSAGES: Record<QuotaKind, string> = {
  tokensPerDay: `Exhausted property tokens per day. These quota tokens will return in under 24 hours. ${QUOTA_DOC}`,
  tokensPerHour: `Exhausted property tokens per hour. These quota tokens will return in under an hour. ${QUOTA_DOC}`,
  tokensPerProjectPerHour: `Exhausted property tokens for a project per hour. These quota tokens will return in under an hour. ${QUOTA_DOC}`,
  concurrentRequests: `Exhausted concurrent requests quota. ${QUOTA_DOC}`,
  potentiallyThresholdedRequestsPerHour: `Exhausted potentially thresholded requests quota. These quota tokens will return in under an hour. ${QUOTA_DOC}`,
  serverErrorsPerProjectPerHour: `Exhausted server errors per project per property per hour. These quota tokens will return in under an hour. ${QUOTA_DOC}`,
};

export function quotaExhausted(kind: QuotaKind): GoogleApiError {
  return new GoogleApiError({ code: 429, message: QUOTA_MESSAGES[kind], status: 'RESOURCE_EXHAUSTED' });
}

export function serverError(status: number): GoogleApiError {
  if (status === 500) return new GoogleApiError({ code: 500, message: 'Internal error encountered.', status: 'INTERNAL' });
  if (status === 504) return new GoogleApiError({ code: 504, message: 'Deadline expired before operation could complete.', status: 'DEADLINE_EXCEEDED' });
  return new GoogleApiError({ code: status, message: 'The service is currently unavailable.', status: 'UNAVAILABLE' });
}

export function notFound(): GoogleApiError {
  return new GoogleApiError({ code: 404, message: 'Method not found.', status: 'NOT_FOUND' });
}
