import { pacificStamp } from './format.js';

// Graph error bodies: {"error":{message,type,code,error_subcode,fbtrace_id,...}}. HTTP status is 400 for
// nearly everything (clients must classify by error.code, reference 1.10), 500 for the transient
// server-side codes. Messages follow captured payloads (reference 1.11 and the sources noted inline).

export interface GraphErrorBody {
  message: string;
  type: string;
  code: number;
  error_subcode?: number;
  is_transient?: boolean;
  error_user_title?: string;
  error_user_msg?: string;
}

export class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly body: GraphErrorBody,
    /** extra response headers (WWW-Authenticate on token errors) */
    readonly headers: Record<string, string> = {},
    /** rate-limit errors report the usage that tripped them */
    readonly throttle?: { accountId: string | null; etaSeconds: number },
  ) {
    super(body.message);
  }
}

function oauth(code: number, message: string, extra: Partial<GraphErrorBody> = {}, status = 400): GraphError {
  return new GraphError(status, { message, type: 'OAuthException', code, ...extra });
}

function tokenError(message: string, subcode?: number): GraphError {
  const body: GraphErrorBody = { message, type: 'OAuthException', code: 190 };
  if (subcode !== undefined) body.error_subcode = subcode;
  return new GraphError(400, body, { 'www-authenticate': `OAuth "Facebook Platform" "invalid_token" "${message.replace(/"/g, "'")}"` });
}

export const errors = {
  missingToken: () => oauth(104, 'An access token is required to request this resource.'),
  invalidToken: () => tokenError('Invalid OAuth access token - Cannot parse access token'),
  expiredToken: (expiredAt: Date, now: Date) =>
    tokenError(`Error validating access token: Session has expired on ${pacificStamp(expiredAt)}. The current time is ${pacificStamp(now)}.`, 463),
  revokedToken: () =>
    tokenError('Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.', 460),
  appTokenOnMe: () => oauth(2500, 'An active access token must be used to query information about the current user.'),
  badAppsecretProof: () => new GraphError(400, { message: 'Invalid appsecret_proof provided in the API argument', type: 'GraphMethodException', code: 100 }),
  permission: (code: 200 | 10 = 200) =>
    code === 10
      ? oauth(10, '(#10) Application does not have permission for this action')
      : oauth(200, '(#200) Ad account owner has NOT grant ads_management or ads_read permission'),
  // captured payloads show type GraphMethodException for 100/33
  unknownObject: (id: string, method = 'get') =>
    new GraphError(400, {
      message: `Unsupported ${method} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
      type: 'GraphMethodException', code: 100, error_subcode: 33,
    }),
  unknownPath: (path: string) => oauth(2500, `Unknown path components: ${path}`),
  nonexistingField: (field: string, node: string) => oauth(100, `(#100) Tried accessing nonexisting field (${field}) on node type (${node})`),
  invalidParam: (message: string, subcode?: number) => oauth(100, `(#100) ${message}`, subcode === undefined ? {} : { error_subcode: subcode }),
  insightsField: (field: string) =>
    oauth(100, `(#100) ${field} is not valid for fields param. please check https://developers.facebook.com/docs/marketing-api/reference/ads-insights/ for all valid values`),
  breakdownCombo: (columns: string[]) => oauth(100, `(#100) Current combination of data breakdown columns (${columns.join(', ')}) is invalid`),
  tooOld: () => oauth(3018, '(#3018) The start date of the time range cannot be beyond 37 months from the current date'),
  reduceData: () => oauth(1, "Please reduce the amount of data you're asking for, then retry your request", { is_transient: false }, 500),
  server: (status: number) =>
    oauth(2, 'An unexpected error has occurred. Please retry your request later.', { is_transient: true }, status),

  // OAuth token endpoint (manual login flow); subcodes from captured payloads (36007/36008/36009)
  badClientId: () => oauth(101, 'Error validating application. Invalid application ID.'),
  badClientSecret: () => oauth(1, 'Error validating client secret.'),
  missingRedirectUri: () => oauth(191, 'Missing redirect_uri parameter.'),
  missingCode: () => oauth(1, 'Missing authorization code'),
  badCode: () => oauth(100, 'Invalid verification code format.'),
  codeUsed: () => oauth(100, 'This authorization code has been used.', { error_subcode: 36009 }),
  codeExpired: () => oauth(100, 'This authorization code has expired.', { error_subcode: 36007 }),
  redirectMismatch: () =>
    oauth(100, 'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request', { error_subcode: 36008 }),

  // throttling (reference 1.10)
  appLimit: (eta: number) => new GraphError(400, { message: '(#4) Application request limit reached', type: 'OAuthException', is_transient: true, code: 4 }, {}, { accountId: null, etaSeconds: eta }),
  userLimit: (accountId: string | null, eta: number) =>
    new GraphError(400, { message: '(#17) User request limit reached', type: 'OAuthException', is_transient: true, code: 17, error_subcode: 2446079 }, {}, { accountId, etaSeconds: eta }),
  accountLimit: (accountId: string | null, eta: number) =>
    new GraphError(400, {
      message: 'There have been too many calls from this ad-account. Please wait a bit and try again.', type: 'OAuthException', is_transient: true,
      code: 613, error_subcode: 1487742, error_user_title: 'Too many calls', error_user_msg: 'There have been too many calls from this ad-account. Please wait a bit and try again.',
    }, {}, { accountId, etaSeconds: eta }),
  managementLimit: (accountId: string | null, eta: number) =>
    new GraphError(400, {
      message: 'There have been too many calls to this ad-account. Wait a bit and try again. For more info, please refer to https://developers.facebook.com/docs/graph-api/overview/rate-limiting#ads-management.',
      type: 'OAuthException', is_transient: true, code: 80004, error_subcode: 2446079,
    }, {}, { accountId, etaSeconds: eta }),
  insightsLimit: (accountId: string | null, eta: number) =>
    new GraphError(400, {
      message: 'There have been too many calls from this ad-account. Wait a bit and try again. For more info, please refer to https://developers.facebook.com/docs/graph-api/overview/rate-limiting#ads-insights.',
      type: 'OAuthException', is_transient: true, code: 80000, error_subcode: 2446079,
    }, {}, { accountId, etaSeconds: eta }),
};

export function rateLimitError(code: number, accountId: string | null, etaSeconds: number): GraphError {
  switch (code) {
    case 4: return errors.appLimit(etaSeconds);
    case 17: return errors.userLimit(accountId, etaSeconds);
    case 613: return errors.accountLimit(accountId, etaSeconds);
    case 80000: return errors.insightsLimit(accountId, etaSeconds);
    default: return errors.managementLimit(accountId, etaSeconds);
  }
}
