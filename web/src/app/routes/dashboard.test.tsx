import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { User } from '@parallels/contract/auth';
import { sessionStore } from '../../lib/session-store';
import { AppProvider } from '../provider';
import { RootLayout } from '../root-layout';
import { AppShell } from '../layout/app-shell';
import { DashboardRoute } from './dashboard';

const asha: User = { id: 'u1', username: 'Asha', email: 'asha@example.com', isAdmin: false, brands: ['b1'], loginCount: 3 };
const brand = { _id: 'b1', name: 'Sun_Kissed', currency: 'INR', timezone: 'Asia/Kolkata', shopifyAccount: null, fbAdAccounts: [], googleAdAccount: [], ga4Account: null, connections: [] };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const fetchMock = vi.fn<typeof fetch>();

const days = (from: string, to: string, previousFrom: string, previousTo: string) => ({ from, to, previousFrom, previousTo });
const PERIODS = {
  yesterday: days('2026-03-14', '2026-03-14', '2026-03-13', '2026-03-13'),
  last7Days: days('2026-03-08', '2026-03-14', '2026-03-01', '2026-03-07'),
  last30Days: days('2026-02-13', '2026-03-14', '2026-01-14', '2026-02-12'),
  custom: days('2026-03-01', '2026-03-14', '2026-02-15', '2026-02-28'),
};
const metric = (current: number | null, previous: number | null, change: number | null, trend: 'up' | 'down' | null) => ({ current, previous, change, trend });
const ready: { state: string; syncedThrough: string; lastSyncedAt: string; message: string | null } = { state: 'ready', syncedThrough: '2026-03-14', lastSyncedAt: '2026-03-15T06:00:00.000Z', message: null };
const facebookSummary = {
  success: true,
  periods: PERIODS,
  status: ready,
  currency: 'INR',
  today: '2026-03-15',
  periodData: Object.fromEntries(
    Object.keys(PERIODS).map((p) => [p, { metaspend: metric(123456.78, 100000, 23.46, 'up'), metaroas: metric(2.5, 3, -16.67, 'down') }]),
  ),
};
const notConnected = { success: true, periods: PERIODS, status: { state: 'not_connected', syncedThrough: null, lastSyncedAt: null, message: null }, currency: 'INR', today: '2026-03-15', periodData: null };
let summaries: Record<string, [number, unknown]> = {};

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <RootLayout />,
        children: [
          {
            element: <AppShell />,
            children: [
              { path: '/dashboard', element: <DashboardRoute /> },
              { path: '/brand-setup', element: <p>brand setup body</p> },
            ],
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

describe('dashboard ?openModal=', () => {
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      const user = sessionStore.get().user ?? asha;
      if (url.startsWith('/api/users/getuser')) return json(200, { success: true, user, brands: user.brands.map((id) => ({ _id: id, name: 'Sun_Kissed' })) });
      if (url === '/api/brands/b1') return json(200, brand);
      if (url === '/api/setup/google-accounts/b1') return json(200, { success: true, clientAccounts: [{ name: 'Sun Kissed US', clientId: '1111111111', managerId: '', hidden: false }] });
      if (url === '/api/setup/ga4-propertyIds/b1') return json(200, { success: true, propertiesList: [{ propertyId: '501', propertyName: 'Sun Kissed Web' }] });
      if (url === '/api/setup/fb-ad-accounts/b1') return json(200, { success: true, adAccounts: [{ id: 'act_1', adname: 'Sun Kissed Main' }] });
      const summary = /^\/api\/summary\/([a-z-]+)\/b1$/.exec(url);
      if (summary) {
        const [status, body] = summaries[summary[1]!] ?? [200, notConnected];
        return json(status, body);
      }
      return json(200, { isValid: true, message: 'ok' });
    });
    sessionStore.signIn(asha);
    summaries = {};
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it.each([
    ['googleads', 'Google Ads Accounts', 'Sun Kissed US'],
    ['googleanalytics', 'Google Analytics Properties', 'Sun Kissed Web'],
    ['facebook', 'Facebook Ad Accounts', 'Sun Kissed Main'],
  ])('openModal=%s opens %s for the selected brand and leaves the URL', async (value, title, account) => {
    const router = renderAt(`/dashboard?openModal=${value}&range=7d`);
    expect(await screen.findByRole('dialog', { name: title })).toBeInTheDocument();
    expect(await screen.findByText(account)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?range=7d'));
    // Closing it keeps it closed: the parameter is gone.
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: title })).not.toBeInTheDocument();
  });

  it('ignores an unknown value but still cleans the URL', async () => {
    const router = renderAt('/dashboard?openModal=tiktok');
    expect(await screen.findByText('Welcome Back, Asha')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('the Connect Your Platforms cards open the same dialogs', async () => {
    renderAt('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Connect Google Analytics' }));
    expect(await screen.findByRole('dialog', { name: 'Google Analytics Properties' })).toBeInTheDocument();
  });

  it('sends a user with no brands to /brand-setup, carrying openModal', async () => {
    sessionStore.signIn({ ...asha, brands: [] });
    const router = renderAt('/dashboard?openModal=facebook');
    expect(await screen.findByText('brand setup body')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?openModal=facebook');
  });
});

