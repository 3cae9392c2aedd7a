import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { addDays, addMonths, monthEnd, monthStart, weekStart } from '@parallels/contract/days';
import { earliestSelectableDay, formatDay, formatMonth, isDayDisabled, type DayPair } from '../../lib/date-range';

const WEEKDAYS = [
  ['Mo', 'Monday'],
  ['Tu', 'Tuesday'],
  ['We', 'Wednesday'],
  ['Th', 'Thursday'],
  ['Fr', 'Friday'],
  ['Sa', 'Saturday'],
  ['Su', 'Sunday'],
] as const;

export interface CalendarMonthProps {
  /** the first day of the month shown */
  month: string;
  today: string;
  selection: DayPair;
  /** the comparison range, drawn apart from the selection */
  compare?: DayPair | undefined;
  onMonthChange: (month: string) => void;
  onPick: (day: string) => void;
}

/** Monday-first weeks covering the month, with the neighbouring months' days filling the first and last week. */
function weeksOf(month: string): string[][] {
  const weeks: string[][] = [];
  const last = monthEnd(month);
  for (let start = weekStart(month); start <= last; start = addDays(start, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, i) => addDays(start, i)));
  }
  return weeks;
}

const within = (day: string, pair: DayPair | undefined): boolean => !!pair && day >= pair.from && day <= pair.to;

function clampToSelectable(day: string, today: string): string {
  const earliest = earliestSelectableDay(today);
  if (day < earliest) return earliest;
  return day > today ? today : day;
}

function dayClass(day: string, month: string, props: CalendarMonthProps, disabled: boolean): string {
  const { selection, compare, today } = props;
  const base = 'h-9 w-9 rounded-lg text-sm tabular-nums focus-visible:relative';
  if (disabled) return `${base} cursor-not-allowed text-slate-300`;
  const end = day === selection.from || day === selection.to;
  const state =
    end ? 'bg-brand-600 font-semibold text-white hover:bg-brand-700'
    : within(day, selection) ? 'bg-brand-100 text-brand-700 hover:bg-brand-50'
    : within(day, compare) ? 'bg-amber-100 text-amber-900 hover:bg-amber-50'
    : `${day.startsWith(month.slice(0, 7)) ? 'text-slate-800' : 'text-slate-500'} hover:bg-slate-100`;
  const ring = !end && within(day, compare) && within(day, selection) ? ' ring-2 ring-amber-400 ring-inset' : '';
  return `${base} ${state}${ring}${day === today ? ' underline underline-offset-4' : ''}`;
}

/**
 * One month as a WAI-ARIA date grid: a single tab stop, arrow keys move a day or a week, Home/End go to the
 * week's ends, PageUp/PageDown a month. Focus never lands on a disabled day: moves stop at 2023-01-01 and today.
 */
export function CalendarMonth(props: CalendarMonthProps) {
  const { month, today, selection, onMonthChange, onPick } = props;
  const titleId = useId();
  const gridRef = useRef<HTMLTableElement>(null);
  const moveFocus = useRef(false);
  const [focusDay, setFocusDay] = useState<string | null>(null);

  const inMonth = (day: string | null): day is string => !!day && day.startsWith(month.slice(0, 7)) && !isDayDisabled(day, today);
  const firstEnabled = clampToSelectable(month, today);
  const tabStop = [focusDay, selection.to, selection.from, today].find(inMonth) ?? firstEnabled;

  useEffect(() => {
    if (!moveFocus.current || !focusDay) return;
    moveFocus.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-day="${focusDay}"]`)?.focus();
  }, [focusDay, month]);

  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    const current = (e.target as HTMLElement).dataset.day;
    if (!current) return;
    const target =
      e.key === 'ArrowLeft' ? addDays(current, -1)
      : e.key === 'ArrowRight' ? addDays(current, 1)
      : e.key === 'ArrowUp' ? addDays(current, -7)
      : e.key === 'ArrowDown' ? addDays(current, 7)
      : e.key === 'Home' ? weekStart(current)
      : e.key === 'End' ? addDays(weekStart(current), 6)
      : e.key === 'PageUp' ? addMonths(current, -1)
      : e.key === 'PageDown' ? addMonths(current, 1)
      : null;
    if (!target) return;
    e.preventDefault();
    const next = clampToSelectable(target, today);
    if (next === current) return;
    moveFocus.current = true;
    setFocusDay(next);
    if (monthStart(next) !== month) onMonthChange(monthStart(next));
  };

  const canGoBack = month > earliestSelectableDay(today);
  const canGoForward = monthStart(today) > month;

  return (
    <div>
      <div className="mb-2 flex items-center justify-between">
        <button
          type="button"
          onClick={() => onMonthChange(addMonths(month, -1))}
          disabled={!canGoBack}
          aria-label="Previous month"
          className="rounded-lg px-2 py-1 text-slate-600 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-300"
        >
          ‹
        </button>
        <div id={titleId} aria-live="polite" className="text-sm font-semibold">
          {formatMonth(month)}
        </div>
        <button
          type="button"
          onClick={() => onMonthChange(addMonths(month, 1))}
          disabled={!canGoForward}
          aria-label="Next month"
          className="rounded-lg px-2 py-1 text-slate-600 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-300"
        >
          ›
        </button>
      </div>
      <table ref={gridRef} role="grid" aria-labelledby={titleId} onKeyDown={onKeyDown} className="border-collapse">
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th key={long} scope="col" abbr={long} className="h-8 w-9 text-xs font-medium text-slate-500">
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeksOf(month).map((week) => (
            <tr key={week[0]}>
              {week.map((day) => {
                const disabled = isDayDisabled(day, today);
                return (
                  <td key={day} role="gridcell" aria-selected={within(day, selection)} className="p-0.5 text-center">
                    <button
                      type="button"
                      data-day={day}
                      aria-label={formatDay(day, { long: true })}
                      aria-current={day === today ? 'date' : undefined}
                      disabled={disabled}
                      tabIndex={day === tabStop ? 0 : -1}
                      onClick={() => {
                        setFocusDay(day);
                        onPick(day);
                      }}
                      className={dayClass(day, month, props, disabled)}
                    >
                      {Number(day.slice(8, 10))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
