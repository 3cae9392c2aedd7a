/**
 * The additive counters every unit of data carries (a session cohort, a cohort's page, a cohort's item),
 * as slots of a Float64Array so that aggregating millions of units stays cheap. Money is in minor units
 * (cents / paise) so that sums are exact.
 */
export const F = {
  sessions: 0,
  engagedSessions: 1,
  /** sessions in which a key event (purchase) happened */
  keyEventSessions: 2,
  users: 3,
  newUsers: 4,
  activeUsers: 5,
  purchasers: 6,
  views: 7,
  addToCarts: 8,
  checkouts: 9,
  purchases: 10,
  transactions: 11,
  revenueMinor: 12,
  durationSeconds: 13,
  events: 14,
  itemsViewed: 15,
  itemsAddedToCart: 16,
  itemsCheckedOut: 17,
  itemsPurchased: 18,
  itemRevenueMinor: 19,
} as const;

export const FIELD_COUNT = 20;

export type Sums = Float64Array;

export function newSums(): Sums {
  return new Float64Array(FIELD_COUNT);
}

export function addInto(target: Sums, source: Sums): void {
  for (let i = 0; i < FIELD_COUNT; i++) target[i] = (target[i] ?? 0) + (source[i] ?? 0);
}
