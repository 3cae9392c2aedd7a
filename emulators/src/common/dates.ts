// Calendar days as 'YYYY-MM-DD' strings: platforms report by the account's local day, so we never
// carry a Date across a timezone boundary by accident.

const DAY_MS = 86_400_000;

export function toDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function parseDay(day: string): Date {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`not a YYYY-MM-DD day: ${day}`);
  const d = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || toDay(d) !== day) throw new Error(`not a calendar day: ${day}`);
  return d;
}

export function isDay(value: string): boolean {
  try {
    parseDay(value);
    return true;
  } catch {
    return false;
  }
}

export function addDays(day: string, n: number): string {
  return toDay(new Date(parseDay(day).getTime() + n * DAY_MS));
}

/** whole days from a to b (b - a) */
export function daysBetween(a: string, b: string): number {
  return Math.round((parseDay(b).getTime() - parseDay(a).getTime()) / DAY_MS);
}

/** every day from..to inclusive; empty when from > to */
export function eachDay(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** 0 = Sunday ... 6 = Saturday */
export function weekday(day: string): number {
  return parseDay(day).getUTCDay();
}

/** the calendar day it is in `timeZone` at instant `now` */
export function dayInZone(now: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  return parts; // en-CA formats as YYYY-MM-DD
}

/** 'YYYYMMDD' as GA4 writes dates */
export function compactDay(day: string): string {
  return day.replaceAll('-', '');
}
