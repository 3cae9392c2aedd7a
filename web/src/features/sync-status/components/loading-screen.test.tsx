import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, renderHook, screen } from '@testing-library/react';
import { connection } from '../testing/connection-fixture';
import { loadingPhrases } from '../utils/sync-progress';
import { LOADING_MESSAGE_INTERVAL_MS, LOADING_MESSAGES, LoadingScreen, loadingPercent, READY_HOLD_MS, useLoadingCardVisible } from './loading-screen';

const bar = () => screen.getByRole('progressbar', { name: 'Loading your data' });

describe('loading screen', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the real progress but stops at 95% until loaded', () => {
    expect(loadingPercent(0, false)).toBe(0);
    expect(loadingPercent(0.42, false)).toBe(42);
    expect(loadingPercent(0.95, false)).toBe(95);
    expect(loadingPercent(1, false)).toBe(95);
    expect(loadingPercent(Number.NaN, false)).toBe(0);
    expect(loadingPercent(0.3, true)).toBe(100);
  });

  it('the bar holds at 95% with every connection done but not yet loaded, then shows Ready! at 100%', () => {
    const { rerender } = render(<LoadingScreen progress={0.5} loaded={false} />);
    expect(bar()).toHaveAttribute('aria-valuenow', '50');
    rerender(<LoadingScreen progress={1} loaded={false} />);
    expect(bar()).toHaveAttribute('aria-valuenow', '95');
    expect(screen.getByText('95%')).toBeInTheDocument();
    expect(screen.queryByText('Ready!')).not.toBeInTheDocument();
    rerender(<LoadingScreen progress={1} loaded />);
    expect(bar()).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByRole('heading', { name: 'Ready!' })).toBeInTheDocument();
  });

  it('rotates its messages while loading', () => {
    vi.useFakeTimers();
    render(<LoadingScreen progress={0.1} loaded={false} />);
    expect(screen.getByRole('heading', { name: LOADING_MESSAGES[0] })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(LOADING_MESSAGE_INTERVAL_MS));
    expect(screen.getByRole('heading', { name: LOADING_MESSAGES[1] })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(LOADING_MESSAGE_INTERVAL_MS * (LOADING_MESSAGES.length - 1)));
    expect(screen.getByRole('heading', { name: LOADING_MESSAGES[0] })).toBeInTheDocument();
  });

  it("says what is true now: 'Connecting...' only before anything started, then what is still loading", () => {
    expect(loadingPhrases([connection({ syncState: 'pending', backfillProgress: 0 }), connection({ id: 'c2', platform: 'shopify', syncState: 'pending', backfillProgress: 0 })])).toEqual([
      'Connecting to your accounts...',
    ]);
    // figures on screen, history still loading: never 'Connecting...' again
    expect(loadingPhrases([connection({ syncState: 'backfilling', backfillProgress: 0.27 }), connection({ id: 'c2', platform: 'shopify' })])).toEqual([
      'Fetching your ad performance...',
      'Building your dashboard...',
    ]);
    expect(loadingPhrases([connection({ id: 'c2', platform: 'shopify', syncState: 'backfilling', backfillProgress: 0.5 }), connection({ platform: 'ga4', syncState: 'pending', backfillProgress: 0 })])).toEqual([
      'Collecting your store orders...',
      'Crunching the numbers...',
      'Building your dashboard...',
    ]);
  });

  it("the card follows the load to 'Ready!', holds it a moment, then goes; a brand loaded already never shows it", () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ loaded }) => useLoadingCardVisible(loaded), { initialProps: { loaded: false } });
    expect(result.current).toBe(true);
    rerender({ loaded: true });
    expect(result.current).toBe(true); // 'Ready!' is on screen
    act(() => vi.advanceTimersByTime(READY_HOLD_MS));
    expect(result.current).toBe(false);
    // a new connection starts loading: the card comes back
    rerender({ loaded: false });
    expect(result.current).toBe(true);

    const already = renderHook(() => useLoadingCardVisible(true));
    expect(already.result.current).toBe(false);
  });
});
