import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { User } from '@parallels/contract/auth';
import type { Brand } from '@parallels/contract/brands';
import type { CampaignGroupReach, CampaignGroupReachRequest, CampaignLabelsResponse, MetaCampaign, MetaCampaignResponse, SetCampaignLabels } from '@parallels/contract/meta-campaigns';
import type { SourceStatus } from '@parallels/contract/report-dates';
import { api, fail, sent, server } from '../../../test/api';
import { sessionStore } from '../../lib/session-store';
import { AppProvider } from '../provider';
import { MetaCampaignsRoute } from './meta-campaigns';

const asha: User = { id: 'u1', username: 'Asha', email: 'asha@example.com', isAdmin: false, brands: ['b1'], loginCount: 3 };
const ready: SourceStatus = { state: 'ready', syncedThrough: '2026-03-14', lastSyncedAt: '2026-03-15T06:00:00.000Z', message: null };
const brand: Brand = { _id: 'b1', name: 'B', currency: 'INR', timezone: 'Asia/Kolkata', shopifyAccount: null, fbAdAccounts: ['act_1', 'act_2'], googleAdAccount: [], ga4Account: null, connections: [] };

const campaign = (accountId: string, accountName: string, campaignId: string, campaignName: string, status: string, spend: number, reach: number): MetaCampaign => ({
  campaignId, campaignName, accountName, accountId, status,
  'Link Click': 100, Purchases: 5, Reach: reach, 'Amount spend': spend, 'Outbound CTR': 2, Frequency: 1000 / reach, 'Unique Link Click': 80,
  'Add To Cart (ATC)': 10, 'Checkout Initiate (CI)': 6, 'Landing Page View': 50, 'Three Seconds View': 300, Impressions: 1000,
  'Outbound Clicks': 20, 'Purchase Value': spend * 3, estimated: true,
});
const c1 = campaign('act_1', 'Main account', 'c1', 'Prospecting - IN', 'ACTIVE', 200, 500);
const c2 = campaign('act_1', 'Main account', 'c2', 'Retargeting - cart', 'PAUSED', 100, 400);
const c3 = campaign('act_2', 'Second account', 'c3', 'Brand video', 'active', 50, 250);
const report: MetaCampaignResponse = {
  success: true,
  accountData: [
    { account_name: 'Main account', account_id: 'act_1', status: ready, campaigns: [c1, c2] },
    { account_name: 'Second account', account_id: 'act_2', status: ready, campaigns: [c3] },
  ],
  blendedSummary: [c1, c2, c3],
  range: { from: '2026-03-01', to: '2026-03-14' },
  status: ready,
  currency: 'INR',
};
let labels: CampaignLabelsResponse;
/** the server's answer for one label group (Meta's own reach, or why not) */
let groupReach: (group: CampaignGroupReachRequest['groups'][number]) => CampaignGroupReach;
const unavailable = (group: { id: string }): CampaignGroupReach => ({ id: group.id, Reach: null, 'Unique Link Click': null, reachSource: 'meta-unavailable' });
/** the labels PUT so far, in order */
const puts = () => sent('PUT /api/meta/labels/b1').map((r) => r.body);

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/meta-campaigns/:brandId', element: <MetaCampaignsRoute /> }], { initialEntries: [path] });
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
}

const table = (name = 'All campaigns') => screen.getByRole('table', { name });
const firstCells = (name?: string) => within(table(name)).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[0]!.textContent?.replace(/[▸▾]/g, ''));
/** opens a group row unless it is open already (a group keeps its state while its campaigns change) */
const expand = async (group: string) => {
  const button = within(table()).queryByRole('button', { name: `Expand ${group}` });
  if (button) await userEvent.click(button);
  expect(within(table()).getByRole('button', { name: `Collapse ${group}` })).toBeInTheDocument();
};
const cellOf = (rowText: string, column: number, name?: string) => {
  const row = within(table(name)).getAllByRole('row').find((r) => within(r).queryAllByRole('cell')[0]?.textContent?.includes(rowText))!;
  return within(row).getAllByRole('cell')[column]!;
};

