import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { User } from '@parallels/contract/auth';
import type { Brand, Connection } from '@parallels/contract/brands';
import type { GooglePerformanceCategory, GoogleReportKey, GoogleReportResponse, GoogleReportRow } from '@parallels/contract/google-reports';
import type { SourceStatus } from '@parallels/contract/report-dates';
import { api, fail, sent, server, type Reply } from '../../../test/api';
import { sessionStore } from '../../lib/session-store';
import { tokenFlags } from '../../lib/token-flags';
import { AppProvider } from '../provider';
import { GoogleReportsRoute } from './google-reports';

const asha: User = { id: 'u1', username: 'Asha', email: 'asha@example.com', isAdmin: false, brands: ['b1'], loginCount: 3 };
const ready: SourceStatus = { state: 'ready', syncedThrough: '2026-03-14', lastSyncedAt: '2026-03-15T06:00:00.000Z', message: null };

const connection: Connection = { id: 'c1', platform: 'google_ads', accountId: '1111111111', accountName: 'Sarees India', managerId: null, status: 'active', statusMessage: null, syncState: 'fresh', backfillProgress: 1, lastSyncedAt: null, lastError: null };
const brand = (connections: Connection[]): Brand => ({ _id: 'b1', name: 'Sarees', currency: 'INR', timezone: 'Asia/Kolkata', shopifyAccount: null, fbAdAccounts: [], googleAdAccount: [], ga4Account: null, connections });

function row(label: string, cost: number, perCost: number, category: GoogleReportRow['category']): GoogleReportRow {
  return {
    key: label,
    label,
    details: { campaignName: 'Generic', adGroupName: 'Sarees', matchType: 'EXACT' },
    'Total Cost': cost,
    'Total Clicks': 10,
    'Total Impressions': 100,
    'Total Conversions': 1,
    'Total Conv. Value': cost * perCost,
    'Conv. Value / Cost': perCost,
    'Conversion Rate': 10,
    CTR: 10,
    'Avg. CPC': cost / 10,
    category,
    MonthlyData: [{ Month: '202603', Cost: cost, Clicks: 10, Impressions: 100, Conversions: 1, 'Conv. Value': cost * perCost, 'Conv. Value/ Cost': perCost, 'Conversion Rate': 10 }],
  };
}
const ROWS = [row('linen shirt', 200, 10, 'Top Performers'), row('cotton kurta', 144.67, 0.75, 'High Cost'), row('silk saree', 84, 5, 'Under Performers')];
const CATEGORIES = ['Top Performers', 'High Cost', 'High Conv. Value/Cost', 'Under Performers'] as const;
/** The server's paging, as the API does it: the chip narrows the rows, limit and offset cut the page, counts beside it. */
const answer = (key: GoogleReportKey, rows: GoogleReportRow[], body: Record<string, unknown> = {}): GoogleReportResponse => {
  const chosen = body.category ? rows.filter((r) => r.category === body.category) : rows;
  // the header sort, as the server does it: the asked field and direction (Total Cost, highest first, without)
  const by = (body.sortBy ?? 'Total Cost') as 'label' | 'Total Cost';
  const sign = (body.sortOrder ?? 'desc') === 'asc' ? 1 : -1;
  const matching = [...chosen].sort((a, b) => sign * (by === 'label' ? a.label.localeCompare(b.label) : (a[by] ?? 0) - (b[by] ?? 0)));
  const offset = Number(body.offset ?? 0);
  return {
  success: true,
  data: [
    {
      accountId: '1111111111',
      accountName: 'Sarees India',
      error: null,
      status: ready,
      totalRows: rows.length,
      matchingRows: matching.length,
      categoryCounts: Object.fromEntries(CATEGORIES.map((c) => [c, rows.filter((r) => r.category === c).length])) as Record<GooglePerformanceCategory, number>,
      offset,
      [key]: matching.slice(offset, offset + Number(body.limit ?? 100)),
    },
  ],
  range: { from: '2026-03-01', to: '2026-03-14' },
  months: ['202603'],
  status: ready,
  currency: 'INR',
  };
};

