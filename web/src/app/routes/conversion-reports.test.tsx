import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { User } from '@parallels/contract/auth';
import type { ConversionReport, ConversionReportCall } from '@parallels/contract/analytics';
import type { Brand } from '@parallels/contract/brands';
import type { SourceStatus } from '@parallels/contract/report-dates';
import { api, fail, sent, server, type Resolver } from '../../../test/api';
import { sessionStore } from '../../lib/session-store';
import { AppProvider } from '../provider';
import { ConversionReportsRoute } from './conversion-reports';

const asha: User = { id: 'u1', username: 'Asha', email: 'asha@example.com', isAdmin: false, brands: ['b1'], loginCount: 3 };
const ready: SourceStatus = { state: 'ready', syncedThrough: '2026-03-14', lastSyncedAt: '2026-03-15T06:00:00.000Z', message: null };
const brand = (ga4: boolean): Brand => ({ _id: 'b1', name: 'B', currency: 'INR', timezone: 'Asia/Kolkata', shopifyAccount: null, fbAdAccounts: [], googleAdAccount: [], ga4Account: ga4 ? { PropertyID: '300000001' } : null, connections: [] });

function report(call: ConversionReportCall, key: string, values: Array<[string, ConversionReport['data'][number]['category']]>): ConversionReport {
  return {
    success: true,
    report: call,
    dimensionKey: key,
    data: values.map(([value, category], i) => ({
      [key]: value,
      'Total Sessions': 1000 - i * 100,
      'Avg Conv. Rate': 2.5,
      'Total Purchases': 25 - i,
      MonthlyData: [
        { Month: '202603', Sessions: 400 - i, 'Conv. Rate': 3.125, Purchases: 12, tone: 'positive' },
        { Month: '202602', Sessions: 600, 'Conv. Rate': 2.1666, Purchases: 13, tone: 'neutral-up' },
      ],
      category,
      note: value === '(other)' ? 'GA4 grouped rare values of this dimension into (other); their figures are GA4\'s own.' : null,
    })),
    months: ['202603', '202602'],
    averages: { totalSessions: 850, convRate: 2.4567, monthlySessions: 500, monthlyConvRate: 2.5 },
    notice: null,
    range: { from: '2026-02-01', to: '2026-03-14' },
    status: ready,
  };
}

