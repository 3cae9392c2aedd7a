import { useEffect, useSyncExternalStore } from 'react';
import { todayIn } from '@parallels/contract/days';

/**
 * What day "today" is on screen: the selected brand's calendar day in its timezone (the brand answer's
 * `timezone`), the same day the server's figures and the sync count from (decision 009). The app shell
 * sets the timezone for the selected brand; until its brand answer has come, the browser's timezone stands in.
 */

let brandTimezone: string | null = null;
const listeners = new Set<() => void>();

function knownTimezone(timeZone: string): boolean {
  try {
    todayIn(timeZone);
    return true;
  } catch {
    return false;
  }
}

export const brandTimezoneStore = {
  get: (): string | null => brandTimezone,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** The selected brand's IANA timezone; one the browser does not know is ignored (the browser's stands in). */
  set(timeZone: string | null): void {
    const next = timeZone && knownTimezone(timeZone) ? timeZone : null;
    if (next === brandTimezone) return;
    brandTimezone = next;
    for (const l of listeners) l();
  },
};

export function browserTimezone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The app shell: the selected brand's timezone, once its brand answer has come. */
export function useBrandTimezone(timeZone: string | null | undefined): void {
  useEffect(() => {
    if (timeZone) brandTimezoneStore.set(timeZone);
  }, [timeZone]);
}

/** Today, 'YYYY-MM-DD', in the selected brand's timezone. */
export function useBrandToday(): string {
  const timeZone = useSyncExternalStore(brandTimezoneStore.subscribe, brandTimezoneStore.get, brandTimezoneStore.get);
  return todayIn(timeZone ?? browserTimezone());
}
