import { useId } from 'react';
import { LOCALE_OPTIONS, useLocale, type AppLocale } from '../lib/locale';

/** The header's number format choice (spec core.md sections 2 and 9): Indian (en-IN) or International (en-US). */
export function LocaleSettings() {
  const [locale, setLocale] = useLocale();
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-xs font-medium whitespace-nowrap text-slate-600">
        Number format
      </label>
      <select
        id={id}
        value={locale}
        onChange={(e) => setLocale(e.target.value as AppLocale)}
        className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm"
      >
        {LOCALE_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
