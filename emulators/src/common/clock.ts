import { addDays, dayInZone } from './dates.js';

/**
 * The emulators' notion of "now". Real time by default; tests and demos can pin it (admin endpoint
 * PUT /__admin/clock) so that history, "yesterday" and restatement of recent days are reproducible.
 * One clock is shared by every platform so the world moves on consistently.
 */
export class EmulatorClock {
  private pinned: number | null;
  private offsetMs = 0;

  constructor(pinned?: Date | string | null) {
    this.pinned = pinned == null ? null : new Date(pinned).getTime();
  }

  now(): Date {
    return new Date(this.pinned ?? Date.now() + this.offsetMs);
  }

  /** pin the clock at an instant; null returns to real time */
  set(instant: Date | string | null): void {
    if (instant == null) {
      this.pinned = null;
      this.offsetMs = 0;
      return;
    }
    const t = new Date(instant).getTime();
    if (Number.isNaN(t)) throw new Error(`invalid instant: ${String(instant)}`);
    this.pinned = t;
  }

  advance(ms: number): void {
    if (this.pinned != null) this.pinned += ms;
    else this.offsetMs += ms;
  }

  isPinned(): boolean {
    return this.pinned != null;
  }

  /** today in the account's timezone */
  today(timeZone: string): string {
    return dayInZone(this.now(), timeZone);
  }

  /** the last complete day of data in the account's timezone */
  yesterday(timeZone: string): string {
    return addDays(this.today(timeZone), -1);
  }
}
