import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { User } from '@parallels/contract/auth';
import { api, fail, reply, sent, server } from '../../../test/api';
import { AppProvider } from '../provider';
import { RootLayout } from '../root-layout';
import { sessionStore } from '../../lib/session-store';
import { openPricingDialog } from '../../lib/pricing-dialog';
import { badgeText } from '../../features/notifications/components/notification-bell';
import { AppShell } from './app-shell';

const asha: User = { id: 'u1', username: 'Asha', email: 'asha@example.com', isAdmin: false, brands: [], loginCount: 1 };
const expired = 'Your session has expired. Please log in again.';
/** The user and their brands, as the shell loads them. */
const userWithBrands = (user: User, brands: Array<{ _id: string; name: string }>) => api('GET /api/users/getuser/:userId', () => ({ success: true, user, brands }));

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <RootLayout />,
        children: [
          { path: '/', element: <p>home page</p> },
          { path: '/login', element: <p>login page</p> },
          {
            element: <AppShell />,
            children: [
              { path: '/dashboard', handle: { title: 'Dashboard' }, element: <p>dashboard body</p> },
              { path: '/brand-setup', element: <p>brand setup body</p> },
              { path: '/admetrics/:brandId', handle: { title: 'Ad Metrics', datePicker: true, localeSettings: true }, element: <p>admetrics body</p> },
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

describe('app shell', () => {
  beforeEach(() => {
    sessionStore.clear();
  });

  it('sends a visitor without a user to /login', async () => {
    const router = renderAt('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('disables every menu item while the user has no brand, and shows the empty brand state', async () => {
    sessionStore.signIn(asha);
    server.use(userWithBrands(asha, []));
    renderAt('/dashboard');
    expect(await screen.findByText('No brands yet. Add one to see your reports.')).toBeInTheDocument();
    for (const label of ['Dashboard', 'Marketing Insights', 'Ad Metrics', 'E-Commerce Reports', 'Conversion Reports', 'Campaign Analysis', 'Interest Reports', 'Performance Reports', 'Google Ads']) {
      expect(screen.getByRole('link', { name: label })).toHaveAttribute('aria-disabled', 'true');
    }
    expect(screen.getByRole('link', { name: 'Profile: Asha' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '+ Add Brand' }));
    expect(await screen.findByText('brand setup body')).toBeInTheDocument();
  });

  it('lists brands with spaces for underscores and switching brand keeps the section', async () => {
    const user = { ...asha, brands: ['b1', 'b2'] };
    sessionStore.signIn(user);
    server.use(
      userWithBrands(user, [
        { _id: 'b1', name: 'Sun_Kissed_Co' },
        { _id: 'b2', name: 'Moon_Shop' },
      ]),
    );
    const router = renderAt('/admetrics/b1');
    const switcher = await screen.findByRole('combobox', { name: 'Brand' });
    expect(screen.getByRole('option', { name: 'Sun Kissed Co' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ad Metrics' })).toHaveAttribute('href', '/admetrics/b1');
    await userEvent.selectOptions(switcher, 'b2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admetrics/b2'));
    expect(screen.getByRole('link', { name: 'Google Ads' })).toHaveAttribute('href', '/google-reports/b2');
    expect(screen.getByRole('link', { name: 'Brand Targets' })).toHaveAttribute('href', '/performance-metrics');
  });

  it.each([['not-a-uuid'], ['b9']])("a brand in the URL that is not the user's (%s) shows one 'Brand not found' screen with the user's brands", async (bad) => {
    const user = { ...asha, brands: ['b1', 'b2'] };
    sessionStore.signIn(user);
    sessionStore.selectBrand('b1');
    server.use(
      userWithBrands(user, [
        { _id: 'b1', name: 'Sun_Kissed_Co' },
        { _id: 'b2', name: 'Moon_Shop' },
      ]),
    );
    const router = renderAt(`/admetrics/${bad}`);
    expect(await screen.findByRole('heading', { name: 'Brand not found' })).toBeInTheDocument();
    expect(screen.queryByText('admetrics body')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Date range:/ })).not.toBeInTheDocument();
    // the sidebar shows no brand as chosen
    expect(screen.getByRole('combobox', { name: 'Brand' })).toHaveValue('');
    await userEvent.click(within(screen.getByRole('list', { name: 'Your brands' })).getByRole('link', { name: 'Moon Shop' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admetrics/b2'));
    expect(await screen.findByText('admetrics body')).toBeInTheDocument();
  });

  it('shows the date picker and number format only on screens whose route asks for them', async () => {
    const user = { ...asha, brands: ['b1'] };
    sessionStore.signIn(user);
    server.use(userWithBrands(user, [{ _id: 'b1', name: 'Sun_Kissed_Co' }]));
    const router = renderAt('/admetrics/b1?from=2026-01-05&to=2026-01-10');
    expect(await screen.findByRole('button', { name: 'Date range: 5 Jan 2026 – 10 Jan 2026' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Number format' })).toHaveValue('en-IN');

    await router.navigate('/dashboard');
    expect(await screen.findByText('dashboard body')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Date range:/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Number format' })).not.toBeInTheDocument();
  });

  it('on a 401 clears the user and brand state, ends the session and goes to /login', async () => {
    sessionStore.signIn(asha);
    // every call but logout answers 401
    const unauthorized = () => fail(401, { success: false, message: expired });
    server.use(api('GET /api/users/getuser/:userId', unauthorized), api('GET /api/auth/check-token', unauthorized), api('GET /api/tutorials', unauthorized));
    const router = renderAt('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sessionStore.get().user).toBeNull();
    await waitFor(() => expect(sent('POST /api/auth/logout')).not.toHaveLength(0));
    // not silently: a toast says why
    expect(await screen.findByText('Your session has ended')).toBeInTheDocument();
  });

  it('a browser whose stored state is gone but whose session cookie is valid is restored, not sent to /login', async () => {
    const user = { ...asha, brands: ['b1'] };
    server.use(api('GET /api/auth/check-token', () => ({ isValid: true, message: 'ok', user })), userWithBrands(user, [{ _id: 'b1', name: 'Sun_Kissed_Co' }]));
    localStorage.clear();
    sessionStore.reload(); // a fresh page load with nothing stored
    const router = renderAt('/dashboard');
    expect(await screen.findByText('dashboard body')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(sessionStore.get().user?.email).toBe('asha@example.com');
  });

  it('a browser with no stored state and no valid session goes to /login', async () => {
    server.use(api('GET /api/auth/check-token', () => reply(401, { isValid: false, message: expired })));
    localStorage.clear();
    sessionStore.reload();
    const router = renderAt('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sent('GET /api/auth/check-token')).not.toHaveLength(0);
    expect(screen.queryByText('Your session has ended')).not.toBeInTheDocument();
  });

  it('logout ends the session and goes to /', async () => {
    sessionStore.signIn(asha);
    server.use(userWithBrands(asha, []));
    const router = renderAt('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sessionStore.get().user).toBeNull();
    await waitFor(() => expect(sent('POST /api/auth/logout')).not.toHaveLength(0));
  });

  it('checks the session at start and every 60 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      sessionStore.signIn(asha);
      server.use(userWithBrands(asha, []));
      renderAt('/dashboard');
      const checks = () => sent('GET /api/auth/check-token').length;
      await waitFor(() => expect(checks()).toBe(1));
      await vi.advanceTimersByTimeAsync(60_000);
      expect(checks()).toBe(2);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(checks()).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('collapses and expands the sidebar', async () => {
    sessionStore.signIn(asha);
    server.use(userWithBrands(asha, []));
    renderAt('/dashboard');
    await userEvent.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens the plans dialog from Pricing', async () => {
    sessionStore.signIn(asha);
    server.use(userWithBrands(asha, []));
    renderAt('/dashboard');
    await userEvent.click(screen.getByRole('button', { name: 'Pricing' }));
    expect(await screen.findByText('Startup Plan')).toBeInTheDocument();
    expect(screen.getByText('$10/month')).toBeInTheDocument();
    expect(screen.getByText('$50/month')).toBeInTheDocument();
    expect(screen.getByText('Popular')).toBeInTheDocument();
  });

  it('opens the plans dialog when a screen asks for it (a report on a plan without reports)', async () => {
    sessionStore.signIn(asha);
    server.use(userWithBrands(asha, []));
    renderAt('/dashboard');
    await screen.findByRole('button', { name: 'Pricing' });
    act(() => openPricingDialog());
    expect(await screen.findByText('Startup Plan')).toBeInTheDocument();
  });
});

describe('notification badge', () => {
  it.each([
    [0, null],
    [1, '1'],
    [99, '99'],
    [100, '99+'],
    [2500, '99+'],
  ])('%i unread shows %s', (n, text) => {
    expect(badgeText(n)).toBe(text);
  });
});