let brandAnswer: Brand;
/** The answer to POST /api/google/{report}/b1 with this body. */
let reportAnswer: (report: string, body: Record<string, unknown>) => GoogleReportResponse | Reply<GoogleReportResponse>;

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/google-reports/:brandId', element: <GoogleReportsRoute /> }], { initialEntries: [path] });
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
}
const bodiesOf = (report: string) => sent(`POST /api/google/${report}/b1`).map((r) => r.body as Record<string, unknown>);

describe('Google Ads reports', () => {
  // jsdom lays nothing out: give the scroll area a height and each row one, as a browser would
  beforeAll(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(41);
  });
  beforeEach(() => {
    brandAnswer = brand([connection]);
    reportAnswer = (report, body) => (report === 'searchTerm' ? answer('searchTerms', ROWS, body) : answer(report === 'age' ? 'ageRanges' : 'keywords', [], body));
    server.use(
      api('GET /api/brands/:brandId', () => brandAnswer),
      api('POST /api/google/:report/:brandId', ({ params, body }) => reportAnswer(params.report, (body ?? {}) as Record<string, unknown>)),
      api('POST /api/setup/google-accounts/:brandId', () => ({ success: true, clientAccounts: [] })),
      api('POST /api/setup/fb-ad-accounts/:brandId', () => ({ success: true, adAccounts: [] })),
      api('POST /api/setup/ga4-propertyIds/:brandId', () => ({ success: true, propertiesList: [] })),
    );
    sessionStore.signIn(asha);
    tokenFlags.clearAll();
  });
  afterEach(() => {
    sessionStore.clear();
  });

  it('Search Term tab: one card per account with its rows, totals and month columns; the request carries the range and user', async () => {
    renderAt('/google-reports/b1?from=2026-03-01&to=2026-03-14');
    const card = await screen.findByRole('region', { name: 'Sarees India' });
    expect(screen.getByRole('tab', { name: 'Search Term' })).toHaveAttribute('aria-selected', 'true');
    const table = within(card).getByRole('table');
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent?.replace(/[▲▼↕]/g, ''));
    expect(headers).toEqual(['Search Term', 'Campaign', 'Ad Group', 'Match Type', 'Total Cost', 'Conv. Value / Cost', 'Total Conv. Value', 'Total Conversions', 'Total Clicks', 'Conversion Rate', 'CTR', 'Avg. CPC', 'Mar-2026']);
    expect(within(table).getByText('linen shirt')).toBeInTheDocument();
    expect(within(table).getAllByText('₹200.00').length).toBeGreaterThan(0);
    // the cards open on each account's first 8 rows
    expect(bodiesOf('searchTerm')[0]).toEqual({ userId: 'u1', startDate: '2026-03-01', endDate: '2026-03-14', limit: 8, offset: 0 });
  });

  it('rows come from the server a page at a time: 8 on the card, the next ones asked for by account and offset', async () => {
    const many = Array.from({ length: 20 }, (_, i) => row(`term ${String(i + 1).padStart(2, '0')}`, 200 - i, 2, i % 2 ? 'High Cost' : 'Top Performers'));
    reportAnswer = (_report, body) => answer('searchTerms', many, body);
    const user = userEvent.setup();
    renderAt('/google-reports/b1?from=2026-03-01&to=2026-03-14');
    const card = await screen.findByRole('region', { name: 'Sarees India' });
    const rowsShown = () => within(within(card).getByRole('table')).queryAllByRole('row').slice(1).map((r) => r.textContent ?? '');
    expect(rowsShown()).toHaveLength(8);
    expect(within(card).getByText('Showing 1-8 of 20 rows')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Next page' }));
    await vi.waitFor(() => expect(rowsShown()[0]).toContain('term 09'));
    expect(bodiesOf('searchTerm').at(-1)).toEqual({ userId: 'u1', startDate: '2026-03-01', endDate: '2026-03-14', accountId: '1111111111', limit: 30, offset: 8 });
    expect(within(card).getByText('Showing 9-16 of 20 rows')).toBeInTheDocument();
  });

  it('header sort on the server: a click sorts ascending, the next descending, and the pages follow that order', async () => {
    const many = Array.from({ length: 20 }, (_, i) => row(`term ${String(i + 1).padStart(2, '0')}`, 100 + ((i * 7) % 20), 2, 'Top Performers'));
    reportAnswer = (_report, body) => answer('searchTerms', many, body);
    const user = userEvent.setup();
    renderAt('/google-reports/b1?from=2026-03-01&to=2026-03-14');
    const card = await screen.findByRole('region', { name: 'Sarees India' });
    const table = () => within(card).getByRole('table');
    const firstCells = () => within(table()).queryAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[0]!.textContent);
    const header = (name: string) => within(table()).getByRole('columnheader', { name: new RegExp(`^${name}`) });
    // the server's order to begin with: Total Cost, highest first (term 18 costs 119)
    expect(header('Total Cost')).toHaveAttribute('aria-sort', 'descending');
    expect(firstCells()[0]).toBe('term 18');
    // a click on the Search Term header: ascending, asked of the server for this account
    await user.click(within(table()).getByRole('button', { name: /^Search Term/ }));
    await vi.waitFor(() => expect(firstCells().slice(0, 3)).toEqual(['term 01', 'term 02', 'term 03']));
    expect(header('Search Term')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Total Cost')).not.toHaveAttribute('aria-sort');
    expect(bodiesOf('searchTerm').at(-1)).toEqual({ userId: 'u1', startDate: '2026-03-01', endDate: '2026-03-14', accountId: '1111111111', sortBy: 'label', sortOrder: 'asc', limit: 8, offset: 0 });
    // again: descending
    await user.click(within(table()).getByRole('button', { name: /^Search Term/ }));
    await vi.waitFor(() => expect(firstCells().slice(0, 3)).toEqual(['term 20', 'term 19', 'term 18']));
    expect(header('Search Term')).toHaveAttribute('aria-sort', 'descending');
    // the next page continues the same order
    await user.click(within(card).getByRole('button', { name: 'Next page' }));
    await vi.waitFor(() => expect(firstCells()[0]).toBe('term 12'));
    expect(bodiesOf('searchTerm').at(-1)).toEqual({ userId: 'u1', startDate: '2026-03-01', endDate: '2026-03-14', accountId: '1111111111', sortBy: 'label', sortOrder: 'desc', limit: 30, offset: 8 });
    // another column: ascending first (Total Cost, lowest first: term 01 costs 100), and back to the first page
    await user.click(within(table()).getByRole('button', { name: /^Total Cost/ }));
    await vi.waitFor(() => expect(firstCells()[0]).toBe('term 01'));
    expect(header('Total Cost')).toHaveAttribute('aria-sort', 'ascending');
    expect(within(card).getByText('Showing 1-8 of 20 rows')).toBeInTheDocument();
    expect(bodiesOf('searchTerm').at(-1)).toMatchObject({ sortBy: 'Total Cost', sortOrder: 'asc', offset: 0 });
  });

  it('tab search: only matching tabs, and the spec text when none match', async () => {
    const user = userEvent.setup();
    renderAt('/google-reports/b1?from=2026-03-01&to=2026-03-14');
    await screen.findByRole('region', { name: 'Sarees India' });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Search Term', 'Keyword', 'Age', 'Gender', 'Product']);
    const search = screen.getByRole('searchbox', { name: 'Search tabs' });
    await user.type(search, 'ag');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Age']);
    await user.clear(search);
    await user.type(search, 'zzz');
    expect(screen.queryAllByRole('tab')).toHaveLength(0);
    expect(screen.getByText('No tabs match your search')).toBeInTheDocument();
    await user.clear(search);
    // the keyboard: arrows move between tabs, End to the last
    screen.getByRole('tab', { name: 'Search Term' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Keyword' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Keyword' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Product' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Age' }));
    expect(await screen.findByText('No age data available for this account')).toBeInTheDocument();
  });

  it('performance chips ask the server for their category, clear on a second click, and an empty category shows nothing', async () => {
    const user = userEvent.setup();
    renderAt('/google-reports/b1?from=2026-03-01&to=2026-03-14');
    const card = await screen.findByRole('region', { name: 'Sarees India' });
    const chips = within(card).getByRole('group', { name: 'Performance categories' });
    expect(within(chips).getAllByRole('button').map((b) => b.textContent)).toEqual(['Top Performers (1)', 'High Cost (1)', 'High Conv. Value/Cost (0)', 'Under Performers (1)']);
    const rowsShown = () => within(within(card).getByRole('table')).queryAllByRole('row').slice(1).map((r) => r.textContent ?? '');
    await user.click(within(chips).getByRole('button', { name: 'High Cost (1)' }));
    await vi.waitFor(() => expect(rowsShown()).toHaveLength(1));
    expect(rowsShown()[0]).toContain('cotton kurta');
    expect(bodiesOf('searchTerm').at(-1)).toEqual({ userId: 'u1', startDate: '2026-03-01', endDate: '2026-03-14', accountId: '1111111111', category: 'High Cost', limit: 8, offset: 0 });
    await user.click(within(chips).getByRole('button', { name: 'High Cost (1)' }));
    await vi.waitFor(() => expect(rowsShown()).toHaveLength(3));
    await user.click(within(chips).getByRole('button', { name: 'High Conv. Value/Cost (0)' }));
    await vi.waitFor(() => expect(rowsShown()).toHaveLength(0));
    expect(within(card).getByText('No data matches the selected filter')).toBeInTheDocument();
  });

  it('column filter: a non-number is refused, a number is sent to the server', async () => {
    const user = userEvent.setup();
    renderAt('/google-reports/b1?from=2026-03-01&to=2026-03-14');
    await screen.findByRole('region', { name: 'Sarees India' });
    await user.click(screen.getByRole('button', { name: 'Filter Sarees India' }));
    const dialog = await screen.findByRole('dialog', { name: 'Column filter' });
    await user.type(within(dialog).getByLabelText('Value'), 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter a valid value');
    await user.clear(within(dialog).getByLabelText('Value'));
    await user.type(within(dialog).getByLabelText('Value'), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await vi.waitFor(() => expect(bodiesOf('searchTerm').at(-1)).toEqual({ userId: 'u1', startDate: '2026-03-01', endDate: '2026-03-14', costFilter: { value: 100, operator: '>' }, limit: 8, offset: 0 }));
    await user.click(screen.getByRole('button', { name: /Filter Sarees India/ }));
    const again = await screen.findByRole('dialog', { name: 'Column filter' });
    await user.selectOptions(within(again).getByLabelText('Column'), 'Conv. Value / Cost');
    await user.selectOptions(within(again).getByLabelText('Operator'), '<=');
    await user.type(within(again).getByLabelText('Value'), '2.5');
    await user.click(within(again).getByRole('button', { name: 'Apply' }));
    await vi.waitFor(() => expect(bodiesOf('searchTerm').at(-1)).toMatchObject({ costFilter: { value: 100, operator: '>' }, convValuePerCostFilter: { value: 2.5, operator: '<=' } }));
    expect(await screen.findByText('Filtered: Total Cost > 100, Conv. Value / Cost <= 2.5')).toBeInTheDocument();
  });

  it('per-account error, the expired-connection sentence, and the connect flow without a Google Ads account', async () => {
    reportAnswer = () => fail(403, { success: false, code: 'TOKEN_EXPIRED', platform: 'google_ads', message: 'expired', stale: { ...answer('searchTerms', ROWS), data: [{ ...answer('searchTerms', ROWS).data[0]!, error: 'The last sync failed: quota' }] } });
    renderAt('/google-reports/b1?from=2026-03-01&to=2026-03-14');
    expect(await screen.findByText(/Looks like we need to refresh your Google Ads connection to optimize your campaigns\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect Google Ads' })).toBeInTheDocument();
    expect(screen.getByText('Error: The last sync failed: quota')).toBeInTheDocument();
  });

  it('a brand without Google Ads shows the connect flow, and calls no report', async () => {
    brandAnswer = brand([]);
    renderAt('/google-reports/b1?from=2026-03-01&to=2026-03-14');
    expect(await screen.findByText('No Google Ad Account connected for this brand.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect Google Ads' })).toBeInTheDocument();
    expect(bodiesOf('searchTerm')).toHaveLength(0);
  });
});
