import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { User } from '@parallels/contract/auth';
import { passesConversionFilter, PERFORMANCE_CATEGORIES, type ConversionColumnFilter, type ConversionReport, type ConversionReportCall, type PerformanceCategory } from '@parallels/contract/analytics';
import type { Brand } from '@parallels/contract/brands';
import type { SourceStatus } from '@parallels/contract/report-dates';
import { api, fail, sent, server, type Resolver } from '../../../test/api';
import type * as ExportXlsx from '../../components/report-table/export-xlsx';
import { sessionStore } from '../../lib/session-store';
import { AppProvider } from '../provider';
import { ConversionReportsRoute } from './conversion-reports';

const exported = vi.hoisted(() => vi.fn(async (spec: { fileName: string; rows: Array<{ value: string }> }) => void spec));
vi.mock('../../components/report-table/export-xlsx', async (original) => ({ ...(await original<typeof ExportXlsx>()), exportXlsx: exported }));

const asha: User = { id: 'u1', username: 'Asha', email: 'asha@example.com', isAdmin: false, brands: ['b1'], loginCount: 3 };
const ready: SourceStatus = { state: 'ready', syncedThrough: '2026-03-14', lastSyncedAt: '2026-03-15T06:00:00.000Z', message: null };
const brand = (ga4: boolean): Brand => ({ _id: 'b1', name: 'B', currency: 'INR', timezone: 'Asia/Kolkata', shopifyAccount: null, fbAdAccounts: [], googleAdAccount: [], ga4Account: ga4 ? { PropertyID: '300000001' } : null, connections: [] });

function report(call: ConversionReportCall, key: string, values: Array<[string, ConversionReport['data'][number]['category']]>, body?: unknown): ConversionReport {
  return paged(fullReport(call, key, values), body);
}

/** The server's paging (decision 014) over a whole answer: the body's category, then its page of pageSize rows. */
function paged(full: ConversionReport, body: unknown): ConversionReport {
  const asked = (body ?? {}) as { page?: number; pageSize?: 50 | 100 | 200 | 'all'; category?: PerformanceCategory; filters?: ConversionColumnFilter[] };
  const cell = (r: ConversionReport['data'][number], columnId: string) =>
    columnId === 'totalSessions' ? r['Total Sessions'] : columnId === 'avgConvRate' ? r['Avg Conv. Rate'] : columnId === 'dimension' ? String(r[full.dimensionKey]) : (r.MonthlyData.find((m) => `m-${m.Month}` === columnId)?.Sessions ?? null);
  const passing = full.data.filter((r) => (asked.filters ?? []).every((f) => passesConversionFilter(cell(r, f.columnId), f)));
  const matching = asked.category ? passing.filter((r) => r.category === asked.category) : passing;
  const pageSize = asked.page === undefined && asked.pageSize === undefined ? 'all' : (asked.pageSize ?? 50);
  const page = pageSize === 'all' ? 1 : (asked.page ?? 1);
  const data = pageSize === 'all' ? matching : matching.slice((page - 1) * pageSize, page * pageSize);
  const categoryCounts = Object.fromEntries(PERFORMANCE_CATEGORIES.map((c) => [c, passing.filter((r) => r.category === c).length])) as ConversionReport['categoryCounts'];
  return { ...full, data, totalRows: full.data.length, matchingRows: matching.length, categoryCounts, page, pageSize };
}

