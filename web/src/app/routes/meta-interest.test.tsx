import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { User } from '@parallels/contract/auth';
import type { Brand } from '@parallels/contract/brands';
import type { InterestMetric, MetaInterestResponse } from '@parallels/contract/meta-interest';
import type { SourceStatus } from '@parallels/contract/report-dates';
import { api, bodyOf, fail, malformed, server, type Resolver } from '../../../test/api';
import { sessionStore } from '../../lib/session-store';
import { localeStore } from '../../lib/locale';
import { AppProvider } from '../provider';
import { MetaInterestRoute } from './meta-interest';

const asha: User = { id: 'u1', username: 'Asha', email: 'asha@example.com', isAdmin: false, brands: ['b1'], loginCount: 3 };
const ready: SourceStatus = { state: 'ready', syncedThrough: '2026-03-14', lastSyncedAt: '2026-03-15T06:00:00.000Z', message: null };
const brand: Brand = { _id: 'b1', name: 'B', currency: 'INR', timezone: 'Asia/Kolkata', shopifyAccount: null, fbAdAccounts: ['act_1', 'act_2'], googleAdAccount: [], ga4Account: null, connections: [] };
const m = (id: string, name: string, spend: number, revenue: number): InterestMetric => ({ InterestId: id, Interest: name, Spend: spend, Revenue: revenue, Roas: spend === 0 ? 0 : revenue / spend });
const report: MetaInterestResponse = {
  success: true,
  data: {
    resultsByAccount: {
      act_1: { account_name: 'Main account', status: ready, interestMetrics: [m('i2', 'Hiking', 154, 364), m('i1', 'Running', 70, 280)] },
      act_2: { account_name: 'Second account', status: ready, interestMetrics: [] },
    },
    blendedSummary: [
      { ...m('i2', 'Hiking', 154, 364), accounts: ['Main account'] },
      { ...m('i1', 'Running', 84, 322), accounts: ['Main account', 'Second account', 'Third', 'Fourth'] },
      { ...m('i5', 'Chess', 0, 0), accounts: [] },
    ],
  },
  range: { from: '2026-03-01', to: '2026-03-14' },
  status: ready,
  currency: 'INR',
};
let answer: Resolver<'POST /api/meta/interest/:brandId'>;

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/meta-interest/:brandId', element: <MetaInterestRoute /> }], { initialEntries: [path] });
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
}

const firstCells = (name: string) => within(screen.getByRole('table', { name })).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[0]!.textContent);
const blendedSection = () => screen.getByRole('region', { name: 'Blended interests' });

