import { useState, type FormEvent } from 'react';
import { TARGET_SOURCES, type AddTargetBody, type TargetSource } from '@parallels/contract/targets';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/text-field';
import { monthEnd } from '@parallels/contract/days';
import { brandDisplayName } from '@parallels/contract/brands';

export interface BrandOption {
  _id: string;
  name: string;
}

export interface AddTargetFormProps {
  brands: BrandOption[];
  /** the month the form starts on, 'yyyy-MM' */
  defaultMonth: string;
  busy: boolean;
  onAdd: (target: AddTargetBody) => Promise<unknown>;
}

/** spec/reports.md "Brand targets": brand (among the user's), source Meta or Google, month, target sales, spend and ROAS. */
export function AddTargetForm({ brands, defaultMonth, busy, onAdd }: AddTargetFormProps) {
  const [brandId, setBrandId] = useState(brands[0]?._id ?? '');
  const [source, setSource] = useState<TargetSource>('Meta');
  const [month, setMonth] = useState(defaultMonth);
  const [sales, setSales] = useState('');
  const [spend, setSpend] = useState('');
  const [roas, setRoas] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const brand = brands.find((b) => b._id === brandId);
    const numbers = [sales, spend, roas].map(Number);
    if (!brand) return setError('Choose one of your brands');
    if (!/^\d{4}-\d{2}$/.test(month)) return setError('Choose a month');
    if ([sales, spend, roas].some((v) => v.trim() === '') || numbers.some((n) => Number.isNaN(n) || n < 0)) return setError('Enter target sales, spend and ROAS as numbers');
    setError(null);
    // a target picked by month is due on the month's last day
    try {
      await onAdd({ brandId, name: brand.name, source, targetDate: monthEnd(`${month}-01`), targetSales: numbers[0]!, targetSpend: numbers[1]!, targetROAS: numbers[2]! });
      setSales('');
      setSpend('');
      setRoas('');
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Something went wrong');
    }
  };

  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold">Add target</h2>
      <form className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" onSubmit={(e) => void submit(e)} noValidate>
        <label className="text-sm font-medium text-slate-700">
          Brand
          <select className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm" value={brandId} onChange={(e) => setBrandId(e.target.value)}>
            {brands.map((b) => (
              <option key={b._id} value={b._id}>
                {brandDisplayName(b.name)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-slate-700">
          Source
          <select className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm" value={source} onChange={(e) => setSource(e.target.value as TargetSource)}>
            {TARGET_SOURCES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <TextField label="Month" type="month" value={month} onChange={(e) => setMonth(e.target.value)} />
        <TextField label="Target sales" inputMode="decimal" value={sales} onChange={(e) => setSales(e.target.value)} />
        <TextField label="Target spend" inputMode="decimal" value={spend} onChange={(e) => setSpend(e.target.value)} />
        <TextField label="Target ROAS" inputMode="decimal" value={roas} onChange={(e) => setRoas(e.target.value)} />
        {error && (
          <p role="alert" className="text-sm text-rose-700 sm:col-span-2 lg:col-span-3">
            {error}
          </p>
        )}
        <div className="sm:col-span-2 lg:col-span-3">
          <Button type="submit" busy={busy}>
            Add Target
          </Button>
        </div>
      </form>
    </Card>
  );
}
