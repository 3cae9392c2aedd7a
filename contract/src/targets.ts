import { z } from 'zod';
import { isoDaySchema } from './common.js';
import { sourceStatusSchema } from './report-dates.js';

// spec/reports.md sections 2, 3, 5 and 7: brand targets. GET /api/performance/brandTarget lists the user's
// targets, POST /api/performance/addTarget adds one, PATCH /api/performance/updateTarget/{brandId} and
// DELETE /api/performance/deleteTarget/{brandId} change or remove one. The spec keys the last two by brand
// only; a brand has many targets, so ours also names the target (`targetId`; docs/decisions/012).

export const TARGET_SOURCES = ['Meta', 'Google'] as const;
export const targetSourceSchema = z.enum(TARGET_SOURCES, 'Choose Meta or Google');
export type TargetSource = z.infer<typeof targetSourceSchema>;

const amount = (label: string) => z.number(`${label} must be a number`).nonnegative(`${label} must not be negative`).max(1e13, `${label} is too large`);
const targetDate = isoDaySchema.refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), 'Not a real date');

export const addTargetBodySchema = z.object({
  brandId: z.uuid('Choose one of your brands'),
  name: z.string().trim().min(1, 'Name is required').max(200),
  source: targetSourceSchema,
  targetSales: amount('Target sales'),
  targetSpend: amount('Target spend'),
  targetROAS: amount('Target ROAS'),
  targetDate,
});
export type AddTargetBody = z.infer<typeof addTargetBodySchema>;

/** The fields a row's edit mode changes: date, spend, sales and ROAS. */
export const updateTargetBodySchema = z.object({
  targetId: z.uuid('Target not found'),
  targetSales: amount('Target sales').optional(),
  targetSpend: amount('Target spend').optional(),
  targetROAS: amount('Target ROAS').optional(),
  targetDate: targetDate.optional(),
});
export type UpdateTargetBody = z.infer<typeof updateTargetBodySchema>;

export const deleteTargetQuerySchema = z.object({ targetId: z.uuid('Target not found') });

export const brandTargetSchema = z.object({
  _id: z.uuid(),
  brandId: z.uuid(),
  name: z.string(),
  source: targetSourceSchema,
  targetSales: z.number(),
  targetSpend: z.number(),
  targetROAS: z.number(),
  targetDate: isoDaySchema,
  /** the source's sales (Meta purchase value, Google conversion value) from the target month's first day to
   *  the target date or yesterday; null while those days have not all synced */
  achievedSales: z.number().nullable(),
  /** max(target sales - achieved, 0) */
  remainingSales: z.number().nullable(),
  achievedSpend: z.number().nullable(),
  achievedROAS: z.number().nullable(),
  /** days left from the brand's today up to the target date, both included; 0 once it has passed */
  remainingDays: z.number().int(),
  /** remaining sales / remaining days; null when no day is left to sell on, or achieved is unknown */
  requiredSalesPerDay: z.number().nullable(),
  status: sourceStatusSchema,
});
export type BrandTarget = z.infer<typeof brandTargetSchema>;

export const brandTargetsResponseSchema = z.object({ success: z.literal(true), data: z.array(brandTargetSchema) });
export const brandTargetResponseSchema = z.object({ success: z.literal(true), data: brandTargetSchema });

/** GET /api/performance/{metaMetrics|googleAdMetrics}/{brandId}: the current month up to yesterday. */
export const targetMetricsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ spend: z.number().nullable(), Revenue: z.number().nullable(), purchase_roas: z.number().nullable() }),
  range: z.object({ from: isoDaySchema, to: isoDaySchema }).nullable(),
  status: sourceStatusSchema,
});
export type TargetMetricsResponse = z.infer<typeof targetMetricsResponseSchema>;

export const TARGET_UPDATED = 'Brand updated successfully!';
export const TARGET_UPDATE_FAILED = 'Failed to update brand';
