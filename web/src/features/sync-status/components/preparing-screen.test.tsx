import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { PREPARING_PHRASE_INTERVAL_MS, PREPARING_PHRASES, PreparingScreen } from './preparing-screen';

function renderScreen(progress?: number) {
  const router = createMemoryRouter([{ path: '/dashboard', element: <PreparingScreen brandId="b7" progress={progress} /> }], { initialEntries: ['/dashboard'] });
  render(<RouterProvider router={router} />);
}

describe('preparing screen', () => {
  afterEach(() => vi.useRealTimers());

  it('says it is preparing the dashboard, how long the first import really takes, and links to the screens to visit meanwhile', () => {
    renderScreen();
    expect(screen.getByRole('heading', { name: 'Preparing your dashboard...' })).toBeInTheDocument();
    expect(screen.getByText(/recent figures usually appear within a minute and the rest follows within minutes/)).toBeInTheDocument();
    expect(screen.queryByText(/1-2 hours/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'AdMetrics Hub' })).toHaveAttribute('href', '/admetrics/b7');
    expect(screen.getByRole('link', { name: 'Ecommerce Insights' })).toHaveAttribute('href', '/ecommerce-reports/b7');
    expect(screen.getByRole('link', { name: 'Campaign Analysis' })).toHaveAttribute('href', '/meta-campaigns/b7');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('cycles its status phrases every 2.5 s', () => {
    vi.useFakeTimers();
    renderScreen();
    const phrase = () => screen.getByTestId('preparing-phrase').textContent;
    expect(PREPARING_PHRASE_INTERVAL_MS).toBe(2_500);
    expect(phrase()).toBe(PREPARING_PHRASES[0]);
    act(() => vi.advanceTimersByTime(2_499));
    expect(phrase()).toBe(PREPARING_PHRASES[0]);
    act(() => vi.advanceTimersByTime(1));
    expect(phrase()).toBe(PREPARING_PHRASES[1]);
    act(() => vi.advanceTimersByTime(2_500 * (PREPARING_PHRASES.length - 1)));
    expect(phrase()).toBe(PREPARING_PHRASES[0]);
  });

  it('shows the real backfill progress when it is known', () => {
    renderScreen(0.376);
    expect(screen.getByRole('progressbar', { name: 'Historical data loaded' })).toHaveAttribute('aria-valuenow', '37');
    expect(screen.getByText('37% of your history is in so far.')).toBeInTheDocument();
  });
});
