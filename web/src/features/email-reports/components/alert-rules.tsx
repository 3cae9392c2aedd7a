import { useState, type FormEvent } from 'react';
import {
  ALERT_COMPARISON_LABELS,
  ALERT_COMPARISONS,
  ALERT_PERIOD_LABELS,
  ALERT_PERIODS,
  type AlertComparison,
  type AlertRule,
  type AlertRuleBody,
} from '@parallels/contract/alerts';
import { SUMMARY_METRIC_INFO, SUMMARY_METRICS, SUMMARY_SOURCE_LABELS, SUMMARY_SOURCES, type SummaryMetricKey, type SummarySource } from '@parallels/contract/summary';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { errorToast } from '../../../lib/toast-messages';
import { useAlertRules, useRemoveAlertRule, useSaveAlertRule } from '../api/alert-rules';

const NEW_RULE: AlertRuleBody = { source: 'facebook-ads', metric: 'metaroas', period: 'yesterday', comparison: 'below', threshold: 2 };

/** A brand's alert rules: listed, added, changed and removed. Built-in alerts (reconnect, stale sync) need no rule. */
export function AlertRules({ brandId, brandName }: { brandId: string; brandName: string }) {
  const rules = useAlertRules(brandId);
  const remove = useRemoveAlertRule(brandId);
  const { toast } = useToast();
  const [editing, setEditing] = useState<AlertRule | 'new' | null>(null);
  return (
    <div className="space-y-2 border-t border-slate-100 p-3 text-sm">
      <p className="font-medium">Alert rules</p>
      <p className="text-slate-500">You are always alerted when a connection needs reconnecting or a source has not synced for over 6 hours.</p>
      {rules.isPending && <p className="text-slate-500">Loading alert rules…</p>}
      {rules.isError && <p className="text-red-600">{rules.error.message}</p>}
      {rules.data && rules.data.length > 0 && (
        <ul aria-label={`Alert rules for ${brandName}`} className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {rules.data.map((r) =>
            editing !== 'new' && editing?.id === r.id ? (
              <li key={r.id} className="p-3">
                <RuleForm brandId={brandId} rule={r} onDone={() => setEditing(null)} />
              </li>
            ) : (
              <li key={r.id} className="flex flex-wrap items-center gap-2 p-3">
                <span className="min-w-0 flex-1">{r.description}</span>
                <Button variant="secondary" className="px-3 py-1" onClick={() => setEditing(r)} aria-label={`Edit ${r.description}`}>
                  Edit
                </Button>
                <Button
                  variant="secondary"
                  className="px-3 py-1"
                  busy={remove.isPending && remove.variables === r.id}
                  aria-label={`Remove ${r.description}`}
                  onClick={() => remove.mutate(r.id, { onSuccess: () => toast({ title: 'Alert rule removed', description: r.description }), onError: (e) => toast(errorToast(e)) })}
                >
                  Remove
                </Button>
              </li>
            ),
          )}
        </ul>
      )}
      {editing === 'new' ? (
        <RuleForm brandId={brandId} onDone={() => setEditing(null)} />
      ) : (
        <Button variant="secondary" onClick={() => setEditing('new')}>
          Add alert rule
        </Button>
      )}
    </div>
  );
}

function RuleForm({ brandId, rule, onDone }: { brandId: string; rule?: AlertRule; onDone: () => void }) {
  const save = useSaveAlertRule(brandId);
  const { toast } = useToast();
  const [form, setForm] = useState<AlertRuleBody>(rule ? { source: rule.source, metric: rule.metric, period: rule.period, comparison: rule.comparison, threshold: rule.threshold } : NEW_RULE);
  const [threshold, setThreshold] = useState(String(form.threshold));
  const [error, setError] = useState<string | undefined>();
  const metrics = SUMMARY_METRICS[form.source] as readonly string[];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = Number(threshold);
    if (threshold.trim() === '' || !Number.isFinite(value) || value < 0) {
      setError('Enter a threshold of 0 or more');
      return;
    }
    setError(undefined);
    save.mutate(
      { id: rule?.id, rule: { ...form, threshold: value } },
      {
        onSuccess: (saved) => {
          toast({ title: rule ? 'Alert rule changed' : 'Alert rule added', description: saved.description });
          onDone();
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  const select = 'block w-full rounded-lg border border-slate-300 bg-white px-2 py-2 text-sm';
  return (
    <form onSubmit={submit} aria-label={rule ? 'Edit alert rule' : 'New alert rule'} className="grid gap-2 sm:grid-cols-2" noValidate>
      <label className="text-sm font-medium text-slate-700">
        Source
        <select
          className={select}
          value={form.source}
          onChange={(e) => {
            const source = e.target.value as SummarySource;
            setForm({ ...form, source, metric: SUMMARY_METRICS[source][0] });
          }}
        >
          {SUMMARY_SOURCES.map((s) => (
            <option key={s} value={s}>
              {SUMMARY_SOURCE_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-medium text-slate-700">
        Metric
        <select className={select} value={form.metric} onChange={(e) => setForm({ ...form, metric: e.target.value })}>
          {metrics.map((m) => (
            <option key={m} value={m}>
              {SUMMARY_METRIC_INFO[m as SummaryMetricKey].label}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-medium text-slate-700">
        Period
        <select className={select} value={form.period} onChange={(e) => setForm({ ...form, period: e.target.value as AlertRuleBody['period'] })}>
          {ALERT_PERIODS.map((p) => (
            <option key={p} value={p}>
              {ALERT_PERIOD_LABELS[p]}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-medium text-slate-700">
        Comparison
        <select className={select} value={form.comparison} onChange={(e) => setForm({ ...form, comparison: e.target.value as AlertComparison })}>
          {ALERT_COMPARISONS.map((c) => (
            <option key={c} value={c}>
              {ALERT_COMPARISON_LABELS[c]}
            </option>
          ))}
        </select>
      </label>
      <TextField label="Threshold" inputMode="decimal" value={threshold} onChange={(e) => setThreshold(e.target.value)} error={error} />
      <div className="flex items-end gap-2">
        <Button type="submit" busy={save.isPending}>
          {rule ? 'Save rule' : 'Add rule'}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
