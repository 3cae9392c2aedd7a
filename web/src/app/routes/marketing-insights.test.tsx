import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { User } from '@parallels/contract/auth';
import type { PerformanceFigures, PerformanceReport } from '@parallels/contract/marketing-insights';
import type { SourceStatus } from '@parallels/contract/report-dates';
import { api, fail, fixtures, sent, server, type Resolver } from '../../../test/api';
import { sessionStore } from '../../lib/session-store';
import { AppProvider } from '../provider';
import { MarketingInsightsRoute } from './marketing-insights';

const asha: User = { id: 'u1', username: 'Asha', email: 'asha@example.com', isAdmin: false, brands: ['b1'], loginCount: 3 };
const ready: SourceStatus = { state: 'ready', syncedThrough: '2026-03-14', lastSyncedAt: '2026-03-15T06:00:00.000Z', message: null };
const figures = (sales: number | null, meta: number): PerformanceFigures => ({
  totalSales: sales,
  refundAmount: 0,
  totalSpend: meta + 50,
  metaSpend: meta,
  metaRevenue: meta * 2,
  metaROAS: 2,
  googleSpend: 50,
  googleRevenue: 100,
  googleROAS: 2,
  adSales: meta * 2 + 100,
  roi: sales === null ? null : sales / (meta + 50),
  grossROI: (meta * 2 + 100) / (meta + 50),
});
const comparison = (current: number | null, previous: number | null) => ({ current, previous, change: current !== null && previous ? Math.round(((current - previous) / previous) * 10000) / 100 : null, trend: null });
const report = (compare: boolean): PerformanceReport => ({
  success: true,
  data: [
    {
      year: 2026,
      month: 3,
      ...figures(1234.5, 150),
      shopifySales: 1234.5,
      dailyMetrics: [
        { _id: '2026-03-01', date: '2026-03-01', ...figures(1000, 100) },
        { _id: '2026-03-02', date: '2026-03-02', ...figures(null, 50) },
      ],
    },
  ],
  totals: Object.fromEntries(Object.entries(figures(1234.5, 150)).map(([k, v]) => [k, comparison(v, compare ? (k === 'totalSales' ? 1000 : v) : null)])),
  range: { from: '2026-03-01', to: '2026-03-02' },
  compare: compare ? { from: '2026-02-01', to: '2026-02-02', data: [] } : null,
  status: { shopify: ready, meta: ready, google_ads: ready },
  currency: 'INR',
});
let answer: Resolver<'GET /api/report/:brandId'>;

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/marketing-insights/:brandId', element: <MarketingInsightsRoute /> }], { initialEntries: [path] });
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
}

describe('Marketing Insights', () => {
  beforeAll(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(41);
  });
  beforeEach(() => {
    server.use(
      api('GET /api/brands/currency/:brandId', () => ({ success: true, currency: 'USD' })),
      api('GET /api/report/:brandId', (info) => answer(info)),
      api('GET /api/brands/:brandId', () => ({ ...fixtures.brand, name: 'B' })),
    );
    sessionStore.signIn(asha);
  });
  afterEach(() => {
    sessionStore.clear();
  });

  it('asks for the URL range, shows months in the brand currency and expands a month into its days; missing is "-"', async () => {
    const user = userEvent.setup();
    answer = () => report(false);
    renderAt('/marketing-insights/b1?from=2026-03-01&to=2026-03-02');
    const month = await screen.findByRole('button', { name: 'Expand Mar 2026' });
    expect(sent('GET /api/report/b1')[0]!.url.search).toBe('?startDate=2026-03-01&endDate=2026-03-02');
    const table = screen.getByRole('table', { name: 'Cross-platform performance' });
    for (const group of ['Store platform', 'Meta + Google', 'Meta', 'Google Ads']) expect(within(table).getByRole('columnheader', { name: group })).toBeInTheDocument();
    expect(within(table).getAllByRole('cell', { name: '$1,234.50' }).length).toBeGreaterThan(0); // the currency call's USD
    await user.click(month);
    const day2 = within(table).getByRole('cell', { name: '02/03/2026' }).closest('tr')!;
    expect(within(day2).getAllByRole('cell')[1]).toHaveTextContent('-');
  });

  it('with compare on, shows the compare figure and the change beside the totals', async () => {
    answer = () => report(true);
    renderAt('/marketing-insights/b1?from=2026-03-01&to=2026-03-02&compareFrom=2026-02-01&compareTo=2026-02-02');
    await screen.findByRole('button', { name: 'Expand Mar 2026' });
    expect(sent('GET /api/report/b1')[0]!.url.search).toContain('compareStartDate=2026-02-01&compareEndDate=2026-02-02');
    expect(screen.getByText('vs $1,000.00 (+23.45%)')).toBeInTheDocument();
  });

  it('shows the Preparing screen on 409', async () => {
    answer = () => fail(409, { success: false, message: 'No metrics data available yet. Please try again later.', code: 'METRICS_NOT_READY' });
    renderAt('/marketing-insights/b1?from=2026-03-01&to=2026-03-02');
    expect(await screen.findByRole('heading', { name: 'Preparing your dashboard...' })).toBeInTheDocument();
  });

  it('on a plan without reports (402 PLAN_LIMIT) says so and offers the plans, never an error', async () => {
    const user = userEvent.setup();
    const asked = vi.fn();
    window.addEventListener('parallels:open-pricing', asked);
    answer = () => fail(402, { success: false, message: 'Reports and exports come with the Startup Plan. Upgrade to see them.', code: 'PLAN_LIMIT', requiredPlan: 'STARTUP' });
    renderAt('/marketing-insights/b1?from=2026-03-01&to=2026-03-02');
    expect(await screen.findByText('Reports and exports come with the Startup Plan. Upgrade to see them.')).toBeInTheDocument();
    expect(screen.queryByText(/^Error:/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'See plans' }));
    expect(asked).toHaveBeenCalledTimes(1);
    window.removeEventListener('parallels:open-pricing', asked);
  });

  it('says "Error: {message}" with a retry for any other failure', async () => {
    answer = () => fail(400, { success: false, message: 'Dates after today (2026-03-15) are not available' });
    renderAt('/marketing-insights/b1?from=2026-03-01&to=2026-03-02');
    expect(await screen.findByText('Error: Dates after today (2026-03-15) are not available')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