function fullReport(call: ConversionReportCall, key: string, values: Array<[string, ConversionReport['data'][number]['category']]>): ConversionReport {
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
    totalRows: values.length,
    matchingRows: values.length,
    categoryCounts: { 'Top Performers': 0, 'High Sessions': 0, 'High Conv. Rate': 0, 'Under Performers': 0 },
    page: 1,
    pageSize: 'all',
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
    answer = ({ params, body }) =>
      params.call === 'ageConversionReport'
        ? report('ageConversionReport', 'Age', [['25-34', 'Top Performers'], ['18-24', 'High Sessions'], ['(other)', 'Under Performers']], body)
        : report('countryConversionReport', 'Country', [['India', 'Top Performers']], body);
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
    // the first page of 50 (decision 014, paged on the server)
    expect(analyticsCalls()[0]!.body).toEqual({ startDate: '2026-02-01', endDate: '2026-03-14', page: 1, pageSize: 50 });
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

  it('pages on the server: one page at a time, the last page alone, category, rows per page and sort start the list over', async () => {
    const user = userEvent.setup();
    const tones = ['Top Performers', 'High Sessions', 'High Conv. Rate', 'Under Performers'] as const;
    const values = Array.from({ length: 120 }, (_, i): [string, PerformanceCategory] => [`v${String(i).padStart(3, '0')}`, tones[i % 4]!]);
    answer = ({ body }) => report('ageConversionReport', 'Age', values, body);
    const pagesAsked = () => analyticsCalls().map((r) => r.body as Record<string, unknown>);
    renderAt('/conversion-reports/b1?from=2026-02-01&to=2026-03-14');
    const table = await screen.findByRole('table', { name: 'Age conversion report' });
    expect(screen.getByText('Showing 1-50 of 120 rows')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(pagesAsked()).toEqual([{ startDate: '2026-02-01', endDate: '2026-03-14', page: 1, pageSize: 50 }]);
    // the header averages are the server's (over every row), whatever page is shown
    expect(within(table).getByText('Avg: 850')).toBeInTheDocument();

    // the last page from page 1: that page alone, not the pages between
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(await screen.findByText('Showing 101-120 of 120 rows')).toBeInTheDocument();
    expect(await within(table).findByRole('row', { name: /^v119/ })).toBeInTheDocument();
    expect(within(table).queryByRole('row', { name: /^v000/ })).not.toBeInTheDocument();
    expect(pagesAsked().map((b) => b.page)).toEqual([1, 3]);
    // the page before it: just past page 1, so the next of the pages in order
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByText('Showing 51-100 of 120 rows')).toBeInTheDocument();
    expect(await within(table).findByRole('row', { name: /^v050/ })).toBeInTheDocument();
    expect(pagesAsked().map((b) => b.page)).toEqual([1, 3, 2]);
    // back to page 1: already loaded, nothing asked
    await user.click(screen.getByRole('button', { name: 'First page' }));
    expect(await screen.findByText('Showing 1-50 of 120 rows')).toBeInTheDocument();
    expect(await within(table).findByRole('row', { name: /^v000/ })).toBeInTheDocument();
    expect(pagesAsked()).toHaveLength(3);

    // a category: its first page, the counts per category from the server, the total of every row
    expect(screen.getByRole('option', { name: 'Top Performers (30)' })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'High Sessions');
    expect(await screen.findByText('Showing 1-30 of 30 rows')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    expect(screen.getByText('(Filtered from 120 total rows)')).toBeInTheDocument();
    expect(pagesAsked().at(-1)).toEqual({ startDate: '2026-02-01', endDate: '2026-03-14', category: 'High Sessions', page: 1, pageSize: 50 });
    expect(within(table).queryByRole('row', { name: /^v000/ })).not.toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /^v001/ })).toBeInTheDocument();

    // rows per page: pages of that size from page 1
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), '');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '100');
    expect(await screen.findByText('Showing 1-100 of 120 rows')).toBeInTheDocument();
    expect(pagesAsked().at(-1)).toEqual({ startDate: '2026-02-01', endDate: '2026-03-14', page: 1, pageSize: 100 });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), 'all');
    expect(await screen.findByText('Showing 1-120 of 120 rows')).toBeInTheDocument();
    expect(pagesAsked().at(-1)).toEqual({ startDate: '2026-02-01', endDate: '2026-03-14', page: 1, pageSize: 'all' });

    // a header click sorts on the server
    await user.click(within(table).getByRole('button', { name: /^Avg Conv\. Rate/ }));
    await waitFor(() => expect(pagesAsked().at(-1)).toEqual({ startDate: '2026-02-01', endDate: '2026-03-14', sortBy: 'avgConvRate', sortOrder: 'asc', page: 1, pageSize: 'all' }));
    // many clicks and server pages: slow on the shared 2 cores
  }, 60_000);

  it('the filter popover filters on the server: its filters sent, the pages of what passes, the total of every row', async () => {
    const user = userEvent.setup();
    const values = Array.from({ length: 120 }, (_, i): [string, PerformanceCategory] => [`v${String(i).padStart(3, '0')}`, 'Top Performers']);
    answer = ({ body }) => report('ageConversionReport', 'Age', values, body);
    renderAt('/conversion-reports/b1?from=2026-02-01&to=2026-03-14');
    await screen.findByRole('table', { name: 'Age conversion report' });
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Showing 51-100 of 120 rows')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await user.selectOptions(screen.getByLabelText('Column'), 'totalSessions');
    await user.type(screen.getByLabelText('Value'), '0');
    await user.click(screen.getByRole('button', { name: 'Add Filter' }));
    // Total Sessions 1000, 900, ... : ten rows above 0
    expect(await screen.findByText('Showing 1-10 of 10 rows')).toBeInTheDocument();
    expect(screen.getByText('Filtered')).toBeInTheDocument();
    expect(screen.getByText('(Filtered from 120 total rows)')).toBeInTheDocument();
    expect(analyticsCalls().at(-1)!.body).toEqual({ startDate: '2026-02-01', endDate: '2026-03-14', filters: [{ columnId: 'totalSessions', operator: '>', value: '0' }], page: 1, pageSize: 50 });
    // with the category too, nothing left: the category's empty text
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Under Performers');
    expect(await screen.findByText('Oops! No data available for this category')).toBeInTheDocument();
    // many clicks and server pages: slow on the shared 2 cores
  }, 60_000);

  it('the Excel export asks for every row of the list (the category, no page)', async () => {
    const user = userEvent.setup();
    renderAt('/conversion-reports/b1?from=2026-02-01&to=2026-03-14');
    await screen.findByRole('table', { name: 'Age conversion report' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Top Performers');
    await screen.findByText('(Filtered from 3 total rows)');
    await user.click(screen.getByRole('button', { name: 'Export the Age report to Excel' }));
    await waitFor(() => expect(exported).toHaveBeenCalledTimes(1));
    expect(analyticsCalls().at(-1)!.body).toEqual({ startDate: '2026-02-01', endDate: '2026-03-14', category: 'Top Performers' });
    const spec = exported.mock.calls[0]![0];
    expect(spec.fileName).toBe('Age_Conversion_Report.xlsx');
    expect(spec.rows.map((l) => l.value)).toEqual(['25-34', '25-34']);
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
