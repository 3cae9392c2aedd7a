import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { DEFAULT_LOCALE, formatCurrency, localeForCurrency, formatMetricValue, formatNumber, formatPercent, formatRatio, LOCALE_OPTIONS, localeStore, useLocale } from './locale';

afterEach(() => {
  localStorage.clear();
  localeStore.reload();
});

describe('number formats (spec core.md sections 3 and 9)', () => {
  it('groups in lakhs and crores for en-IN and thousands for en-US', () => {
    expect(formatNumber(1234567, 'en-IN')).toBe('12,34,567');
    expect(formatNumber(123456789, 'en-IN')).toBe('12,34,56,789');
    expect(formatNumber(1234567, 'en-US')).toBe('1,234,567');
    expect(formatNumber(1234.5, 'en-US', { decimals: 2 })).toBe('1,234.50');
    expect(formatNumber(0.123, 'en-US')).toBe('0.12');
  });

  it('shows rupee and dollar amounts with two decimals', () => {
    expect(formatCurrency(1234567.5, 'INR', 'en-IN')).toBe('₹12,34,567.50');
    expect(formatCurrency(1234567.5, 'INR', 'en-US')).toBe('₹1,234,567.50');
    expect(formatCurrency(1234.5, 'USD', 'en-US')).toBe('$1,234.50');
    expect(formatCurrency(12, 'USD', 'en-US', { decimals: 0 })).toBe('$12');
  });

  it('rounds metric values of 1000 or more and groups them', () => {
    expect(formatMetricValue(999.5, 'en-US')).toBe('999.5');
    expect(formatMetricValue(999.456, 'en-US')).toBe('999.46');
    expect(formatMetricValue(1000, 'en-US')).toBe('1,000');
    expect(formatMetricValue(1000.4, 'en-US')).toBe('1,000');
    expect(formatMetricValue(123456.78, 'en-IN')).toBe('1,23,457');
    expect(formatMetricValue(-2500.6, 'en-US')).toBe('-2,501');
    expect(formatCurrency(999.5, 'INR', 'en-IN', { metric: true })).toBe('₹999.50');
    expect(formatCurrency(1000.4, 'INR', 'en-IN', { metric: true })).toBe('₹1,000');
  });

  it('shows percentages and ratios', () => {
    expect(formatPercent(12.345, 'en-US')).toBe('12.35%');
    // a rate always has 2 decimals: '2.00%', never '2%'
    expect(formatPercent(4, 'en-IN')).toBe('4.00%');
    expect(formatPercent(2, 'en-US')).toBe('2.00%');
    expect(formatRatio(3.25)).toBe('3.25x');
    expect(formatRatio(3)).toBe('3.00x');
  });

  it('shows a missing value as a dash', () => {
    for (const missing of [null, undefined, Number.NaN]) {
      expect(formatNumber(missing, 'en-IN')).toBe('-');
      expect(formatMetricValue(missing, 'en-IN')).toBe('-');
      expect(formatCurrency(missing, 'INR', 'en-IN')).toBe('-');
      expect(formatPercent(missing, 'en-US')).toBe('-');
      expect(formatRatio(missing)).toBe('-');
    }
    expect(formatNumber(0, 'en-IN')).toBe('0');
  });
});

describe('locale choice', () => {
  it('offers Indian and International, Indian by default', () => {
    expect(LOCALE_OPTIONS).toEqual([
      { value: 'en-IN', label: 'Indian' },
      { value: 'en-US', label: 'International' },
    ]);
    expect(DEFAULT_LOCALE).toBe('en-IN');
    expect(localeStore.get()).toBe('en-IN');
  });

  it('is remembered across a reload', async () => {
    const { result } = renderHook(() => useLocale());
    expect(result.current[0]).toBe('en-IN');
    act(() => result.current[1]('en-US'));
    expect(result.current[0]).toBe('en-US');
    expect(localStorage.getItem('parallels.locale')).toBe('en-US');

    vi.resetModules();
    const fresh = await import('./locale');
    expect(fresh.localeStore.get()).toBe('en-US');
  });

  it("follows the brand's currency until the user chooses: Indian for INR, International for the others", () => {
    expect(localeForCurrency('INR')).toBe('en-IN');
    expect(localeForCurrency('USD')).toBe('en-US');
    expect(localeForCurrency('EUR')).toBe('en-US');
    const { result } = renderHook(() => useLocale());
    act(() => localeStore.useCurrencyOf('USD'));
    expect(result.current[0]).toBe('en-US');
    expect(formatCurrency(112875, 'USD', result.current[0], { metric: true })).toBe('$112,875');
    act(() => localeStore.useCurrencyOf('INR'));
    expect(result.current[0]).toBe('en-IN');
    // a choice, once made, holds whatever brand is on screen
    act(() => result.current[1]('en-IN'));
    act(() => localeStore.useCurrencyOf('USD'));
    expect(result.current[0]).toBe('en-IN');
  });

  it('ignores an unknown stored value', () => {
    localStorage.setItem('parallels.locale', 'fr-FR');
    localeStore.reload();
    expect(localeStore.get()).toBe('en-IN');
  });
});
