import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { todayIn } from '@parallels/contract/days';
import { brandTimezoneStore, browserTimezone, useBrandToday } from './brand-today';

afterEach(() => brandTimezoneStore.set(null));

describe("the brand's today", () => {
  it("is the browser's day until the brand's timezone is known, then the brand's", () => {
    const { result } = renderHook(() => useBrandToday());
    expect(result.current).toBe(todayIn(browserTimezone()));
    // Kiritimati (UTC+14) and Pago Pago (UTC-11) are never on the same day: whichever the brand is in shows.
    act(() => brandTimezoneStore.set('Pacific/Kiritimati'));
    expect(result.current).toBe(todayIn('Pacific/Kiritimati'));
    act(() => brandTimezoneStore.set('Pacific/Pago_Pago'));
    expect(result.current).toBe(todayIn('Pacific/Pago_Pago'));
    expect(todayIn('Pacific/Kiritimati')).not.toBe(todayIn('Pacific/Pago_Pago'));
  });

  it('ignores a timezone the browser does not know', () => {
    brandTimezoneStore.set('Mars/Olympus_Mons');
    expect(brandTimezoneStore.get()).toBeNull();
  });
});
