import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { User } from '@parallels/contract/auth';
import type { DailyFunnelReport, DayFunnelReport, FunnelFigures, MonthFunnelReport } from '@parallels/contract/analytics';
import type { SourceStatus } from '@parallels/contract/report-dates';
import type { Brand } from '@parallels/contract/brands';
import { api, bodyOf, sent, server } from '../../../test/api';
import { sessionStore } from '../../lib/session-store';
import { AppProvider } from '../provider';
import { EcommerceReportsRoute } from './ecommerce-reports';

const asha: User = { id: 'u1', username: 'Asha', email: 'asha@example.com', isAdmin: false, brands: ['b1'], loginCount: 3 };
const ready: SourceStatus = { state: 'ready', syncedThrough: '2026-03-14', lastSyncedAt: '2026-03-15T06:00:00.000Z', message: null };
const figures = (sessions: number | null): FunnelFigures =>
  sessions === null
    ? { Sessions: null, 'Add To Cart': null, 'Add To Cart Rate': null, Checkouts: null, 'Checkout Rate': null, Purchases: null, 'Purchase Rate': null }
    : { Sessions: sessions, 'Add To Cart': sessions / 10, 'Add To Cart Rate': 10, Checkouts: sessions / 25, 'Checkout Rate': 4, Purchases: sessions / 50, 'Purchase Rate': 2 };
const brand = (ga4: boolean): Brand => ({ _id: 'b1', name: 'B', currency: 'INR', timezone: 'Asia/Kolkata', shopifyAccount: null, fbAdAccounts: [], googleAdAccount: [], ga4Account: ga4 ? { PropertyID: '300000001' } : null, connections: [] });
let hasGa4 = true;
const daily: DailyFunnelReport = { success: true, ranges: [{ startDate: '2026-03-01', endDate: '2026-03-02', totals: figures(300), rows: [{ Date: '2026-03-02', ...figures(100) }, { Date: '2026-03-01', ...figures(null) }] }], status: ready };
const dayWise: DayFunnelReport = { success: true, data: [{ Day: 'Monday', ...figures(100) }, { Day: 'Sunday', ...figures(200) }], totals: figures(300), range: { from: '2026-03-01', to: '2026-03-02' }, status: ready };
const monthly: MonthFunnelReport = { success: true, ranges: [{ startDate: '2026-03-01', endDate: '2026-03-02', totals: figures(300), rows: [{ Month: '2026-03', ...figures(300) }] }], status: ready };

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/ecommerce-reports/:brandId', element: <EcommerceReportsRoute /> }], { initialEntries: [path] });
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
}

