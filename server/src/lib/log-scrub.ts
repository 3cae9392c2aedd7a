// Query parameters that carry secrets or one-time credentials (OAuth codes and states, HMACs, login
// tickets, tokens): their values never reach the logs (security checklist H1).
const SECRET_PARAMS = /^(code|state|hmac|signature|token|auth_token|access_token|refresh_token|id_token|client_secret|password|.*token)$/i;

export function scrubUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) if (SECRET_PARAMS.test(key)) params.set(key, '[redacted]');
  return `${url.slice(0, q)}?${params.toString()}`;
}
