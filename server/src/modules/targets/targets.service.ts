import type { AddTargetBody, BrandTarget, TargetMetricsResponse, TargetSource, UpdateTargetBody } from '@parallels/contract/targets';
import { ratio } from '@parallels/contract/metrics';
import type { DayRange } from '@parallels/contract/report-dates';
import { AppError } from '../../lib/app-error.js';
import type { AccessibleBrand } from '../auth/auth.sql.js';
import { BRAND_NOT_FOUND, userHasBrand } from '../brands/brand-access.js';
import { addDays, dayCount, monthStart, todayIn } from '@parallels/contract/days';
import type { ReportDeps } from '../reports/report-deps.js';
import { loadPlatformSources } from '../reports/report-pipeline.js';
import { connectionCovers, sourceStatus, syncableDays } from '../reports/source-status.js';
import { deleteTarget, findTarget, insertTarget, listUserTargets, sumAdRanges, updateTarget, type TargetRow } from './targets.sql.js';

// spec/reports.md "Brand targets" and section 9's formulas. Achieved figures come from the synced facts of the
// target's month (its first day up to the target date, never past yesterday); a month whose days have not all
// synced has no achieved figure (null), never a partial one (decision 005).

const PLATFORM: Record<TargetSource, 'meta' | 'google_ads'> = { Meta: 'meta', Google: 'google_ads' };
export const TARGET_NOT_FOUND = 'Target not found';

/** The days a target's achievement counts: its month's first day to the target date, cut at yesterday. */
export function achievementDays(targetDate: string, today: string): DayRange | null {
  return syncableDays({ from: monthStart(targetDate), to: targetDate }, today);
}

/** Days left to sell on: today up to the target date, both included; 0 once the date has passed. */
export function remainingDays(targetDate: string, today: string): number {
  return targetDate < today ? 0 : dayCount({ from: today, to: targetDate });
}

async function withAchievement(deps: ReportDeps, rows: TargetRow[]): Promise<BrandTarget[]> {
  const now = deps.now();
  const plans = await Promise.all(
    rows.map(async (t) => {
      const source = t.source as TargetSource;
      const today = todayIn(t.timezone, now);
      const days = achievementDays(t.targetDate, today);
      const conns = await loadPlatformSources(deps, t.brandId, PLATFORM[source]);
      const status = sourceStatus(conns, days ? [days] : [], today);
      // no day of the month has passed yet: nothing can have been achieved, a real zero
      const known = days === null ? conns.length > 0 : conns.length > 0 && conns.every((c) => connectionCovers(c, [days], today));
      return { t, source, today, days, status, known };
    }),
  );
  const sums = await sumAdRanges(
    deps.db,
    plans.filter((p) => p.known && p.days).map((p) => ({ key: p.t.id, brandId: p.t.brandId, platform: PLATFORM[p.source], from: p.days!.from, to: p.days!.to })),
  );
  return plans.map(({ t, source, today, status, known }) => {
    const s = known ? (sums.get(t.id) ?? { spend: 0, revenue: 0 }) : null;
    const achievedSales = s ? s.revenue : null;
    const remainingSales = achievedSales === null ? null : Math.max(t.targetSales - achievedSales, 0);
    const left = remainingDays(t.targetDate, today);
    return {
      _id: t.id,
      brandId: t.brandId,
      name: t.name,
      source,
      targetSales: t.targetSales,
      targetSpend: t.targetSpend,
      targetROAS: t.targetRoas,
      targetDate: t.targetDate,
      achievedSales,
      remainingSales,
      achievedSpend: s ? s.spend : null,
      achievedROAS: s ? ratio(s.revenue, s.spend) : null,
      remainingDays: left,
      requiredSalesPerDay: remainingSales === null ? null : remainingSales === 0 ? 0 : left > 0 ? remainingSales / left : null,
      status,
    };
  });
}

export async function listTargets(deps: ReportDeps, userId: string): Promise<BrandTarget[]> {
  return withAchievement(deps, await listUserTargets(deps.db, userId));
}

async function oneTarget(deps: ReportDeps, brandId: string, targetId: string): Promise<BrandTarget> {
  const row = await findTarget(deps.db, brandId, targetId);
  if (!row) throw new AppError('not-found', TARGET_NOT_FOUND);
  const [target] = await withAchievement(deps, [row]);
  return target!;
}

/**
 * The spec's client only adds a target for a brand on the user's list (otherwise it logs); the server refuses
 * too, with the same 404 as any brand the user cannot reach, and stores nothing.
 */
export async function addTarget(deps: ReportDeps, userId: string, body: AddTargetBody): Promise<BrandTarget> {
  if (!(await userHasBrand(deps.db, userId, body.brandId))) throw new AppError('not-found', BRAND_NOT_FOUND);
  const id = await insertTarget(deps.db, {
    brandId: body.brandId,
    name: body.name,
    source: body.source,
    targetSales: body.targetSales,
    targetSpend: body.targetSpend,
    targetRoas: body.targetROAS,
    targetDate: body.targetDate,
    createdBy: userId,
  });
  return oneTarget(deps, body.brandId, id);
}

export async function changeTarget(deps: ReportDeps, brand: AccessibleBrand, body: UpdateTargetBody): Promise<BrandTarget> {
  const changed = await updateTarget(deps.db, brand.id, body.targetId, { targetSales: body.targetSales, targetSpend: body.targetSpend, targetRoas: body.targetROAS, targetDate: body.targetDate });
  if (!changed) throw new AppError('not-found', TARGET_NOT_FOUND);
  return oneTarget(deps, brand.id, body.targetId);
}

export async function removeTarget(deps: ReportDeps, brand: AccessibleBrand, targetId: string): Promise<void> {
  if (!(await deleteTarget(deps.db, brand.id, targetId))) throw new AppError('not-found', TARGET_NOT_FOUND);
}

/** The source's spend, revenue and ROAS this month up to yesterday (null until those days have all synced). */
export async function sourceMonthMetrics(deps: ReportDeps, brand: AccessibleBrand, source: TargetSource): Promise<TargetMetricsResponse> {
  const today = todayIn(brand.timezone, deps.now());
  const days = syncableDays({ from: monthStart(today), to: addDays(today, -1) }, today);
  const conns = await loadPlatformSources(deps, brand.id, PLATFORM[source]);
  const status = sourceStatus(conns, days ? [days] : [], today);
  const covered = days !== null && conns.length > 0 && conns.every((c) => connectionCovers(c, [days], today));
  if (!covered || !days) return { success: true, data: { spend: null, Revenue: null, purchase_roas: null }, range: days, status };
  const s = (await sumAdRanges(deps.db, [{ key: 'month', brandId: brand.id, platform: PLATFORM[source], from: days.from, to: days.to }])).get('month') ?? { spend: 0, revenue: 0 };
  return { success: true, data: { spend: s.spend, Revenue: s.revenue, purchase_roas: ratio(s.revenue, s.spend) }, range: days, status };
}