describe('E-Commerce Reports', () => {
  beforeAll(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(41);
  });
  beforeEach(() => {
    hasGa4 = true;
    server.use(
      api('GET /api/brands/:brandId', () => brand(hasGa4)),
      api('POST /api/analytics/atcreport/:brandId', () => daily),
      api('POST /api/analytics/dayAtcReport/:brandId', () => dayWise),
      api('POST /api/analytics/monthAtcReport/:brandId', () => monthly),
    );
    sessionStore.signIn(asha);
  });
  afterEach(() => {
    sessionStore.clear();
  });

  const headers = (table: HTMLElement) => within(table).getAllByRole('columnheader').map((h) => within(h).getByRole('button').textContent?.replace(/[↕▲▼]/g, ''));

  it('switches between its three views, each from its own call, the first column named by the view', async () => {
    const user = userEvent.setup();
    renderAt('/ecommerce-reports/b1?from=2026-03-01&to=2026-03-02');
    const dailyTable = await screen.findByRole('table', { name: 'Daily funnel' });
    expect(headers(dailyTable)).toEqual(['Date', 'Sessions', 'Add To Cart', 'Add To Cart Rate', 'Checkouts', 'Checkout Rate', 'Purchases', 'Purchase Rate']);
    expect(bodyOf('POST /api/analytics/atcreport/b1')).toEqual({ dateRanges: [{ startDate: '2026-03-01', endDate: '2026-03-02' }] });
    const row = within(dailyTable).getByRole('row', { name: /^02\/03\/2026/ });
    expect(within(row).getByText('10.00%')).toBeInTheDocument();
    // a day not synced shows dashes, never zeros
    expect(within(within(dailyTable).getByRole('row', { name: /^01\/03\/2026/ })).getAllByText('-')).toHaveLength(7);
    expect(within(dailyTable).getByRole('row', { name: /^Total/ })).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Day wise' }));
    const dayTable = await screen.findByRole('table', { name: 'Day wise funnel' });
    expect(headers(dayTable)[0]).toBe('Day');
    expect(within(dayTable).getByRole('row', { name: /^Sunday/ })).toBeInTheDocument();
    expect(bodyOf('POST /api/analytics/dayAtcReport/b1')).toEqual({ startDate: '2026-03-01', endDate: '2026-03-02' });

    await user.click(screen.getByRole('radio', { name: 'Monthly Metrics' }));
    const monthTable = await screen.findByRole('table', { name: 'Monthly Metrics funnel' });
    expect(headers(monthTable)[0]).toBe('Month');
    expect(within(monthTable).getByRole('row', { name: /^Mar 2026/ })).toBeInTheDocument();
    expect(bodyOf('POST /api/analytics/monthAtcReport/b1')).toEqual({ dateRanges: [{ startDate: '2026-03-01', endDate: '2026-03-02' }] });
  });

  it('page sizes 50, 100, 200, All (50 first) and the Counts View and Rates View quick views', async () => {
    const user = userEvent.setup();
    renderAt('/ecommerce-reports/b1?from=2026-03-01&to=2026-03-02');
    const table = await screen.findByRole('table', { name: 'Daily funnel' });
    const pageSize = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(within(pageSize).getAllByRole('option').map((o) => o.textContent)).toEqual(['50', '100', '200', 'All']);
    expect(pageSize).toHaveValue('50');
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(screen.getByRole('button', { name: 'Rates View' }));
    await user.keyboard('{Escape}');
    expect(headers(table)).toEqual(['Date', 'Add To Cart Rate', 'Checkout Rate', 'Purchase Rate']);
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(screen.getByRole('button', { name: 'Counts View' }));
    await user.keyboard('{Escape}');
    expect(headers(table)).toEqual(['Date', 'Sessions', 'Add To Cart', 'Checkouts', 'Purchases']);
  });

  it('no GA4 property: the connect flow (its dialog for Google Analytics) instead of the funnel, and no funnel call', async () => {
    hasGa4 = false;
    server.use(api('POST /api/setup/ga4-propertyIds/:brandId', () => ({ success: true, propertiesList: [{ propertyId: '501', propertyName: 'Sun Kissed Web' }] })));
    const user = userEvent.setup();
    renderAt('/ecommerce-reports/b1?from=2026-03-01&to=2026-03-02');
    expect(await screen.findByRole('heading', { name: 'Connect Google Analytics' })).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: 'View mode' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Connect Google Analytics' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/Sun Kissed Web/)).toBeInTheDocument();
    expect(sent().filter((r) => r.path.startsWith('/api/analytics/'))).toEqual([]);
  });

  it('a funnel answer without a GA4 connection (not_connected) also shows the connect flow', async () => {
    server.use(api('POST /api/analytics/atcreport/:brandId', () => ({ ...daily, ranges: [{ ...daily.ranges[0]!, rows: [], totals: figures(null) }], status: { state: 'not_connected', syncedThrough: null, lastSyncedAt: null, message: null } })));
    renderAt('/ecommerce-reports/b1?from=2026-03-01&to=2026-03-02');
    expect(await screen.findByRole('heading', { name: 'Connect Google Analytics' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Daily funnel' })).not.toBeInTheDocument();
  });

  it('reloads the shown view every 15 minutes (spec section 9), not before', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-03-15T06:00:00') });
    try {
      renderAt('/ecommerce-reports/b1?from=2026-03-01&to=2026-03-02');
      await screen.findByRole('table', { name: 'Daily funnel' });
      const funnelCalls = () => sent('POST /api/analytics/atcreport/b1').length;
      const before = funnelCalls();
      expect(before).toBe(1);
      await vi.advanceTimersByTimeAsync(15 * 60 * 1000 - 1000);
      expect(funnelCalls()).toBe(before);
      await vi.advanceTimersByTimeAsync(2000);
      expect(funnelCalls()).toBe(before + 1);
      await vi.advanceTimersByTimeAsync(15 * 60 * 1000);
      expect(funnelCalls()).toBe(before + 2);
    } finally {
      vi.useRealTimers();
    }
  });
});
