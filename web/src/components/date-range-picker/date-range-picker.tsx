import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { addDays, daysBetween, monthStart } from '@parallels/contract/days';
import { useBrandToday } from '../../lib/brand-today';
import {
  equalLengthCompare,
  formatRangeLabel,
  isCompareOn,
  earliestSelectableDay,
  isDayDisabled,
  normalizeRange,
  parseTypedDay,
  pickDay,
  previousPeriod,
  QUICK_SELECTS,
  useDateRange,
  type DateRange,
  type DayPair,
} from '../../lib/date-range';
import { Button } from '../ui/button';
import { TextField } from '../ui/text-field';
import { CalendarMonth } from './calendar-month';

/**
 * The report date picker (spec core.md sections 2, 5 and 9): a header button showing the URL-held range and
 * a panel with quick selects, typed dates, a calendar and compare mode. Quick selects apply at once and
 * close the panel; everything else is a draft written to the URL only by Apply.
 */
export function DateRangePicker({ today: todayForTests }: { today?: string }) {
  const brandToday = useBrandToday();
  const today = todayForTests ?? brandToday;
  const { range, setRange } = useDateRange(today);
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const label = formatRangeLabel(range);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: MouseEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      e.stopPropagation();
      close();
    }
  };

  return (
    <div ref={rootRef} className="relative" onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-800 hover:bg-slate-50"
      >
        <svg viewBox="0 0 24 24" className="h-4 w-4 text-slate-500" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
          <rect x="3" y="4" width="18" height="18" rx="2" />
          <path d="M16 2v4M8 2v4M3 10h18" />
        </svg>
        <span className="sr-only">Date range:</span> <span className="text-left sm:whitespace-nowrap">{label}</span>
      </button>
      {open && (
        <DateRangePanel
          id={panelId}
          range={range}
          today={today}
          onApply={(next) => {
            setRange(next);
            close();
          }}
          onCancel={close}
        />
      )}
    </div>
  );
}

/** 'previous' follows the drafted range (the default comparison); a pair is one the user chose. */
type CompareDraft = null | 'previous' | DayPair;

interface Draft extends DayPair {
  awaitingEnd: boolean;
  compare: CompareDraft;
  /** which range calendar clicks set while comparing */
  calendarSets: 'range' | 'compare';
}

function initialDraft(range: DateRange, today: string): Draft {
  let compare: CompareDraft = null;
  if (isCompareOn(range)) {
    const previous = previousPeriod(range, today);
    compare = previous.from === range.compareFrom && previous.to === range.compareTo ? 'previous' : { from: range.compareFrom, to: range.compareTo };
  }
  return { from: range.from, to: range.to, awaitingEnd: false, compare, calendarSets: 'range' };
}

function compareFor(main: DayPair, compare: CompareDraft, today: string): DayPair | null {
  if (compare === 'previous') return previousPeriod(main, today);
  return compare && equalLengthCompare(main, compare);
}

function withCompare(main: DayPair, compare: CompareDraft, today: string): DateRange {
  const pair = compareFor(main, compare, today);
  return pair ? { from: main.from, to: main.to, compareFrom: pair.from, compareTo: pair.to } : { from: main.from, to: main.to };
}

interface PanelProps {
  id: string;
  range: DateRange;
  today: string;
  onApply: (range: DateRange) => void;
  onCancel: () => void;
}

