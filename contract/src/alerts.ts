import { z } from 'zod';
import { SUMMARY_METRIC_INFO, SUMMARY_METRICS, SUMMARY_SOURCES, type SummaryMetricKey } from './summary.js';

// Issue 22 item 2: a user's alert rules per brand, on a metric of the dashboard's summary (the same figures),
// over yesterday or the last 7 days, against a threshold or as a change against the period before.

export const ALERT_PERIODS = ['yesterday', 'last7Days'] as const;
export const ALERT_COMPARISONS = ['below', 'above', 'drops_by', 'rises_by'] as const;
export type AlertComparison = (typeof ALERT_COMPARISONS)[number];

/** How each metric reads in a rule ('Meta ROAS yesterday below 2'). */
export const ALERT_COMPARISON_LABELS: Record<AlertComparison, string> = { below: 'below', above: 'above', drops_by: 'down by more than (%)', rises_by: 'up by more than (%)' };
export const ALERT_PERIOD_LABELS: Record<(typeof ALERT_PERIODS)[number], string> = { yesterday: 'yesterday', last7Days: 'in the last 7 days' };

export const ALERT_RULE_MESSAGES = {
  metric: 'Choose a metric of that source',
  threshold: 'Enter a threshold of 0 or more',
  percent: 'Enter a percentage between 0 and 1000',
  notFound: 'Alert rule not found',
} as const;

export const alertRuleBodySchema = z
  .object({
    source: z.enum(SUMMARY_SOURCES, 'Choose a source'),
    metric: z.string('Choose a metric').min(1, 'Choose a metric'),
    period: z.enum(ALERT_PERIODS, 'Choose yesterday or the last 7 days'),
    comparison: z.enum(ALERT_COMPARISONS, 'Choose a comparison'),
    threshold: z.number(ALERT_RULE_MESSAGES.threshold).finite(ALERT_RULE_MESSAGES.threshold).min(0, ALERT_RULE_MESSAGES.threshold).max(1e12, ALERT_RULE_MESSAGES.threshold),
  })
  .strict()
  .refine((b) => (SUMMARY_METRICS[b.source] as readonly string[]).includes(b.metric), { message: ALERT_RULE_MESSAGES.metric, path: ['metric'] })
  .refine((b) => !(b.comparison === 'drops_by' || b.comparison === 'rises_by') || b.threshold <= 1000, { message: ALERT_RULE_MESSAGES.percent, path: ['threshold'] });
export type AlertRuleBody = z.infer<typeof alertRuleBodySchema>;

export const alertRuleSchema = z.object({
  id: z.string(),
  brandId: z.string(),
  source: z.enum(SUMMARY_SOURCES),
  metric: z.string(),
  period: z.enum(ALERT_PERIODS),
  comparison: z.enum(ALERT_COMPARISONS),
  threshold: z.number(),
  /** the rule in words: 'Meta ROAS yesterday below 2' */
  description: z.string(),
});
export type AlertRule = z.infer<typeof alertRuleSchema>;

export const alertRulesResponseSchema = z.object({ success: z.literal(true), data: z.array(alertRuleSchema) });
export const alertRuleResponseSchema = z.object({ success: z.literal(true), data: alertRuleSchema });
export const alertRuleParamsSchema = z.object({ brandId: z.uuid('Brand not found'), ruleId: z.uuid(ALERT_RULE_MESSAGES.notFound) });

export function describeAlertRule(r: Pick<AlertRuleBody, 'metric' | 'period' | 'comparison' | 'threshold'>): string {
  const metric = SUMMARY_METRIC_INFO[r.metric as SummaryMetricKey]?.label ?? r.metric;
  const period = ALERT_PERIOD_LABELS[r.period];
  if (r.comparison === 'drops_by') return `${metric} ${period} down more than ${r.threshold}% against the period before`;
  if (r.comparison === 'rises_by') return `${metric} ${period} up more than ${r.threshold}% against the period before`;
  return `${metric} ${period} ${r.comparison} ${r.threshold}`;
}
