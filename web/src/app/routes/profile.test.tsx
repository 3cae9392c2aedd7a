import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { User } from '@parallels/contract/auth';
import type { Brand, Connection } from '@parallels/contract/brands';
import type { SupportTicket, TicketStatus } from '@parallels/contract/support';
import { api, fail, fixtures, sent, server } from '../../../test/api';
import { redirectTo } from '../../lib/browser';
import { sessionStore } from '../../lib/session-store';
import { AppProvider } from '../provider';
import { ProfileRoute } from './profile';

vi.mock('../../lib/browser', () => ({ redirectTo: vi.fn() }));

const asha: User = { id: 'u1', username: 'asha', email: 'asha@example.com', isAdmin: false, brands: ['b1', 'b2'], loginCount: 4 };
let serverBrands = [
  { _id: 'b1', name: 'Sun_Kissed_Co' },
  { _id: 'b2', name: 'Moon_Shop' },
];

function renderProfile(user: User) {
  sessionStore.signIn(user);
  const router = createMemoryRouter([{ path: '/profile', element: <ProfileRoute /> }], { initialEntries: ['/profile'] });
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
}

describe('profile', () => {
  beforeEach(() => {
    serverBrands = [
      { _id: 'b1', name: 'Sun_Kissed_Co' },
      { _id: 'b2', name: 'Moon_Shop' },
    ];
    vi.mocked(redirectTo).mockReset();
    server.use(
      api('GET /api/users/getuser/:userId', () => {
        const user = sessionStore.get().user!;
        return { success: true, user: { ...user, brands: serverBrands.map((b) => b._id) }, brands: serverBrands };
      }),
      api('DELETE /api/brands/delete/:brandId', ({ params }) => {
        serverBrands = serverBrands.filter((b) => b._id !== params.brandId);
        return { success: true };
      }),
      api('GET /api/auth/zoho', () => ({ success: true, authUrl: 'https://accounts.zoho.example/oauth' })),
      // the help desk is not connected yet
      api('GET /api/zoho/status', () => ({ connected: false, organization: null, connectedAt: null, tickets: [] })),
      api('GET /api/email/settings', () => ({ success: true, data: serverBrands.map((b) => ({ brandId: b._id, brandName: b.name, daily: false, weekly: false, alerts: false })) })),
      api('GET /api/alerts/rules/:brandId', () => ({ success: true, data: [] })),
    );
  });
  afterEach(() => {
    sessionStore.clear();
  });

  it('shows the avatar initial, username and email, and only the Brands tab for a regular user', async () => {
    renderProfile(asha);
    expect(screen.getByText('A')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'asha' })).toBeInTheDocument();
    expect(screen.getByText('asha@example.com')).toBeInTheDocument();
    expect(screen.queryByText('Administrator')).not.toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Brands', 'Email reports', 'Tutorials']);
    expect(await screen.findByText('Sun Kissed Co')).toBeInTheDocument();
    expect(screen.getByText('Moon Shop')).toBeInTheDocument();
  });

  it("the Email reports tab lists each brand's email switches, off until turned on", async () => {
    renderProfile(asha);
    await userEvent.click(screen.getByRole('tab', { name: 'Email reports' }));
    expect(await screen.findByRole('switch', { name: 'Daily report for Sun Kissed Co' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Weekly report for Moon Shop' })).not.toBeChecked();
  });

  it('Delete removes the brand at once, moves the selection and refreshes the list', async () => {
    renderProfile(asha);
    expect(sessionStore.get().selectedBrandId).toBe('b1');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Sun Kissed Co' }));
    await waitFor(() => expect(screen.queryByText('Sun Kissed Co')).not.toBeInTheDocument());
    expect(screen.getByText('Moon Shop')).toBeInTheDocument();
    await waitFor(() => expect(sent('DELETE /api/brands/delete/b1')).not.toHaveLength(0));
    expect(sessionStore.get().user?.brands).toEqual(['b2']);
    expect(sessionStore.get().selectedBrandId).toBe('b2');
    await waitFor(() => expect(sent('GET /api/users/getuser/u1')).toHaveLength(2));
    expect(screen.getByText('Brand deleted')).toBeInTheDocument();
  });

  it('a failed delete keeps the brand and shows the server message', async () => {
    server.use(
      api('GET /api/users/getuser/:userId', () => ({ success: true, user: asha, brands: serverBrands })),
      api('DELETE /api/brands/delete/:brandId', () => fail(404, { success: false, message: 'Brand not found' })),
    );
    renderProfile(asha);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Moon Shop' }));
    expect(await screen.findByText('Brand not found')).toBeInTheDocument();
    expect(screen.getByText('Moon Shop')).toBeInTheDocument();
  });

  it('shows under each brand its connections with their sync status', async () => {
    const brand = (id: string, connections: Connection[]): Brand => ({ ...fixtures.brand, _id: id, name: id, connections });
    server.use(
      api('GET /api/brands/:brandId', ({ params }) =>
        params.brandId === 'b1'
          ? brand('b1', [
              { id: 'c1', platform: 'meta', accountId: 'act_1', accountName: 'Sun Ads', managerId: null, status: 'active', statusMessage: null, syncState: 'backfilling', backfillProgress: 0.25, lastSyncedAt: null, lastError: null },
            ])
          : brand(params.brandId, []),
      ),
    );
    renderProfile(asha);
    expect(await screen.findByText('Sun Ads')).toBeInTheDocument();
    expect(screen.getByText('Backfilling 25%')).toBeInTheDocument();
    expect(screen.getByText('No accounts connected yet.')).toBeInTheDocument();
  });

  it('an admin sees the Administrator badge and the Support tab, which connects Zoho Desk', async () => {
    renderProfile({ ...asha, isAdmin: true });
    expect(screen.getByText('Administrator')).toBeInTheDocument();
    const brandsTab = screen.getByRole('tab', { name: 'Brands' });
    expect(brandsTab).toHaveAttribute('aria-selected', 'true');
    // Arrow keys move between tabs.
    brandsTab.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Support' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Support' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Connect Zoho Desk' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('https://accounts.zoho.example/oauth'));
    expect(sent('GET /api/auth/zoho').some((r) => r.url.search === '?source=%2Fprofile')).toBe(true);
  });

  it("an admin's Support tab shows the help desk, every ticket's state, and retries a failed one", async () => {
    let failedStatus: TicketStatus = 'failed';
    const tickets = (): SupportTicket[] => [
      { id: 't1', subject: 'Revenue looks low', brand: 'Sun Kissed Co', email: 'a@example.com', status: 'sent', attempts: 1, lastError: null, ticketNumber: '101', createdAt: '2026-06-15T06:00:00.000Z' },
      { id: 't2', subject: 'Export broken', brand: 'Moon Shop', email: 'a@example.com', status: failedStatus, attempts: 1, lastError: failedStatus === 'sent' ? null : 'The help desk is not connected.', ticketNumber: failedStatus === 'sent' ? '102' : null, createdAt: '2026-06-14T06:00:00.000Z' },
    ];
    server.use(
      api('GET /api/zoho/status', () => ({ connected: true, organization: 'Parallels Support', connectedAt: '2026-06-01T00:00:00.000Z', tickets: tickets() })),
      api('POST /api/zoho/tickets/:ticketId/retry', ({ params }) => {
        if (params.ticketId !== 't2') return fail(404, { success: false, message: 'not mocked' });
        const before = tickets()[1]!;
        failedStatus = 'sent';
        return { ...before, status: 'sent', lastError: null, ticketNumber: '102', attempts: 2 };
      }),
    );
    renderProfile({ ...asha, isAdmin: true });
    await userEvent.click(screen.getByRole('tab', { name: 'Support' }));
    expect(await screen.findByText('Parallels Support')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reconnect Zoho Desk' })).toBeInTheDocument();
    const list = screen.getByRole('region', { name: 'Support tickets' });
    expect(within(list).getByText('#101 Revenue looks low')).toBeInTheDocument();
    expect(within(list).getByText('Failed')).toBeInTheDocument();
    expect(within(list).getByText('The help desk is not connected.')).toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: 'Retry' }));
    expect(await within(list).findByText('#102 Export broken')).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});