function DateRangePanel({ id, range, today, onApply, onCancel }: PanelProps) {
  const [draft, setDraft] = useState(() => initialDraft(range, today));
  const [month, setMonth] = useState(() => monthStart(range.to));
  const firstRef = useRef<HTMLButtonElement>(null);
  const compareRange = compareFor(draft, draft.compare, today);

  useEffect(() => firstRef.current?.focus(), []);

  // Typed days: a from after the to collapses the range to the from day (spec section 5).
  const typeRangeDay = (end: 'from' | 'to', day: string) => {
    setDraft((d) => ({ ...d, ...normalizeRange({ from: d.from, to: d.to, [end]: day }), awaitingEnd: false }));
    setMonth(monthStart(day));
  };
  // The compare range is as long as the range: a typed end moves its start with it.
  const typeCompareDay = (end: 'from' | 'to', day: string) => {
    setDraft((d) => {
      const from = end === 'from' ? day : addDays(day, -daysBetween(d.from, d.to));
      return { ...d, compare: { from, to: day }, awaitingEnd: false };
    });
    setMonth(monthStart(day));
  };

  const pick = (day: string) =>
    setDraft((d) => {
      if (d.calendarSets === 'range') return { ...d, ...pickDay(d, day) };
      const current = compareFor(d, d.compare, today) ?? { from: day, to: day };
      const next = pickDay({ ...current, awaitingEnd: d.awaitingEnd }, day);
      return { ...d, compare: { from: next.from, to: next.to }, awaitingEnd: next.awaitingEnd };
    });

  const comparing = draft.compare !== null;

  // On a phone the panel is fixed over the page: z-40 keeps it above the floating support button (z-30), which
  // otherwise covered Apply.
  return (
    <div
      id={id}
      role="dialog"
      aria-label="Choose dates"
      className="fixed inset-x-2 top-14 z-40 flex max-h-[calc(100dvh-4rem)] flex-col gap-4 overflow-y-auto rounded-xl border border-slate-200 bg-white p-4 shadow-lg sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:max-h-none sm:w-max sm:max-w-[calc(100vw-2rem)] sm:flex-row sm:overflow-visible"
    >
      <ul aria-label="Quick selects" className="grid grid-cols-2 gap-1 sm:flex sm:w-36 sm:flex-col">
        {QUICK_SELECTS.map((q, i) => (
          <li key={q.label}>
            <button
              ref={i === 0 ? firstRef : undefined}
              type="button"
              onClick={() => onApply(withCompare(q.range(today), draft.compare, today))}
              className="w-full rounded-lg px-2 py-1 text-left text-sm text-slate-700 hover:bg-slate-100"
            >
              {q.label}
            </button>
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-3">
        <div className="grid grid-cols-2 gap-3">
          <DayInput label="From" value={draft.from} today={today} onCommit={(day) => typeRangeDay('from', day)} />
          <DayInput label="To" value={draft.to} today={today} onCommit={(day) => typeRangeDay('to', day)} />
        </div>
        <CalendarMonth month={month} today={today} selection={draft} compare={compareRange ?? undefined} onMonthChange={setMonth} onPick={pick} />
        <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
          <input
            type="checkbox"
            checked={comparing}
            onChange={(e) => setDraft((d) => ({ ...d, compare: e.target.checked ? 'previous' : null, calendarSets: 'range', awaitingEnd: false }))}
            className="h-4 w-4 rounded border-slate-300 accent-brand-600"
          />
          Compare
        </label>
        {compareRange && (
          <>
            <div className="grid grid-cols-2 gap-3">
              <DayInput label="Compare from" value={compareRange.from} today={today} onCommit={(day) => typeCompareDay('from', day)} />
              <DayInput label="Compare to" value={compareRange.to} today={today} onCommit={(day) => typeCompareDay('to', day)} />
            </div>
            <fieldset className="flex items-center gap-3 text-sm text-slate-700">
              <legend className="sr-only">Calendar sets</legend>
              <span aria-hidden className="text-slate-500">
                Calendar sets
              </span>
              {(['range', 'compare'] as const).map((target) => (
                <label key={target} className="flex items-center gap-1">
                  <input
                    type="radio"
                    name={`${id}-calendar-sets`}
                    checked={draft.calendarSets === target}
                    onChange={() => setDraft((d) => ({ ...d, calendarSets: target, awaitingEnd: false }))}
                    className="accent-brand-600"
                  />
                  {target === 'range' ? 'Date range' : 'Comparison'}
                </label>
              ))}
            </fieldset>
          </>
        )}
        <div className="flex justify-end gap-2 border-t border-slate-100 pt-3">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={() => onApply(withCompare(draft, draft.compare, today))}>Apply</Button>
        </div>
      </div>
    </div>
  );
}

function typedDayError(text: string, today: string): string | null {
  const day = parseTypedDay(text);
  if (!day) return 'Enter a date as YYYY-MM-DD';
  if (day < earliestSelectableDay(today)) return `Dates before ${earliestSelectableDay(today)} are not available`;
  if (isDayDisabled(day, today)) return 'Dates after today are not available';
  return null;
}

/**
 * A typed day, applied on blur (or Enter) per spec section 5. Text that is not a real, selectable day shows
 * an error and is not applied; the draft keeps its last good day.
 */
function DayInput({ label, value, today, onCommit }: { label: string; value: string; today: string; onCommit: (day: string) => void }) {
  // The text being typed, or null to show the drafted day.
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A new day from elsewhere (the calendar, a collapse) replaces whatever was typed.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setEditing(null);
    setError(null);
  }

  const commit = () => {
    if (editing === null) return;
    const problem = typedDayError(editing, today);
    setError(problem);
    const day = parseTypedDay(editing);
    if (problem || !day) return;
    // Back to showing the draft, which may differ from what was typed when the range collapsed.
    setEditing(null);
    onCommit(day);
  };

  return (
    <TextField
      label={label}
      value={editing ?? value}
      placeholder="YYYY-MM-DD"
      inputMode="numeric"
      autoComplete="off"
      error={error ?? undefined}
      onChange={(e) => setEditing(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          commit();
        }
      }}
      className="w-36"
    />
  );
}
