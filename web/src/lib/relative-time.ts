import { useEffect, useState } from 'react';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

const format = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

/** '5 minutes ago', '2 hours ago', '3 days ago'; anything under a minute (or a clock slightly ahead) is 'just now'. */
export function timeAgo(when: string | number | Date, now: number = Date.now()): string {
  const at = new Date(when).getTime();
  if (Number.isNaN(at)) return '';
  const elapsed = now - at;
  for (const [unit, ms] of UNITS) {
    if (elapsed >= ms) return format.format(-Math.floor(elapsed / ms), unit);
  }
  return 'just now';
}

/** The current time for 'x minutes ago' labels, moving on every `refreshMs` so the labels do not go stale. */
export function useNow(refreshMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), refreshMs);
    return () => clearInterval(timer);
  }, [refreshMs]);
  return now;
}