describe('Campaign Analysis', () => {
  beforeAll(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(41);
  });
  beforeEach(() => {
    labels = { success: true, labels: { act_1: { c1: ['TOFU'] } }, customLabels: ['Festive'] };
    groupReach = unavailable;
    server.use(
      api('POST /api/meta/campaign-groups/:brandId', ({ body }) => {
        const request = body as CampaignGroupReachRequest;
        return { success: true, range: report.range, groups: request.groups.map((g) => groupReach(g)) };
      }),
      api('POST /api/meta/campaign/:brandId', () => report),
      api('PUT /api/meta/labels/:brandId', ({ body }) => {
        const change = body as SetCampaignLabels;
        labels = { ...labels, labels: { ...labels.labels, [change.accountId]: { ...(labels.labels[change.accountId] ?? {}), [change.campaignId]: change.labels } } };
        return labels;
      }),
      api('GET /api/meta/labels/:brandId', () => labels),
      api('GET /api/brands/:brandId', () => brand),
    );
    sessionStore.signIn(asha);
  });
  afterEach(() => {
    sessionStore.clear();
  });

  it('tabs per account plus All; the status filter matches Active case-insensitively; labels counts; estimates marked', async () => {
    renderAt('/meta-campaigns/b1?from=2026-03-01&to=2026-03-14');
    await screen.findByRole('table', { name: 'All campaigns' });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['All', 'Main account', 'Second account']);
    const headers = within(table()).getAllByRole('columnheader').map((h) => h.textContent?.replace(/[▲▼↕]/g, ''));
    expect(headers.slice(0, 6)).toEqual(['Campaign', 'Labels', 'Link Click', 'Purchases', 'Reach', 'Amount spend']);
    expect(firstCells()).toEqual(['Prospecting - IN', 'Retargeting - cart', 'Brand video']);
    expect(cellOf('Prospecting', 1)).toHaveTextContent('TOFU1 label');
    expect(cellOf('Retargeting', 1)).toHaveTextContent('Add label');
    expect(cellOf('Prospecting', 4)).toHaveTextContent('500est.');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Active');
    expect(firstCells()).toEqual(['Prospecting - IN', 'Brand video']);
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Paused');
    expect(firstCells()).toEqual(['Retargeting - cart']);
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'All Status');
    await userEvent.click(screen.getByRole('tab', { name: 'Second account' }));
    expect(firstCells('Second account campaigns')).toEqual(['Brand video']);
    expect(screen.getByRole('button', { name: 'Manage Columns' })).toBeInTheDocument();
  });

  it('headers reorder in place from the keyboard (Alt+Arrow); Campaign and Labels stay frozen first', async () => {
    renderAt('/meta-campaigns/b1?from=2026-03-01&to=2026-03-14');
    await screen.findByRole('table', { name: 'All campaigns' });
    const headers = () => within(table()).getAllByRole('columnheader').map((h) => h.textContent?.replace(/[▲▼↕]/g, '')).slice(0, 5);
    within(table()).getByRole('button', { name: /^Purchases/ }).focus();
    await userEvent.keyboard('{Alt>}{ArrowLeft}{ArrowLeft}{/Alt}');
    expect(headers()).toEqual(['Campaign', 'Labels', 'Purchases', 'Link Click', 'Reach']);
    expect(within(table()).getByRole('button', { name: /^Purchases/ })).toHaveFocus();
    expect(within(table()).getByRole('columnheader', { name: /^Labels/ })).toHaveAttribute('draggable', 'false');
  });

  it('grouping: a row per label and Unlabeled, sums and the derived group metrics to 2 decimals; editing only while grouping', async () => {
    labels = { success: true, labels: { act_1: { c1: ['TOFU'], c2: ['TOFU', 'BOFU'] } }, customLabels: [] };
    groupReach = (g) => ({ id: g.id, Reach: 700, 'Unique Link Click': 150, reachSource: 'meta' });
    renderAt('/meta-campaigns/b1?from=2026-03-01&to=2026-03-14');
    await screen.findByRole('table', { name: 'All campaigns' });
    const edit = screen.getByRole('button', { name: 'Edit Labels' });
    expect(edit).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Enable Grouping' }));
    expect(screen.getByRole('button', { name: 'Disable Grouping' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Labels' })).toBeEnabled();
    expect(firstCells()).toEqual(['TOFU: 2 campaigns', 'BOFU: 1 campaign', 'Unlabeled: 1 campaign']);
    expect(cellOf('Unlabeled', 1)).toHaveTextContent('-');
    const headers = within(table()).getAllByRole('columnheader').map((h) => h.textContent?.replace(/[▲▼↕]/g, ''));
    expect(headers.slice(-6)).toEqual(['Conversion Rate', 'CPM (Reach Based)', 'Audience Saturation Score', 'Reach v/s Unique Click', 'High-Intent Click Rate', 'HookRate']);
    const col = (h: string) => headers.indexOf(h);
    // TOFU = c1 + c2 (one account): spend 300, link clicks 200, purchases 10, impressions 2000, outbound 40,
    // ATC+CI+LPV 132, 3-second views 600; Reach 700 and unique link clicks 150 are Meta's own for the group
    // (not 500 + 400 and 80 + 80), so they carry no mark
    expect(sent('POST /api/meta/campaign-groups/b1').map((r) => r.body)).toEqual([
      { startDate: '2026-03-01', endDate: '2026-03-14', groups: [{ id: 'TOFU', campaigns: [{ accountId: 'act_1', campaignId: 'c1' }, { accountId: 'act_1', campaignId: 'c2' }] }] },
    ]);
    expect(cellOf('TOFU', col('Amount spend'))).toHaveTextContent('₹300.00');
    await waitFor(() => expect(cellOf('TOFU', col('Reach')).textContent).toBe('700'));
    expect(cellOf('TOFU', col('Unique Link Click')).textContent).toBe('150');
    expect(cellOf('TOFU', col('Conversion Rate'))).toHaveTextContent('5.00%');
    expect(cellOf('TOFU', col('CPM (Reach Based)'))).toHaveTextContent('428.57');
    // frequency 2000/700 = 2.8571, outbound CTR 2%: 142.86
    expect(cellOf('TOFU', col('Frequency')).textContent).toBe('2.86');
    expect(cellOf('TOFU', col('Audience Saturation Score'))).toHaveTextContent('142.86');
    expect(cellOf('TOFU', col('Reach v/s Unique Click'))).toHaveTextContent('4.67');
    // a group of one campaign has its campaign's figures, and its mark
    expect(cellOf('BOFU', col('Reach'))).toHaveTextContent('400est.');
    expect(cellOf('TOFU', col('High-Intent Click Rate'))).toHaveTextContent('66.00%');
    expect(cellOf('TOFU', col('HookRate'))).toHaveTextContent('30.00%');
    await userEvent.click(within(table()).getByRole('button', { name: 'Expand TOFU: 2 campaigns' }));
    expect(firstCells()).toEqual(['TOFU: 2 campaigns', 'Prospecting - IN', 'Retargeting - cart', 'BOFU: 1 campaign', 'Unlabeled: 1 campaign']);
    await userEvent.click(screen.getByRole('button', { name: 'Disable Grouping' }));
    expect(screen.getByRole('button', { name: 'Edit Labels' })).toBeDisabled();
  });

  it("marks 'est.' only on groups whose reach is an estimate, and the note says which and why", async () => {
    // TOFU (c1, c3) spans both accounts; MOFU (c1, c2) is in one account but Meta could not be asked; BOFU (c1, c2) is Meta's own
    labels = { success: true, labels: { act_1: { c1: ['TOFU', 'MOFU', 'BOFU'], c2: ['MOFU', 'BOFU'] }, act_2: { c3: ['TOFU'] } }, customLabels: [] };
    const meta: Record<string, CampaignGroupReach> = {
      TOFU: { id: 'TOFU', Reach: 720, 'Unique Link Click': 150, reachSource: 'accounts-summed' },
      BOFU: { id: 'BOFU', Reach: 380, 'Unique Link Click': 70, reachSource: 'meta' },
    };
    groupReach = (g) => meta[g.id] ?? unavailable(g);
    renderAt('/meta-campaigns/b1?from=2026-03-01&to=2026-03-14');
    await screen.findByRole('table', { name: 'All campaigns' });
    expect(screen.getByTestId('estimate-note')).not.toHaveTextContent('TOFU');
    await userEvent.click(screen.getByRole('button', { name: 'Enable Grouping' }));
    const headers = within(table()).getAllByRole('columnheader').map((h) => h.textContent?.replace(/[▲▼↕]/g, ''));
    const col = (h: string) => headers.indexOf(h);
    await waitFor(() => expect(cellOf('TOFU', col('Reach')).textContent).toBe('720est.'));
    expect(cellOf('TOFU', col('Frequency')).textContent).toBe('2.78est.');
    // Meta could not be asked: the sum of the campaigns' (500 + 400), marked
    expect(cellOf('MOFU', col('Reach')).textContent).toBe('900est.');
    expect(cellOf('MOFU', col('Unique Link Click')).textContent).toBe('160est.');
    expect(cellOf('BOFU', col('Reach')).textContent).toBe('380');
    expect(cellOf('BOFU', col('Unique Link Click')).textContent).toBe('70');
    const note = screen.getByTestId('estimate-note');
    expect(note).toHaveTextContent('TOFU: campaigns in more than one ad account.');
    expect(note).toHaveTextContent('MOFU: Meta could not be asked just now');
    expect(note).not.toHaveTextContent('BOFU');

    // the group call fails as a whole: every group of two or more falls back to the marked sum
    server.use(api('POST /api/meta/campaign-groups/:brandId', () => fail(502, { success: false, message: 'Meta is not answering' })));
    await userEvent.click(screen.getByRole('button', { name: 'Disable Grouping' }));
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Active');
    await userEvent.click(screen.getByRole('button', { name: 'Enable Grouping' }));
    // Active: c1 and c3; TOFU is both, MOFU only c1 (a group of one: its campaign's own figure and mark)
    await waitFor(() => expect(screen.getByTestId('estimate-note')).toHaveTextContent('TOFU: Meta could not be asked just now'));
    expect(cellOf('TOFU', col('Reach')).textContent).toBe('750est.');
    expect(cellOf('MOFU', col('Reach')).textContent).toBe('500est.');
  });

  it('label editing: add a predefined label, create one with Enter, Escape cancels, empty ignored, remove; suggestions need a click', async () => {
    renderAt('/meta-campaigns/b1?from=2026-03-01&to=2026-03-14');
    await screen.findByRole('table', { name: 'All campaigns' });
    // outside edit mode a suggestion is never offered, let alone applied
    expect(screen.queryByRole('button', { name: /Accept suggested label/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Enable Grouping' }));
    await userEvent.click(screen.getByRole('button', { name: 'Edit Labels' }));
    await userEvent.click(within(table()).getByRole('button', { name: 'Expand Unlabeled: 2 campaigns' }));
    // 'Retargeting - cart' suggests BOFU; accepting takes one click
    expect(puts()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Accept suggested label BOFU for Retargeting - cart' }));
    await waitFor(() => expect(puts()).toEqual([{ accountId: 'act_1', campaignId: 'c2', labels: ['BOFU'] }]));
    expect(await screen.findByText('BOFU: 1 campaign')).toBeInTheDocument();

    await expand('Unlabeled: 1 campaign');
    await userEvent.click(screen.getByRole('button', { name: 'Labels of Brand video: Add label' }));
    let menu = screen.getByRole('dialog', { name: 'Labels of Brand video' });
    expect(within(menu).getAllByRole('checkbox').map((c) => c.parentElement?.textContent)).toEqual(['TOFU', 'MOFU', 'BOFU', 'TOFU+MOFU', 'Festive']);
    await userEvent.click(within(menu).getByRole('button', { name: 'Create new label' }));
    const input = within(menu).getByPlaceholderText('New label name');
    // an empty name is ignored
    await userEvent.type(input, '   {Enter}');
    expect(puts()).toHaveLength(1);
    // Escape cancels the new label
    await userEvent.type(input, 'Diwali{Escape}');
    expect(within(menu).queryByPlaceholderText('New label name')).not.toBeInTheDocument();
    expect(puts()).toHaveLength(1);
    await userEvent.click(within(menu).getByRole('button', { name: 'Create new label' }));
    await userEvent.type(within(menu).getByPlaceholderText('New label name'), 'Diwali{Enter}');
    await waitFor(() => expect(puts()[1]).toEqual({ accountId: 'act_2', campaignId: 'c3', labels: ['Diwali'] }));
    expect(await screen.findByText('Diwali: 1 campaign')).toBeInTheDocument();

    await expand('Diwali: 1 campaign');
    await userEvent.click(screen.getByRole('button', { name: 'Labels of Brand video: 1 label' }));
    menu = screen.getByRole('dialog', { name: 'Labels of Brand video' });
    await userEvent.click(within(menu).getByRole('checkbox', { name: 'MOFU' }));
    await waitFor(() => expect(puts()[2]).toEqual({ accountId: 'act_2', campaignId: 'c3', labels: ['Diwali', 'MOFU'] }));
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getAllByRole('button', { name: 'Remove label Diwali from Brand video' })[0]!);
    await waitFor(() => expect(puts()[3]).toEqual({ accountId: 'act_2', campaignId: 'c3', labels: ['MOFU'] }));
  });

  it('no campaigns: the spec’s empty text', async () => {
    server.use(api('POST /api/meta/campaign/:brandId', () => ({ ...report, accountData: [{ ...report.accountData[0]!, campaigns: [] }], blendedSummary: [] })));
    renderAt('/meta-campaigns/b1?from=2026-03-01&to=2026-03-14');
    expect(await screen.findByText('No campaign data available')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Main account']);
  });
});
