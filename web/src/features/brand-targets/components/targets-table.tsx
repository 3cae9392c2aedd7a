import { Fragment, useState } from 'react';
import type { BrandTarget, TargetSource } from '@parallels/contract/targets';
import { dayLabel } from '../../../components/report-table/report-columns';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { formatNumber, MISSING, useLocale } from '../../../lib/locale';
import { brandDisplayName } from '@parallels/contract/brands';

export interface TargetEdit {
  targetDate: string;
  targetSpend: number;
  targetSales: number;
  targetROAS: number;
}

export interface TargetsTableProps {
  source: TargetSource;
  targets: BrandTarget[];
  onSave: (target: BrandTarget, edit: TargetEdit) => Promise<boolean>;
  onDelete: (target: BrandTarget) => void;
}

/**
 * One Performance Table per source (spec/reports.md "Brand targets"): each row can be viewed, edited (date,
 * spend, sales and ROAS, with Save or Cancel) or deleted.
 */
export function TargetsTable({ source, targets, onSave, onDelete }: TargetsTableProps) {
  const [locale] = useLocale();
  const [editing, setEditing] = useState<{ id: string; draft: Record<keyof TargetEdit, string> } | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const money = (n: number | null) => formatNumber(n, locale, { decimals: 2 });
  const title = `${source} Performance Table`;

  const save = async (t: BrandTarget) => {
    if (!editing) return;
    const d = editing.draft;
    setSaving(true);
    const ok = await onSave(t, { targetDate: d.targetDate, targetSpend: Number(d.targetSpend), targetSales: Number(d.targetSales), targetROAS: Number(d.targetROAS) });
    setSaving(false);
    if (ok) setEditing(null);
  };
  const field = (name: keyof TargetEdit, label: string, type = 'text') =>
    editing && (
      <input
        aria-label={label}
        type={type}
        inputMode={type === 'text' ? 'decimal' : undefined}
        className="w-28 rounded border border-slate-300 px-2 py-1 text-right text-sm"
        value={editing.draft[name]}
        onChange={(e) => setEditing({ ...editing, draft: { ...editing.draft, [name]: e.target.value } })}
      />
    );

  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold">{title}</h2>
      {targets.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No data available</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table aria-label={title} className="w-full min-w-[900px] text-sm">
            <thead className="bg-slate-50 text-xs text-slate-600">
              <tr>
                {['Brand', 'Target Date', 'Target Sales', 'Achieved Sales', 'Remaining Sales', 'Target Spend', 'Achieved Spend', 'Target ROAS', 'Achieved ROAS', 'Actions'].map((h) => (
                  <th key={h} scope="col" className={`px-3 py-2 font-semibold ${h === 'Brand' || h === 'Actions' ? 'text-left' : 'text-right'}`}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {targets.map((t) => {
                const isEditing = editing?.id === t._id;
                return (
                  <Fragment key={t._id}>
                    <tr className="border-t border-slate-100">
                      <td className="px-3 py-2">{brandDisplayName(t.name)}</td>
                      <td className="px-3 py-2 text-right">{isEditing ? field('targetDate', 'Target date', 'date') : dayLabel(t.targetDate)}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{isEditing ? field('targetSales', 'Target sales') : money(t.targetSales)}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{money(t.achievedSales)}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{money(t.remainingSales)}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{isEditing ? field('targetSpend', 'Target spend') : money(t.targetSpend)}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{money(t.achievedSpend)}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{isEditing ? field('targetROAS', 'Target ROAS') : money(t.targetROAS)}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{money(t.achievedROAS)}</td>
                      <td className="px-3 py-2">
                        <div className="flex gap-1">
                          {isEditing ? (
                            <>
                              <Button variant="primary" className="px-2 py-1" busy={saving} onClick={() => void save(t)}>
                                Save
                              </Button>
                              <Button variant="secondary" className="px-2 py-1" onClick={() => setEditing(null)}>
                                Cancel
                              </Button>
                            </>
                          ) : (
                            <>
                              <Button variant="ghost" className="px-2 py-1" aria-expanded={viewing === t._id} aria-label={`View ${t.name} target`} onClick={() => setViewing(viewing === t._id ? null : t._id)}>
                                View
                              </Button>
                              <Button
                                variant="ghost"
                                className="px-2 py-1"
                                aria-label={`Edit ${t.name} target`}
                                onClick={() =>
                                  setEditing({
                                    id: t._id,
                                    draft: { targetDate: t.targetDate, targetSales: String(t.targetSales), targetSpend: String(t.targetSpend), targetROAS: String(t.targetROAS) },
                                  })
                                }
                              >
                                Edit
                              </Button>
                              <Button variant="ghost" className="px-2 py-1 text-rose-700" aria-label={`Delete ${t.name} target`} onClick={() => onDelete(t)}>
                                Delete
                              </Button>
                            </>
                          )}
                        </div>
                      </td>
                    </tr>
                    {viewing === t._id && !isEditing && (
                      <tr className="bg-slate-50">
                        <td colSpan={10} className="px-3 py-3">
                          <dl className="grid grid-cols-2 gap-x-6 gap-y-1 sm:grid-cols-4">
                            <dt className="text-slate-500">Remaining days</dt>
                            <dd>{t.remainingDays}</dd>
                            <dt className="text-slate-500">Required sales per day</dt>
                            <dd>{t.requiredSalesPerDay === null ? MISSING : money(t.requiredSalesPerDay)}</dd>
                            <dt className="text-slate-500">Remaining sales</dt>
                            <dd>{money(t.remainingSales)}</dd>
                            <dt className="text-slate-500">Data</dt>
                            <dd>{t.status.state === 'ready' ? 'Synced' : (t.status.message ?? t.status.state)}</dd>
                          </dl>
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
