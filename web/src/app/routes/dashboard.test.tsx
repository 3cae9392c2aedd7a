import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { User } from '@parallels/contract/auth';
import type { SourceStatus } from '@parallels/contract/report-dates';
import type { SummaryResponse, SummarySource } from '@parallels/contract/summary';
import { api, fail, server, type Resolver } from '../../../test/api';
import { sessionStore } from '../../lib/session-store';
import { AppProvider } from '../provider';
import { RootLayout } from '../root-layout';
import { AppShell } from '../layout/app-shell';
import { DashboardRoute } from './dashboard';

const asha: User = { id: 'u1', username: 'Asha', email: 'asha@example.com', isAdmin: false, brands: ['b1'], loginCount: 3 };

const days = (from: string, to: string, previousFrom: string, previousTo: string) => ({ from, to, previousFrom, previousTo });
const PERIODS = {
  yesterday: days('2026-03-14', '2026-03-14', '2026-03-13', '2026-03-13'),
  last7Days: days('2026-03-08', '2026-03-14', '2026-03-01', '2026-03-07'),
  last30Days: days('2026-02-13', '2026-03-14', '2026-01-14', '2026-02-12'),
  custom: days('2026-03-01', '2026-03-14', '2026-02-15', '2026-02-28'),
};
const metric = (current: number | null, previous: number | null, change: number | null, trend: 'up' | 'down' | null) => ({ current, previous, change, trend });
/** The same figures for each of the periods (PERIODS' keys). */
const eachPeriod = <T,>(figures: () => T) => ({ yesterday: figures(), last7Days: figures(), last30Days: figures(), custom: figures() });
const ready: SourceStatus = { state: 'ready', syncedThrough: '2026-03-14', lastSyncedAt: '2026-03-15T06:00:00.000Z', message: null };
const facebookSummary: SummaryResponse = {
  success: true,
  periods: PERIODS,
  status: ready,
  currency: 'INR',
  today: '2026-03-15',
  periodData: eachPeriod(() => ({ metaspend: metric(123456.78, 100000, 23.46, 'up'), metaroas: metric(2.5, 3, -16.67, 'down') })),
};
const notConnected: SummaryResponse = { success: true, periods: PERIODS, status: { state: 'not_connected', syncedThrough: null, lastSyncedAt: null, message: null }, currency: 'INR', today: '2026-03-15', periodData: null };
type SummaryAnswer = Resolver<'POST /api/summary/:source/:brandId'>;
/** Each source's answer; a source not listed is not connected. */
let summaries: Partial<Record<SummarySource, SummaryAnswer>> = {};
const summaryHandler = () => api('POST /api/summary/:source/:brandId', (info) => (summaries[info.params.source as SummarySource] ?? (() => notConnected))(info));
const notReady: SummaryAnswer = () => fail(409, { success: false, message: 'No metrics data available yet. Please try again later.', code: 'METRICS_NOT_READY' });

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
    // the user, their brand (Sun_Kissed) and the session check: the default handlers
    server.use(
      api('POST /api/setup/google-accounts/:brandId', () => ({ success: true, clientAccounts: [{ name: 'Sun Kissed US', clientId: '1111111111', managerId: '', hidden: false }] })),
      api('POST /api/setup/ga4-propertyIds/:brandId', () => ({ success: true, propertiesList: [{ propertyId: '501', propertyName: 'Sun Kissed Web' }] })),
      api('POST /api/setup/fb-ad-accounts/:brandId', () => ({ success: true, adAccounts: [{ id: 'act_1', adname: 'Sun Kissed Main' }] })),
      summaryHandler(),
    );
    sessionStore.signIn(asha);
    summaries = {};
  });
  afterEach(() => {
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
    server.use(summaryHandler());
    sessionStore.signIn(asha);
    localStorage.clear();
  });
  afterEach(() => {
    sessionStore.clear();
  });

  it('shows the three period cards (and the selected range) with values rounded, grouped the Indian way, and their change', async () => {
    summaries = { 'facebook-ads': () => facebookSummary, 'google-ads': () => notConnected, analytics: () => fail(500, { success: false, message: 'Something went wrong on our side.' }) };
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
    summaries = { 'facebook-ads': () => syncing };
    renderAt('/dashboard');
    const card = await screen.findByRole('region', { name: 'Last 30 Days' });
    expect(within(card).getByText('Syncing')).toBeInTheDocument();
    expect(within(card).getAllByText('-').length).toBeGreaterThanOrEqual(2);
    expect(within(card).queryByText('₹0')).not.toBeInTheDocument();
  });

  it('a store-only brand sees its sales, orders, average order value, returns and blended ROAS, not "No data found"', async () => {
    const store: SummaryResponse = {
      ...facebookSummary,
      currency: 'USD',
      periodData: eachPeriod(() => ({
        totalSales: metric(112875, 100000, 12.88, 'up'),
        orders: metric(250, 200, 25, 'up'),
        averageOrderValue: metric(451.5, 500, -9.7, 'down'),
        returns: metric(1200, 1000, 20, 'up'),
        blendedRoas: metric(null, null, null, null),
      })),
    };
    summaries = { shopify: () => store };
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
    const withSeries: SummaryResponse = {
      ...facebookSummary,
      series: ['2026-03-08', '2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13', '2026-03-14'].map((date, i) => ({
        date,
        values: { metaspend: i === 1 ? null : 100 + i * 10, metaroas: 2 },
      })),
    };
    summaries = { 'facebook-ads': () => withSeries };
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
    summaries = { 'facebook-ads': () => today };
    renderAt('/dashboard?from=2026-03-15&to=2026-03-15');
    const card = await screen.findByRole('region', { name: 'Selected Range' });
    expect(within(card).getByText('Partial day')).toBeInTheDocument();
    expect(within(card).queryByText('Syncing')).not.toBeInTheDocument();
  });

  it('a range running into today shows its whole days and says today is left out', async () => {
    summaries = { 'facebook-ads': () => facebookSummary };
    renderAt('/dashboard?from=2026-03-01&to=2026-03-15');
    const card = await screen.findByRole('region', { name: 'Selected Range' });
    expect(card).toHaveTextContent('1 Mar 2026 – 14 Mar 2026 · vs 15 Feb 2026 – 28 Feb 2026 · today is left out until it has synced');
    // the fixed cards end yesterday anyway: nothing is left out of them
    expect(screen.getByRole('region', { name: 'Last 7 Days' })).not.toHaveTextContent('left out');
  });

  it("shows the Preparing screen when the connected sources answer 'No metrics data available yet'", async () => {
    summaries = { 'facebook-ads': notReady, analytics: notReady };
    renderAt('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Preparing your dashboard...' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Yesterday' })).not.toBeInTheDocument();
  });

  it('a source whose history is still loading shows as syncing beside the ones with figures', async () => {
    summaries = { 'facebook-ads': () => facebookSummary, analytics: notReady };
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
    summaries = { 'facebook-ads': () => facebookSummary };
    renderAt('/dashboard');
    const yesterday = await screen.findByRole('region', { name: 'Yesterday' });
    expect(within(yesterday).getByText('₹123,457')).toBeInTheDocument();
    localStorage.clear();
    localeStore.reload();
  });
});
