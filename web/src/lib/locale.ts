import { useEffect, useSyncExternalStore } from 'react';

/**
 * Number formatting locale (spec core.md sections 3 and 9): en-IN groups in lakhs and crores (12,34,567),
 * en-US in thousands (1,234,567). Until the user chooses (remembered in this browser), the brand's currency
 * decides: en-IN, the spec's default, for an INR brand; the International grouping for any other currency, so
 * a US-dollar brand never reads '$1,12,875'.
 */
export type AppLocale = 'en-IN' | 'en-US';

export const DEFAULT_LOCALE: AppLocale = 'en-IN';

export const LOCALE_OPTIONS: readonly { value: AppLocale; label: string }[] = [
  { value: 'en-IN', label: 'Indian' },
  { value: 'en-US', label: 'International' },
];

/** The grouping a currency's own users read: Indian for the rupee, International otherwise. */
export function localeForCurrency(currency: string | null | undefined): AppLocale {
  return !currency || currency.toUpperCase() === 'INR' ? 'en-IN' : 'en-US';
}

const STORAGE_KEY = 'parallels.locale';

function isAppLocale(value: unknown): value is AppLocale {
  return LOCALE_OPTIONS.some((o) => o.value === value);
}

function readChoice(): AppLocale | null {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return isAppLocale(stored) ? stored : null;
  } catch {
    return null;
  }
}

let chosen: AppLocale | null = readChoice();
let currencyDefault: AppLocale = DEFAULT_LOCALE;
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};

export const localeStore = {
  get: (): AppLocale => chosen ?? currencyDefault,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  set(next: AppLocale): void {
    if (next === chosen) return;
    chosen = next;
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Storage may be full or blocked; the choice still holds for this visit.
    }
    notify();
  },
  /** The brand on screen: its currency's grouping applies while the user has not chosen one. */
  useCurrencyOf(currency: string | null | undefined): void {
    const next = localeForCurrency(currency);
    if (next === currencyDefault) return;
    currencyDefault = next;
    if (chosen === null) notify();
  },
  /** tests: re-read the stored choice as a fresh page load would */
  reload(): void {
    chosen = readChoice();
    currencyDefault = DEFAULT_LOCALE;
  },
};

export function useLocale(): [AppLocale, (next: AppLocale) => void] {
  return [useSyncExternalStore(localeStore.subscribe, localeStore.get, localeStore.get), localeStore.set];
}

// Intl.NumberFormat is slow to build and report tables format thousands of cells: one per locale and options.
const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(loc: AppLocale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${loc}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(loc, options);
    formats.set(key, format);
  }
  return format;
}

type MaybeNumber = number | null | undefined;

/** A missing value is a dash, never a zero. */
export const MISSING = '-';

function isMissing(n: MaybeNumber): n is null | undefined {
  return n === null || n === undefined || Number.isNaN(n);
}

function digits(decimals: number | undefined, upTo = 2): Intl.NumberFormatOptions {
  return decimals === undefined ? { minimumFractionDigits: 0, maximumFractionDigits: upTo } : { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
}

/** Grouped per locale; up to 2 decimals unless `decimals` fixes them. */
export function formatNumber(n: MaybeNumber, loc: AppLocale, { decimals }: { decimals?: number } = {}): string {
  if (isMissing(n)) return MISSING;
  return numberFormat(loc, digits(decimals)).format(n);
}

/** Spec section 9: "Metric values of 1000 or more are rounded and grouped"; smaller ones keep up to 2 decimals. */
export function formatMetricValue(n: MaybeNumber, loc: AppLocale): string {
  if (isMissing(n)) return MISSING;
  return numberFormat(loc, Math.abs(n) >= 1000 ? digits(0) : digits(undefined)).format(n);
}

/**
 * An amount in `currency` (e.g. 'INR' shows ₹, 'USD' $), 2 decimals by default. With `metric` an amount of
 * 1000 or more is rounded to whole units, as metric values are.
 */
export function formatCurrency(n: MaybeNumber, currency: string, loc: AppLocale, { decimals, metric = false }: { decimals?: number; metric?: boolean } = {}): string {
  if (isMissing(n)) return MISSING;
  const places = metric && Math.abs(n) >= 1000 ? 0 : (decimals ?? 2);
  return numberFormat(loc, { style: 'currency', currency, ...digits(places) }).format(n);
}

/** `n` is already a percentage, a rate: always 2 decimals, 12.345 gives '12.35%', 2 gives '2.00%'. */
export function formatPercent(n: MaybeNumber, loc: AppLocale): string {
  if (isMissing(n)) return MISSING;
  return `${numberFormat(loc, digits(2)).format(n)}%`;
}

/** A ratio such as ROAS: 3.25 gives '3.25x'. */
export function formatRatio(n: MaybeNumber, loc: AppLocale = DEFAULT_LOCALE): string {
  if (isMissing(n)) return MISSING;
  return `${numberFormat(loc, digits(2)).format(n)}x`;
}

/** Screens showing one brand's figures: its currency sets the default grouping (see localeStore). */
export function useBrandCurrencyLocale(currency: string | null | undefined): void {
  useEffect(() => {
    if (currency) localeStore.useCurrencyOf(currency);
  }, [currency]);
}
