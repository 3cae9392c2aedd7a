// Wire formatting: Graph sends every number as a string; ratios carry up to 6 decimals with trailing
// zeros trimmed ("1.406276", "2"), money has 2 decimals ("412.37"). Times carry the account's offset.

export function money(cents: number): string {
  return (cents / 100).toFixed(2);
}

export function ratio(value: number): string {
  if (!Number.isFinite(value)) return '0';
  const fixed = value.toFixed(6);
  return fixed.includes('.') ? fixed.replace(/0+$/, '').replace(/\.$/, '') : fixed;
}

export function int(value: number): string {
  return String(Math.round(value));
}

/** '+0530' for Asia/Kolkata at that instant */
export function offsetFor(timeZone: string, at: Date): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(part);
  return m ? `${m[1]}${m[2]}${m[3]}` : '+0000';
}

/** Graph's datetime format in the account timezone: 2026-01-05T10:00:00+0530 */
export function graphTime(day: string, hhmmss: string, timeZone: string): string {
  return `${day}T${hhmmss}${offsetFor(timeZone, new Date(`${day}T12:00:00Z`))}`;
}

/** the instant (epoch seconds) of a local day start in a timezone; good to the minute */
export function localMidnightEpoch(day: string, timeZone: string): number {
  const off = offsetFor(timeZone, new Date(`${day}T12:00:00Z`));
  const sign = off.startsWith('-') ? -1 : 1;
  const minutes = sign * (Number(off.slice(1, 3)) * 60 + Number(off.slice(3, 5)));
  return Math.floor(new Date(`${day}T00:00:00Z`).getTime() / 1000) - minutes * 60;
}

/** "Monday, 05-Jan-26 10:00:00 PST" as Graph prints session expiry (Pacific time) */
export function pacificStamp(at: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Los_Angeles', weekday: 'long', day: '2-digit', month: 'short', year: '2-digit',
      hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false, timeZoneName: 'short',
    }).formatToParts(at).map((p) => [p.type, p.value]),
  );
  const hour = parts.hour === '24' ? '00' : parts.hour;
  return `${parts.weekday}, ${parts.day}-${parts.month}-${parts.year} ${hour}:${parts.minute}:${parts.second} ${parts.timeZoneName}`;
}
