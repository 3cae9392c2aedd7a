import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { User } from '@parallels/contract/auth';
import { sessionStore } from '../../lib/session-store';
import { AppProvider } from '../provider';
import { RootLayout } from '../root-layout';
import { AppShell } from '../layout/app-shell';
import { DashboardRoute } from './dashboard';

const asha: User = { id: 'u1', username: 'Asha', email: 'asha@example.com', isAdmin: false, brands: ['b1'], loginCount: 3 };
const brand = { _id: 'b1', name: 'Sun_Kissed', currency: 'INR', shopifyAccount: null, fbAdAccounts: [], googleAdAccount: [], ga4Account: null, connections: [] };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const fetchMock = vi.fn<typeof fetch>();

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
      return json(200, { isValid: true, message: 'ok' });
    });
    sessionStore.signIn(asha);
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

  it('the Connect Your Platforms buttons open the same dialogs', async () => {
    renderAt('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Google Analytics' }));
    expect(await screen.findByRole('dialog', { name: 'Google Analytics Properties' })).toBeInTheDocument();
  });

  it('sends a user with no brands to /brand-setup, carrying openModal', async () => {
    sessionStore.signIn({ ...asha, brands: [] });
    const router = renderAt('/dashboard?openModal=facebook');
    expect(await screen.findByText('brand setup body')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?openModal=facebook');
  });
});