describe('dashboard performance overview', () => {
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith('/api/users/getuser')) return json(200, { success: true, user: asha, brands: [{ _id: 'b1', name: 'Sun_Kissed' }] });
      if (url === '/api/brands/b1') return json(200, brand);
      const summary = /^\/api\/summary\/([a-z-]+)\/b1$/.exec(url);
      if (summary) {
        const [status, body] = summaries[summary[1]!] ?? [200, notConnected];
        return json(status, body);
      }
      return json(200, { isValid: true, message: 'ok' });
    });
    sessionStore.signIn(asha);
    localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('shows the three period cards (and the selected range) with values rounded, grouped the Indian way, and their change', async () => {
    summaries = { 'facebook-ads': [200, facebookSummary], 'google-ads': [200, notConnected], analytics: [500, { success: false, message: 'Something went wrong on our side.' }] };
    renderAt('/dashboard');
    // a 5xx is retried twice (about 3 s) before the source counts as failed
    expect(await screen.findByRole('region', { name: 'Yesterday' }, { timeout: 8000 })).toBeInTheDocument();
    for (const title of ['Last 7 Days', 'Last 30 Days', 'Selected Range']) expect(screen.getByRole('region', { name: title })).toBeInTheDocument();
    const yesterday = screen.getByRole('region', { name: 'Yesterday' });
    expect(within(yesterday).getByText('14 Mar 2026 · vs 13 Mar 2026')).toBeInTheDocument();
    expect(within(yesterday).getByText('₹1,23,457')).toBeInTheDocument(); // 1000 or more: rounded and grouped
    expect(within(yesterday).getByText('2.50x')).toBeInTheDocument();
    expect(within(yesterday).getByLabelText('Up +23.46% vs 13 Mar 2026')).toBeInTheDocument();
    expect(within(yesterday).getByLabelText('Down −16.67% vs 13 Mar 2026')).toBeInTheDocument();
    // Google Ads is missing, Analytics failed: both get a connect card; the failed one says 'No data found'
    const panel = screen.getByRole('region', { name: 'Connect Your Platforms' });
    expect(within(panel).getByRole('button', { name: 'Connect Google Ads' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Connect Google Analytics' })).toBeInTheDocument();
    expect(within(panel).getByText('No data found')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Connect Facebook' })).not.toBeInTheDocument();
  }, 15_000);

  it('a period that has not synced shows a dash and says it is syncing, never 0', async () => {
    const syncing = structuredClone(facebookSummary);
    syncing.status = { ...ready, state: 'syncing', message: 'Still loading' };
    (syncing.periodData as Record<string, unknown>).last30Days = { metaspend: metric(null, null, null, null), metaroas: metric(null, null, null, null) };
    summaries = { 'facebook-ads': [200, syncing] };
    renderAt('/dashboard');
    const card = await screen.findByRole('region', { name: 'Last 30 Days' });
    expect(within(card).getByText('Syncing')).toBeInTheDocument();
    expect(within(card).getAllByText('-').length).toBeGreaterThanOrEqual(2);
    expect(within(card).queryByText('₹0')).not.toBeInTheDocument();
  });

  it('a store-only brand sees its sales, orders, average order value, returns and blended ROAS, not "No data found"', async () => {
    const store = {
      ...facebookSummary,
      currency: 'USD',
      periodData: Object.fromEntries(
        Object.keys(PERIODS).map((p) => [
          p,
          {
            totalSales: metric(112875, 100000, 12.88, 'up'),
            orders: metric(250, 200, 25, 'up'),
            averageOrderValue: metric(451.5, 500, -9.7, 'down'),
            returns: metric(1200, 1000, 20, 'up'),
            blendedRoas: metric(null, null, null, null),
          },
        ]),
      ),
    };
    summaries = { shopify: [200, store] };
    renderAt('/dashboard');
    const card = await screen.findByRole('region', { name: 'Last 7 Days' });
    const section = within(card).getByRole('region', { name: 'Store, Last 7 Days' });
    expect(within(section).getByText('Total Sales')).toBeInTheDocument();
    expect(section.querySelector('[data-metric="last7Days.orders"]')).toHaveTextContent('250');
    expect(section.querySelector('[data-metric="last7Days.blendedRoas"]')).toHaveTextContent('-');
    expect(within(section).getByLabelText(/^Up \+25(\.00)?% vs 1 Mar 2026 – 7 Mar 2026$/)).toBeInTheDocument();
    expect(within(card).queryByText('No data found')).not.toBeInTheDocument();
    // the store is connected from the brand's setup, not from the Connect Your Platforms cards
    expect(screen.queryByRole('button', { name: 'Connect Store' })).not.toBeInTheDocument();
  });

  it('each metric has a trend line of its daily values over the period, with a text naming the first and last', async () => {
    const withSeries = {
      ...facebookSummary,
      series: ['2026-03-08', '2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13', '2026-03-14'].map((date, i) => ({
        date,
        values: { metaspend: i === 1 ? null : 100 + i * 10, metaroas: 2 },
      })),
    };
    summaries = { 'facebook-ads': [200, withSeries] };
    renderAt('/dashboard');
    const card = await screen.findByRole('region', { name: 'Last 7 Days' });
    const line = await within(card).findByRole('img', { name: 'Meta Spend trend: ₹100.00 on 8 Mar to ₹160.00 on 14 Mar' }, { timeout: 5000 });
    expect(line.querySelector('svg')).not.toBeNull();
    expect(within(card).getByRole('img', { name: 'Meta ROAS trend: 2.00x on 8 Mar to 2.00x on 14 Mar' })).toBeInTheDocument();
    // one day has no trend
    expect(within(screen.getByRole('region', { name: 'Yesterday' })).queryByRole('img')).not.toBeInTheDocument();
  });

  it("'Today' is a partial day, not 'Syncing'; a range running into today says today is left out", async () => {
    const today = structuredClone(facebookSummary);
    today.periods = { ...PERIODS, custom: days('2026-03-15', '2026-03-15', '2026-03-14', '2026-03-14') };
    (today.periodData as Record<string, unknown>).custom = { metaspend: metric(null, 160, null, null), metaroas: metric(null, 2, null, null) };
    summaries = { 'facebook-ads': [200, today] };
    renderAt('/dashboard?from=2026-03-15&to=2026-03-15');
    const card = await screen.findByRole('region', { name: 'Selected Range' });
    expect(within(card).getByText('Partial day')).toBeInTheDocument();
    expect(within(card).queryByText('Syncing')).not.toBeInTheDocument();
  });

  it('a range running into today shows its whole days and says today is left out', async () => {
    summaries = { 'facebook-ads': [200, facebookSummary] };
    renderAt('/dashboard?from=2026-03-01&to=2026-03-15');
    const card = await screen.findByRole('region', { name: 'Selected Range' });
    expect(card).toHaveTextContent('1 Mar 2026 – 14 Mar 2026 · vs 15 Feb 2026 – 28 Feb 2026 · today is left out until it has synced');
    // the fixed cards end yesterday anyway: nothing is left out of them
    expect(screen.getByRole('region', { name: 'Last 7 Days' })).not.toHaveTextContent('left out');
  });

  it("shows the Preparing screen when the connected sources answer 'No metrics data available yet'", async () => {
    const notReady = [409, { success: false, message: 'No metrics data available yet. Please try again later.', code: 'METRICS_NOT_READY' }] as [number, unknown];
    summaries = { 'facebook-ads': notReady, analytics: notReady };
    renderAt('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Preparing your dashboard...' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Yesterday' })).not.toBeInTheDocument();
  });

  it('a source whose history is still loading shows as syncing beside the ones with figures', async () => {
    summaries = { 'facebook-ads': [200, facebookSummary], analytics: [409, { success: false, message: 'No metrics data available yet. Please try again later.', code: 'METRICS_NOT_READY' }] };
    renderAt('/dashboard');
    const card = await screen.findByRole('region', { name: 'Yesterday' });
    const analytics = within(card).getByRole('region', { name: 'Google Analytics, Yesterday' });
    expect(within(analytics).getByText('Syncing')).toBeInTheDocument();
    expect(within(analytics).getAllByText('-').length).toBeGreaterThanOrEqual(7);
    expect(within(card).getByText('₹1,23,457')).toBeInTheDocument();
  });

  it('International formatting, once chosen, groups in thousands', async () => {
    localStorage.setItem('parallels.locale', 'en-US');
    const { localeStore } = await import('../../lib/locale');
    localeStore.reload();
    summaries = { 'facebook-ads': [200, facebookSummary] };
    renderAt('/dashboard');
    const yesterday = await screen.findByRole('region', { name: 'Yesterday' });
    expect(within(yesterday).getByText('₹123,457')).toBeInTheDocument();
    localStorage.clear();
    localeStore.reload();
  });
});
