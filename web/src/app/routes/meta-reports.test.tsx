import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { User } from '@parallels/contract/auth';
import type { Brand } from '@parallels/contract/brands';
import type { MetaReportResponse, MetaReportRow } from '@parallels/contract/meta-reports';
import type { SourceStatus } from '@parallels/contract/report-dates';
import { api, fail, sent, server, type Resolver } from '../../../test/api';
import { sessionStore } from '../../lib/session-store';
import { AppProvider } from '../provider';
import { MetaReportsRoute } from './meta-reports';

const asha: User = { id: 'u1', username: 'Asha', email: 'asha@example.com', isAdmin: false, brands: ['b1'], loginCount: 3 };
const ready: SourceStatus = { state: 'ready', syncedThrough: '2026-03-14', lastSyncedAt: '2026-03-15T06:00:00.000Z', message: null };
const brand = (fbAdAccounts: string[]): Brand => ({ _id: 'b1', name: 'B', currency: 'INR', timezone: 'Asia/Kolkata', shopifyAccount: null, fbAdAccounts, googleAdAccount: [], ga4Account: null, connections: [] });

/** A row with one month per entry: [month, spend, roas]. */
const row = (value: string, months: Array<[string, number, number]>): MetaReportRow => {
  const spend = months.reduce((s, m) => s + m[1], 0);
  const pcv = months.reduce((s, m) => s + m[1] * m[2], 0);
  return {
    value, totalSpend: spend, totalPurchaseRoas: pcv / spend, totalPcv: pcv, totalPurchases: 3, totalImpressions: 100, totalClicks: 10, totalLinkClicks: 5,
    monthlyData: months.map(([month, s, r]) => ({ month, spend: s, purchaseRoas: r, purchaseConversionValue: s * r, purchases: 1, impressions: 10, clicks: 1, linkClicks: 1 })),
  };
};
const ageReport: MetaReportResponse<'age'> = {
  success: true,
  data: [
    { account_id: 'act_1', account_name: 'Main account', status: ready, ageData: [row('25-34', [['202602', 100, 4], ['202603', 120, 4]])] },
    { account_id: 'act_2', account_name: 'Second account', status: ready, ageData: [row('65+', [['202603', 5, 0.5]])] },
  ],
  // averages: spend 96.25, ROAS 2.875 over the rows' totals: 25-34 top, 18-24 high spend, 45-54 high ROAS, 65+ under
  blendedAgeData: [row('25-34', [['202602', 100, 4], ['202603', 120, 4]]), row('18-24', [['202603', 150, 1]]), row('45-54', [['202603', 10, 6]]), row('65+', [['202603', 5, 0.5]])],
  range: { from: '2026-02-01', to: '2026-03-14' },
  status: ready,
  currency: 'INR',
};
let brandAnswer: Resolver<'GET /api/brands/:brandId'>;
let reportAnswer: Resolver<'POST /api/meta/report/:tab/:brandId'>;
const reportCalls = () => sent().filter((r) => r.path.startsWith('/api/meta/report/'));

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/meta-reports/:brandId', element: <MetaReportsRoute /> }], { initialEntries: [path] });
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

const tableRows = () => within(screen.getByRole('table', { name: 'Meta Age report' })).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[0]!.textContent);

