import type { PlatformsConfig } from '../../config.js';
import { parseRetryAfter, platformFetch, type HttpResponse } from '../http.js';
import { PlatformError } from '../platform-error.js';

type ZohoConfig = PlatformsConfig['zoho'];

/** Zoho reports token failures with HTTP 200 and {"error": ...} (platform-apis.md 6.1). */
export async function refreshZohoToken(config: ZohoConfig, refreshToken: string): Promise<{ accessToken: string; expiresAt: Date | null }> {
  const body = new URLSearchParams({ grant_type: 'refresh_token', client_id: config.clientId, client_secret: config.clientSecret, refresh_token: refreshToken });
  const res = await platformFetch({ platform: 'zoho', url: `${config.accountsUrl}/oauth/v2/token`, body });
  const b = res.json as { access_token?: string; expires_in?: number; error?: string; error_description?: string } | undefined;
  if (res.status >= 500) throw new PlatformError('zoho', 'unavailable', `Zoho answered HTTP ${res.status}`, { status: res.status });
  // "Access Denied" is Zoho's refresh throttle (10 per refresh token per 10 minutes): wait, do not reconnect
  if (b?.error === 'Access Denied') throw new PlatformError('zoho', 'rate_limit', b.error_description ?? 'Zoho asked us to slow down', { retryAfterMs: 60_000 });
  if (!b?.access_token) throw new PlatformError('zoho', 'auth', `Zoho refused the refresh token: ${b?.error ?? res.status}`, { code: b?.error });
  return { accessToken: b.access_token, expiresAt: b.expires_in ? new Date(Date.now() + b.expires_in * 1000) : null };
}

/** Desk errors are {"errorCode","message"[,"errors"]} (platform-apis.md 6.5); classified the way callers act. */
function deskFailure(res: HttpResponse): PlatformError {
  const b = res.json as { errorCode?: string; message?: string; errors?: Array<{ fieldName?: string }> } | undefined;
  const code = b?.errorCode;
  const message = b?.message ?? `Zoho Desk answered HTTP ${res.status}`;
  const details = { status: res.status, code };
  if (res.status === 429 || code === 'THRESHOLD_EXCEEDED') return new PlatformError('zoho', 'rate_limit', message, { ...details, retryAfterMs: parseRetryAfter(res.headers.get('retry-after')) ?? 60_000 });
  if (res.status >= 500) return new PlatformError('zoho', 'unavailable', message, details);
  if (res.status === 401 || code === 'INVALID_OAUTH' || code === 'UNAUTHORIZED') return new PlatformError('zoho', 'auth', message, details);
  if (res.status === 403) return new PlatformError('zoho', 'permission', message, details);
  const fields = b?.errors?.map((e) => e.fieldName).filter(Boolean).join(', ');
  return new PlatformError('zoho', 'bad_request', fields ? `${message} (${fields})` : message, details);
}

async function desk(config: ZohoConfig, accessToken: string, path: string, input: { orgId?: string; body?: unknown } = {}): Promise<HttpResponse> {
  const headers: Record<string, string> = { authorization: `Zoho-oauthtoken ${accessToken}` };
  if (input.orgId) headers.orgId = input.orgId;
  const res = await platformFetch({ platform: 'zoho', url: `${config.deskUrl}/api/v1${path}`, headers, body: input.body });
  if (res.status >= 300) throw deskFailure(res);
  return res;
}

/** The organization the help desk's tickets go to: the default one of the connecting user. */
export async function defaultOrganization(config: ZohoConfig, accessToken: string): Promise<{ id: string; name: string }> {
  const res = await desk(config, accessToken, '/organizations');
  const orgs = ((res.json as { data?: Array<{ id: string | number; companyName: string; isDefault?: boolean }> } | undefined)?.data ?? []);
  const org = orgs.find((o) => o.isDefault) ?? orgs[0];
  if (!org) throw new PlatformError('zoho', 'permission', 'This Zoho account has no Zoho Desk organization.');
  return { id: String(org.id), name: org.companyName };
}

export async function listDepartments(config: ZohoConfig, accessToken: string, orgId: string): Promise<Array<{ id: string; name: string }>> {
  // 204 (no body) when there are none; at most 200 a page, more than any help desk has departments
  const res = await desk(config, accessToken, '/departments?isEnabled=true&limit=200', { orgId });
  const rows = (res.json as { data?: Array<{ id: string | number; name: string }> } | undefined)?.data ?? [];
  return rows.map((d) => ({ id: String(d.id), name: d.name }));
}

export interface DeskTicketInput {
  subject: string;
  departmentId: string;
  description: string;
  email: string;
  contact: { firstName: string; lastName: string; email: string };
}

export async function createDeskTicket(config: ZohoConfig, accessToken: string, orgId: string, input: DeskTicketInput): Promise<{ id: string; ticketNumber: string }> {
  const res = await desk(config, accessToken, '/tickets', { orgId, body: { ...input, channel: 'Web' } });
  const t = res.json as { id?: string | number; ticketNumber?: string | number } | undefined;
  if (t?.id === undefined) throw new PlatformError('zoho', 'unavailable', 'Zoho Desk did not return the ticket it created');
  return { id: String(t.id), ticketNumber: String(t.ticketNumber ?? '') };
}
