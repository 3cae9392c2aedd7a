import { useId, useState } from 'react';
import * as Popover from '@radix-ui/react-popover';
import { FILTER_OPERATORS, filterValueError, type ColumnFilter, type FilterOperator } from './report-filters';

export interface FilterableColumn {
  id: string;
  header: string;
  numeric: boolean;
}

export interface FilterPopoverProps {
  columns: FilterableColumn[];
  filters: ColumnFilter[];
  onChange: (filters: ColumnFilter[]) => void;
}

/**
 * spec/reports.md "Meta interest" and section 5: column (defaults to the first), operator (defaults to '>'),
 * value, 'Add Filter', 'Clear All', 'Active Filters' with per-item remove, and a count badge. After adding,
 * the value is cleared and the popover closes.
 */
export function FilterPopover({ columns, filters, onChange }: FilterPopoverProps) {
  const [open, setOpen] = useState(false);
  const [columnId, setColumnId] = useState(columns[0]?.id ?? '');
  const [operator, setOperator] = useState<FilterOperator>('>');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ids = { column: useId(), operator: useId(), value: useId() };
  const headerOf = (id: string) => columns.find((c) => c.id === id)?.header ?? id;

  const add = () => {
    const column = columns.find((c) => c.id === columnId);
    const problem = filterValueError(value, operator, column?.numeric ?? true);
    if (problem) {
      setError(problem);
      return;
    }
    onChange([...filters, { columnId, operator, value: value.trim() }]);
    setValue('');
    setError(null);
    setOpen(false);
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger className="relative rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50">
        Filter
        {filters.length > 0 && (
          <span className="ml-1.5 rounded-full bg-brand-600 px-1.5 py-0.5 text-xs text-white" aria-label={`${filters.length} active`}>
            {filters.length}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content align="end" sideOffset={6} aria-label="Filters" className="z-50 w-80 rounded-xl border border-slate-200 bg-white p-4 shadow-xl">
          <div className="grid grid-cols-2 gap-2 text-sm">
            <label htmlFor={ids.column} className="col-span-2 font-medium">
              Column
            </label>
            <select id={ids.column} className="col-span-2 rounded border border-slate-300 px-2 py-1" value={columnId} onChange={(e) => setColumnId(e.target.value)}>
              {columns.map((c) => (
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
            <select id={ids.operator} className="rounded border border-slate-300 px-2 py-1" value={operator} onChange={(e) => setOperator(e.target.value as FilterOperator)}>
              {FILTER_OPERATORS.map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
            </select>
            <input
              id={ids.value}
              className="rounded border border-slate-300 px-2 py-1"
              value={value}
              onChange={(e) => setValue(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') add();
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
            <button type="button" className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm" onClick={() => onChange([])} disabled={filters.length === 0}>
              Clear All
            </button>
            <button type="button" className="rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700" onClick={add}>
              Add Filter
            </button>
          </div>
          {filters.length > 0 && (
            <div className="mt-4">
              <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Active Filters</h3>
              <ul className="mt-1 flex flex-col gap-1">
                {filters.map((f, i) => {
                  const label = `${headerOf(f.columnId)} ${f.operator} ${f.value}`;
                  return (
                    <li key={`${label}-${i}`} className="flex items-center justify-between rounded bg-slate-50 px-2 py-1 text-sm">
                      <span>{label}</span>
                      <button type="button" aria-label={`Remove filter ${label}`} className="px-1 text-slate-500 hover:text-slate-900" onClick={() => onChange(filters.filter((_, j) => j !== i))}>
                        ×
                      </button>
                    </li>
                  );
                })}
              </ul>
            </div>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