describe('Meta reports', () => {
  beforeAll(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(41);
  });
  beforeEach(() => {
    brandAnswer = () => brand(['act_1', 'act_2']);
    reportAnswer = () => ageReport;
    server.use(
      api('POST /api/meta/report/:tab/:brandId', (info) => reportAnswer(info)),
      api('GET /api/brands/:brandId', (info) => brandAnswer(info)),
    );
    sessionStore.signIn(asha);
  });
  afterEach(() => {
    sessionStore.clear();
  });

  it('opens on Age with the blended summary; months newest first; the account selector switches to one account', async () => {
    renderAt('/meta-reports/b1?from=2026-02-01&to=2026-03-14');
    expect(await screen.findByRole('table', { name: 'Meta Age report' })).toBeInTheDocument();
    const call = reportCalls()[0]!;
    expect(call.path).toBe('/api/meta/report/age/b1');
    expect(call.body).toEqual({ startDate: '2026-02-01', endDate: '2026-03-14' });
    const account = screen.getByLabelText('Account');
    expect(within(account).getAllByRole('option').map((o) => o.textContent)).toEqual(['All Accounts', 'Main account', 'Second account']);
    expect(account).toHaveValue('blended');
    const headers = within(screen.getByRole('table', { name: 'Meta Age report' })).getAllByRole('columnheader').map((h) => h.textContent?.replace(/[▲▼↕]/g, ''));
    expect(headers).toEqual(['Age', 'Total Spend', 'Total Purchase ROAS', 'Total Purchases', 'Total PCV', 'Mar-2026', 'Feb-2026']);
    expect(tableRows()).toEqual(['25-34', '18-24', '45-54', '65+']);
    await userEvent.selectOptions(account, 'Second account');
    expect(tableRows()).toEqual(['65+']);
  });

  it('performance chips filter by the colour rule on Spend with Purchase ROAS; selecting again clears', async () => {
    renderAt('/meta-reports/b1?from=2026-02-01&to=2026-03-14');
    await screen.findByRole('table', { name: 'Meta Age report' });
    const chips = within(screen.getByRole('group', { name: 'Performance categories' }));
    expect(chips.getAllByRole('button').map((b) => b.textContent)).toEqual(['Top Performers (1)', 'High Spend (1)', 'High Purchase ROAS (1)', 'Under Performers (1)']);
    await userEvent.click(chips.getByRole('button', { name: 'High Spend (1)' }));
    expect(tableRows()).toEqual(['18-24']);
    await userEvent.click(chips.getByRole('button', { name: 'High Purchase ROAS (1)' }));
    expect(tableRows()).toEqual(['45-54']);
    await userEvent.click(chips.getByRole('button', { name: 'High Purchase ROAS (1)' }));
    expect(tableRows()).toEqual(['25-34', '18-24', '45-54', '65+']);
  });

  it('the Reports navigation lists the seven tabs, switches the call, and collapses on large screens', async () => {
    const router = renderAt('/meta-reports/b1?from=2026-02-01&to=2026-03-14');
    await screen.findByRole('table', { name: 'Meta Age report' });
    const navs = screen.getAllByRole('navigation', { name: 'Reports' });
    const side = navs[navs.length - 1]!;
    expect(within(side).getAllByRole('button').slice(1).map((b) => b.textContent)).toEqual(['Age', 'Gender', 'Country', 'Platform', 'Placement', 'Impression Device', 'Audience Segments']);
    const { blendedAgeData: _age, ...rest } = ageReport;
    const genderReport: MetaReportResponse<'gender'> = { ...rest, data: ageReport.data.map(({ ageData, ...a }) => ({ ...a, genderData: ageData })), blendedGenderData: [row('female', [['202603', 10, 2]])] };
    reportAnswer = () => genderReport;
    await userEvent.click(within(side).getByRole('button', { name: 'Gender' }));
    expect(await screen.findByRole('table', { name: 'Meta Gender report' })).toBeInTheDocument();
    expect(router.state.location.search).toContain('tab=gender');
    expect(sent('POST /api/meta/report/gender/b1')).not.toHaveLength(0);
    expect(within(screen.getByRole('table', { name: 'Meta Gender report' })).getByText('Female')).toBeInTheDocument();
    await userEvent.click(within(side).getByRole('button', { name: 'Collapse reports menu' }));
    expect(within(side).queryByRole('button', { name: 'Gender' })).not.toBeInTheDocument();
    await userEvent.click(within(side).getByRole('button', { name: 'Expand reports menu' }));
    expect(within(side).getByRole('button', { name: 'Gender' })).toBeInTheDocument();
  });

  it('below 768px the tabs are in a slide-in drawer that closes when a tab is picked', async () => {
    renderAt('/meta-reports/b1?from=2026-02-01&to=2026-03-14');
    await screen.findByRole('table', { name: 'Meta Age report' });
    await userEvent.click(screen.getByRole('button', { name: 'Reports: Age' }));
    const drawer = screen.getByRole('dialog', { name: 'Reports' });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Country' }));
    expect(screen.queryByRole('dialog', { name: 'Reports' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reports: Country' })).toBeInTheDocument();
  });

  it('no Facebook ad account: the connect prompt, and no report call', async () => {
    brandAnswer = () => brand([]);
    renderAt('/meta-reports/b1?from=2026-02-01&to=2026-03-14');
    expect(await screen.findByRole('heading', { name: 'Connect Facebook Ads' })).toBeInTheDocument();
    expect(reportCalls()).toHaveLength(0);
  });

  it('a Facebook token to renew: the refresh prompt above the last synced figures', async () => {
    reportAnswer = () => fail(403, { success: false, message: 'Your Facebook access has expired.', code: 'TOKEN_EXPIRED', platform: 'meta', stale: ageReport });
    renderAt('/meta-reports/b1?from=2026-02-01&to=2026-03-14');
    const prompt = await screen.findByRole('region', { name: 'Facebook Ads' });
    expect(within(prompt).getByText('Looks like we need to refresh your Facebook Ads connection to optimize your campaigns.')).toBeInTheDocument();
    expect(within(prompt).getByRole('button', { name: 'Connect Facebook Ads' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Meta Age report' })).toBeInTheDocument();
  });
});