let hasGa4 = true;
let answer: Resolver<'POST /api/analytics/:call/:brandId'>;

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/conversion-reports/:brandId/*', element: <ConversionReportsRoute /> }], { initialEntries: [path] });
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
}

const analyticsCalls = () => sent().filter((r) => r.path.startsWith('/api/analytics/'));
const calls = () => analyticsCalls().map((r) => r.path);

describe('Conversion Reports', () => {
  beforeAll(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(41);
  });
  beforeEach(() => {
    hasGa4 = true;
    answer = ({ params }) =>
      params.call === 'ageConversionReport'
        ? report('ageConversionReport', 'Age', [['25-34', 'Top Performers'], ['18-24', 'High Sessions'], ['(other)', 'Under Performers']])
        : report('countryConversionReport', 'Country', [['India', 'Top Performers']]);
    server.use(
      api('POST /api/analytics/:call/:brandId', (info) => answer(info)),
      api('GET /api/brands/:brandId', () => brand(hasGa4)),
    );
    sessionStore.signIn(asha);
  });
  afterEach(() => {
    sessionStore.clear();
  });

  it('opens on Age: months newest first, month cells with rate and purchases, the header averages', async () => {
    renderAt('/conversion-reports/b1?from=2026-02-01&to=2026-03-14');
    const table = await screen.findByRole('table', { name: 'Age conversion report' });
    expect(screen.getByRole('tab', { name: 'Age' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Age', 'Gender', 'Interest', 'Device', 'Operating System', 'Browser', 'Source', 'Channel', 'Campaign', 'Country', 'City', 'Region', 'Landing Page', 'Page Path', 'Page Title',
    ]);
    const headers = within(table).getAllByRole('columnheader').map((h) => within(h).getByRole('button').textContent?.replace(/[↕▲▼]/g, ''));
    expect(headers).toEqual(['Age', 'Total Sessions', 'Avg Conv. Rate', 'Mar-2026', 'Feb-2026']);
    expect(within(table).getByText('Avg: 850')).toBeInTheDocument();
    expect(within(table).getByText('Avg: 2.46%')).toBeInTheDocument();
    const row = within(table).getByRole('row', { name: /^25-34/ });
    expect(within(row).getByText('Total Purchases: 25')).toBeInTheDocument();
    expect(within(row).getByText('3.13%')).toBeInTheDocument();
    expect(within(row).getAllByText('Purchases: 12')).toHaveLength(1);
    expect(within(table).getByText(/GA4 grouped rare values/)).toBeInTheDocument();
    expect(screen.getByText('Showing 1-3 of 3 rows')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    expect(calls()[0]).toBe('/api/analytics/ageConversionReport/b1');
    expect(analyticsCalls()[0]!.body).toEqual({ startDate: '2026-02-01', endDate: '2026-03-14' });
  });

  it('the category filter shows the Filtered badge and the total, or the category empty text', async () => {
    const user = userEvent.setup();
    renderAt('/conversion-reports/b1?from=2026-02-01&to=2026-03-14');
    await screen.findByRole('table', { name: 'Age conversion report' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'High Sessions');
    expect(screen.getByText('Filtered')).toBeInTheDocument();
    expect(screen.getByText('(Filtered from 3 total rows)')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /^18-24/ })).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /^25-34/ })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'High Conv. Rate');
    expect(screen.getByText('Oops! No data available for this category')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export the Age report to Excel' })).toBeDisabled();
  });

  it('switching tab loads that dimension and clears the filter', async () => {
    const user = userEvent.setup();
    renderAt('/conversion-reports/b1?from=2026-02-01&to=2026-03-14');
    await screen.findByRole('table', { name: 'Age conversion report' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'High Sessions');
    await user.click(screen.getByRole('tab', { name: 'Country' }));
    const table = await screen.findByRole('table', { name: 'Country conversion report' });
    expect(within(table).getByRole('row', { name: /^India/ })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('');
    expect(screen.queryByText('Filtered')).not.toBeInTheDocument();
    expect(calls()).toContain('/api/analytics/countryConversionReport/b1');
  });

  it('no GA4 property: the connect flow instead of the table', async () => {
    hasGa4 = false;
    renderAt('/conversion-reports/b1/demographics?from=2026-02-01&to=2026-03-14');
    expect(await screen.findByRole('heading', { name: 'Connect Google Analytics' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect Google Analytics' })).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  it('a token problem: the Connect Google Analytics prompt with the spec sentence over the last synced rows', async () => {
    answer = () => fail(403, { success: false, code: 'TOKEN_EXPIRED', platform: 'ga4', message: 'Reconnect Google Analytics', stale: report('ageConversionReport', 'Age', [['25-34', 'Top Performers']]) });
    renderAt('/conversion-reports/b1?from=2026-02-01&to=2026-03-14');
    const prompt = await screen.findByRole('region', { name: 'Connect Google Analytics' });
    expect(within(prompt).getByText('We need access to your Google Analytics account to show you amazing insights about your website performance.')).toBeInTheDocument();
    expect(within(prompt).getByRole('button', { name: 'Connect Google Analytics' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /^25-34/ })).toBeInTheDocument();
  });

  it('no rows: No data to display and the export disabled; a failed fetch ends in the empty table', async () => {
    answer = () => ({ ...report('ageConversionReport', 'Age', []), months: [] });
    renderAt('/conversion-reports/b1?from=2026-02-01&to=2026-03-14');
    expect(await screen.findByText('No data to display')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export the Age report to Excel' })).toBeDisabled();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answer = () => fail(500, { success: false, message: 'boom' });
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Gender' }));
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(await screen.findByText('No data to display')).toBeInTheDocument();
    error.mockRestore();
  });
});