describe('Meta interest analysis', () => {
  beforeAll(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(41);
  });
  beforeEach(() => {
    localeStore.set('en-IN');
    answer = () => report;
    server.use(
      api('POST /api/meta/interest/:brandId', (info) => answer(info)),
      api('GET /api/brands/:brandId', () => brand),
    );
    sessionStore.signIn(asha);
  });
  afterEach(() => {
    sessionStore.clear();
  });

  it('the blended table with accounts (2 names then +N more, - when none) and a table per account with interests; the attribution is stated', async () => {
    renderAt('/meta-interest/b1?from=2026-03-01&to=2026-03-14');
    const blended = await screen.findByRole('table', { name: 'Blended interests' });
    const headers = within(blended).getAllByRole('columnheader').map((h) => h.textContent?.replace(/[▲▼↕]/g, ''));
    expect(headers).toEqual(['Interest', 'Spend', 'Revenue', 'Roas', 'Accounts']);
    const rows = within(blended).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows).toEqual([
      ['Hiking', '₹154.00', '₹364.00', '2.36x', 'Main account'],
      ['Running', '₹84.00', '₹322.00', '3.83x', 'Main account, Second account +2 more'],
      ['Chess', '₹0.00', '₹0.00', '0.00x', '-'],
    ]);
    expect(firstCells('Main account interests')).toEqual(['Hiking', 'Running']);
    // an account without interests has no table
    expect(screen.queryByRole('table', { name: 'Second account interests' })).not.toBeInTheDocument();
    expect(screen.getByText(/split equally among them/)).toBeInTheDocument();
    expect(bodyOf('POST /api/meta/interest/b1')).toEqual({ startDate: '2026-03-01', endDate: '2026-03-14' });
  });

  it('filter rules: value required, numeric unless Interest, first column and > by default, = as case-insensitive text, ANDed, cleared and closed after adding', async () => {
    renderAt('/meta-interest/b1?from=2026-03-01&to=2026-03-14');
    await screen.findByRole('table', { name: 'Blended interests' });
    const section = blendedSection();
    await userEvent.click(within(section).getByRole('button', { name: 'Filter' }));
    let popover = screen.getByRole('dialog', { name: 'Filters' });
    expect(within(popover).getByLabelText('Column')).toHaveValue('Interest');
    expect(within(popover).getByLabelText('Operator')).toHaveValue('>');
    expect(within(within(popover).getByLabelText('Operator')).getAllByRole('option').map((o) => o.textContent).sort()).toEqual(['<', '<=', '=', '>', '>='].sort());
    // an empty value is not added
    await userEvent.click(within(popover).getByRole('button', { name: 'Add Filter' }));
    expect(within(popover).getByRole('alert')).toHaveTextContent('Enter a value');
    // Spend needs a number
    await userEvent.selectOptions(within(popover).getByLabelText('Column'), 'Spend');
    await userEvent.type(within(popover).getByLabelText('Value'), 'lots');
    await userEvent.click(within(popover).getByRole('button', { name: 'Add Filter' }));
    expect(within(popover).getByRole('alert')).toHaveTextContent('Please enter a valid value');
    await userEvent.clear(within(popover).getByLabelText('Value'));
    await userEvent.type(within(popover).getByLabelText('Value'), '0');
    await userEvent.click(within(popover).getByRole('button', { name: 'Add Filter' }));
    expect(screen.queryByRole('dialog', { name: 'Filters' })).not.toBeInTheDocument();
    expect(firstCells('Blended interests')).toEqual(['Hiking', 'Running']);
    // '=' on Interest compares text, case-insensitively; filters are ANDed
    await userEvent.click(within(section).getByRole('button', { name: /Filter/ }));
    popover = screen.getByRole('dialog', { name: 'Filters' });
    expect(within(popover).getByLabelText('Value')).toHaveValue('');
    await userEvent.selectOptions(within(popover).getByLabelText('Column'), 'Interest');
    await userEvent.selectOptions(within(popover).getByLabelText('Operator'), '=');
    await userEvent.type(within(popover).getByLabelText('Value'), 'running{Enter}');
    expect(firstCells('Blended interests')).toEqual(['Running']);
    expect(within(section).getByLabelText('2 active')).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: /Filter/ }));
    popover = screen.getByRole('dialog', { name: 'Filters' });
    expect(within(popover).getByText('Active Filters')).toBeInTheDocument();
    await userEvent.click(within(popover).getByRole('button', { name: 'Remove filter Interest = running' }));
    expect(firstCells('Blended interests')).toEqual(['Hiking', 'Running']);
    await userEvent.click(within(popover).getByRole('button', { name: 'Clear All' }));
    expect(firstCells('Blended interests')).toEqual(['Hiking', 'Running', 'Chess']);
  });

  it('no interests at all: the spec’s empty text', async () => {
    answer = () => ({ ...report, data: { resultsByAccount: {}, blendedSummary: [] } });
    renderAt('/meta-interest/b1?from=2026-03-01&to=2026-03-14');
    expect(await screen.findByText('No interest data available. Please try adjusting your date range.')).toBeInTheDocument();
  });

  it('errors in red with Retry: API Error with the server message, or the structure message', async () => {
    answer = () => fail(500, { success: false, message: 'Database unavailable' });
    renderAt('/meta-interest/b1?from=2026-03-01&to=2026-03-14');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('API Error: Database unavailable');
    answer = () => malformed(200, { success: true });
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Invalid data structure received from API')).toBeInTheDocument();
    answer = () => report;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Blended interests' })).toBeInTheDocument();
  });
});
