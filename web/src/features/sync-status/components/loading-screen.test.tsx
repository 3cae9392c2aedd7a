import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { LOADING_MESSAGE_INTERVAL_MS, LOADING_MESSAGES, LoadingScreen, loadingPercent } from './loading-screen';

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
});
