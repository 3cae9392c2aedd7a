import { useId, useState } from 'react';
import * as Popover from '@radix-ui/react-popover';
import { GOOGLE_FILTER_OPERATORS, GOOGLE_FILTER_VALUE_MESSAGE, type GoogleFilterOperator } from '@parallels/contract/google-reports';
import type { GoogleReportFilters } from '../api/get-google-report';
import { parseFilterValue } from '../utils/google-report-tabs';

const COLUMNS = [
  { id: 'costFilter', header: 'Total Cost' },
  { id: 'convValuePerCostFilter', header: 'Conv. Value / Cost' },
] as const;

/**
 * spec/reports.md sections 2 and 5: the Google Ads column filter on Total Cost and Conv. Value / Cost with
 * >, >=, <, <=, ==; a value that is not a number is refused with 'Please enter a valid value'. The rows are
 * filtered on the server.
 */
export function ColumnFilter({ filters, onChange, label }: { filters: GoogleReportFilters; onChange: (next: GoogleReportFilters) => void; label: string }) {
  const [open, setOpen] = useState(false);
  const [column, setColumn] = useState<(typeof COLUMNS)[number]['id']>('costFilter');
  const [operator, setOperator] = useState<GoogleFilterOperator>('>');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ids = { column: useId(), operator: useId(), value: useId() };
  const active = COLUMNS.filter((c) => filters[c.id]);

  const apply = () => {
    const n = parseFilterValue(value);
    if (n === null) {
      setError(GOOGLE_FILTER_VALUE_MESSAGE);
      return;
    }
    onChange({ ...filters, [column]: { value: n, operator } });
    setValue('');
    setError(null);
    setOpen(false);
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger aria-label={`Filter ${label}`} className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50">
        Filter
        {active.length > 0 && (
          <span className="ml-1.5 rounded-full bg-brand-600 px-1.5 py-0.5 text-xs text-white" aria-label={`${active.length} active`}>
            {active.length}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content align="end" sideOffset={6} aria-label="Column filter" className="z-50 w-72 max-w-[90vw] rounded-xl border border-slate-200 bg-white p-4 shadow-xl">
          <div className="grid grid-cols-2 gap-2 text-sm">
            <label htmlFor={ids.column} className="col-span-2 font-medium">
              Column
            </label>
            <select id={ids.column} className="col-span-2 rounded border border-slate-300 px-2 py-1" value={column} onChange={(e) => setColumn(e.target.value as typeof column)}>
              {COLUMNS.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.header}
                </option>
              ))}
            </select>
            <label htmlFor={ids.operator} className="font-medium">
              Operator
            </label>
            <label htmlFor={ids.value} className="font-medium">
              Value
            </label>
            <select id={ids.operator} className="rounded border border-slate-300 px-2 py-1" value={operator} onChange={(e) => setOperator(e.target.value as GoogleFilterOperator)}>
              {GOOGLE_FILTER_OPERATORS.map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
            </select>
            <input
              id={ids.value}
              inputMode="decimal"
              className="rounded border border-slate-300 px-2 py-1"
              value={value}
              onChange={(e) => setValue(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') apply();
              }}
              aria-invalid={error !== null}
            />
          </div>
          {error && (
            <p role="alert" className="mt-2 text-sm text-rose-700">
              {error}
            </p>
          )}
          <div className="mt-3 flex justify-between gap-2">
            <button type="button" className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm disabled:text-slate-400" onClick={() => onChange({})} disabled={active.length === 0}>
              Clear
            </button>
            <button type="button" className="rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700" onClick={apply}>
              Apply
            </button>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** The active filters as text ('Total Cost > 100'). */
export function describeFilters(filters: GoogleReportFilters): string[] {
  return COLUMNS.flatMap((c) => {
    const f = filters[c.id];
    return f ? [`${c.header} ${f.operator} ${f.value}`] : [];
  });
}
