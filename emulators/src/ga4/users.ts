/**
 * Users are not additive over days: someone who visits on Monday and Thursday is one user of the week.
 * GA4 counts distinct users (HyperLogLog); we model the distinct count of a range as
 *   new users (each is new once, so they add up) + returning users drawn from a pool:
 *   R * (1 - prod_d (1 - r_d / R)), the expected union of daily draws r_d from a pool of size R.
 * The pool grows with the range's new users. The result is deterministic, at least the biggest day and
 * at most the sum of days (equal to the day's users for a single day).
 */
export type DayUsers = Float64Array; // [users, newUsers, activeUsers]

export function distinctUsers(days: Iterable<DayUsers>): { totalUsers: number; activeUsers: number } {
  const list = [...days];
  let sumUsers = 0;
  let sumActive = 0;
  let newUsers = 0;
  let sumReturning = 0;
  let maxReturning = 0;
  let maxUsers = 0;
  for (const d of list) {
    const users = d[0] ?? 0;
    const returning = Math.max(0, users - (d[1] ?? 0));
    sumUsers += users;
    sumActive += d[2] ?? 0;
    newUsers += d[1] ?? 0;
    sumReturning += returning;
    maxReturning = Math.max(maxReturning, returning);
    maxUsers = Math.max(maxUsers, users);
  }
  if (list.length <= 1) return { totalUsers: Math.round(sumUsers), activeUsers: Math.round(sumActive) };
  const pool = Math.max(maxReturning * 1.0001, 10 * (sumReturning / list.length) + 0.25 * newUsers, 1);
  let logStay = 0;
  for (const d of list) logStay += Math.log1p(-Math.max(0, (d[0] ?? 0) - (d[1] ?? 0)) / pool);
  const union = newUsers + pool * (1 - Math.exp(logStay));
  const totalUsers = Math.round(Math.min(sumUsers, Math.max(maxUsers, union)));
  const activeUsers = sumUsers > 0 ? Math.round((totalUsers * sumActive) / sumUsers) : 0;
  return { totalUsers, activeUsers };
}
