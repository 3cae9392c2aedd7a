import { SETUP_ERROR_CODES } from '@parallels/contract/setup';
import { ApiError } from '../../../lib/api-client';
import { PROVIDER_NAMES, type ConnectPlatform } from './platforms';


/** Messages that mean "sign in to the provider again" (spec core.md section 8). */
const RECONNECT_MESSAGES = ['not associated with any ads accounts', 'missing required authentication credential', 'oauth access token invalid'];

export const SESSION_EXPIRED_ALERT = 'Your Google session has expired. Please log in again.';

export interface AccountListProblem {
  /** spec: 401 or TOKEN_EXPIRED alerts that the provider session expired, as well as offering the reconnect button */
  sessionExpired: boolean;
  /** what the dialog says above the reconnect button */
  explanation: string;
}

function errorCode(error: unknown): string | undefined {
  return error instanceof ApiError ? error.code : undefined;
}

/**
 * Every list failure offers 'Connect to your ... account' (spec: 400/403, the setup codes, the listed
 * messages, and "any other server, no-response or setup error also shows reconnect"); this picks the words.
 */
export function describeAccountListProblem(platform: ConnectPlatform, error: unknown): AccountListProblem {
  const provider = PROVIDER_NAMES[platform];
  const code = errorCode(error);
  const status = error instanceof ApiError ? error.status : undefined;
  const message = error instanceof ApiError ? error.message : '';
  const sessionExpired = status === 401 || code === 'TOKEN_EXPIRED';
  const known = code !== undefined && (SETUP_ERROR_CODES as readonly string[]).includes(code);
  const reconnectMessage = RECONNECT_MESSAGES.some((m) => message.toLowerCase().includes(m));

  if (code === 'NOT_CONNECTED') return { sessionExpired, explanation: `Connect your ${provider} account to choose from its accounts.` };
  if (code === 'PLATFORM_UNAVAILABLE') return { sessionExpired, explanation: `${provider} is not answering right now. Try connecting again in a moment.` };
  if (sessionExpired) return { sessionExpired, explanation: `Your ${provider} sign-in has expired. Connect again to continue.` };
  if (known || reconnectMessage || status === 400 || status === 403) {
    return { sessionExpired, explanation: message || `${provider} did not accept the saved sign-in. Connect again to continue.` };
  }
  return { sessionExpired, explanation: `We could not load your ${provider} accounts. Connect again to continue.` };
}
