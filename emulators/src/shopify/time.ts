// Time zone arithmetic for the shop's local day, and the two timestamp styles Shopify writes:
// GraphQL DateTime is UTC without millis ("2026-01-05T14:03:11Z"); REST payloads (webhooks) use the
// shop's local time with its offset ("2026-01-05T09:03:11-05:00").

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(timeZone, f);
  }
  return f;
}

/** local time minus UTC, in ms, at an instant */
export function zoneOffsetMs(timeZone: string, instantMs: number): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(instantMs))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const asUtc = Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
  return asUtc - Math.floor(instantMs / 1000) * 1000;
}

/** the UTC instant of a local wall-clock time (seconds after local midnight of `day`) */
export function localToUtc(day: string, secondsOfDay: number, timeZone: string): number {
  const wall = Date.parse(`${day}T00:00:00Z`) + secondsOfDay * 1000;
  let guess = wall - zoneOffsetMs(timeZone, wall);
  guess = wall - zoneOffsetMs(timeZone, guess);
  return guess;
}

export function gqlTime(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

export function restTime(ms: number, timeZone: string): string {
  const off = zoneOffsetMs(timeZone, ms);
  const local = new Date(Math.floor(ms / 1000) * 1000 + off).toISOString().slice(0, 19);
  const sign = off < 0 ? '-' : '+';
  const abs = Math.abs(off) / 60000;
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** '+0530' / '-0400' as Shop.timezoneOffset writes it */
export function offsetString(timeZone: string, ms: number): string {
  const off = zoneOffsetMs(timeZone, ms) / 60000;
  const abs = Math.abs(off);
  return `${off < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

export function zoneAbbreviation(timeZone: string, ms: number): string {
  if (timeZone === 'Asia/Kolkata') return 'IST'; // en-US writes "GMT+5:30"
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(new Date(ms)).find((p) => p.type === 'timeZoneName');
  return part?.value ?? 'UTC';
}

/** cents -> Shopify GraphQL Decimal string: "120.0", "80.5", "19.99" (BigDecimal style, not fixed 2 places) */
export function decimal(cents: number): string {
  const neg = cents < 0;
  const abs = Math.abs(Math.round(cents));
  const whole = Math.floor(abs / 100);
  const frac = abs % 100;
  const fracText = frac === 0 ? '0' : frac % 10 === 0 ? String(frac / 10) : String(frac).padStart(2, '0');
  return `${neg ? '-' : ''}${whole}.${fracText}`;
}

/** cents -> REST money string: "120.00" */
export function restMoney(cents: number): string {
  return (Math.round(cents) / 100).toFixed(2);
}
