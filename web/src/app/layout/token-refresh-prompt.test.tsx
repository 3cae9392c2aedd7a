import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { z } from 'zod';
import type { User } from '@parallels/contract/auth';
import { apiRequest } from '../../lib/api-client';
import { redirectTo } from '../../lib/browser';
import { sessionStore } from '../../lib/session-store';
import { tokenFlags } from '../../lib/token-flags';
import { AppProvider } from '../provider';
import { RootLayout } from '../root-layout';
import { AppShell } from './app-shell';

vi.mock('../../lib/browser', () => ({ redirectTo: vi.fn() }));

const asha: User = { id: 'u1', username: 'Asha', email: 'asha@example.com', isAdmin: false, brands: ['b1'], loginCount: 3 };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const fetchMock = vi.fn<typeof fetch>();

function renderShell() {
  const router = createMemoryRouter(
    [{ element: <RootLayout />, children: [{ element: <AppShell />, children: [{ path: '/dashboard', element: <p>dashboard body</p> }] }] }],
    { initialEntries: ['/dashboard?range=7d'] },
  );
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
}

/** A report call through the shared client, answering `status`. */
async function call(url: string) {
  await act(() => apiRequest(url, { schema: z.unknown() }).catch(() => undefined));
}

describe('token-refresh prompt in the app shell', () => {
  beforeEach(() => {
    vi.mocked(redirectTo).mockReset();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    sessionStore.signIn(asha);
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith('/api/users/getuser')) return json(200, { success: true, user: asha, brands: [{ _id: 'b1', name: 'Sun_Kissed' }] });
      if (url.startsWith('/api/auth/check-token')) return json(200, { isValid: true, message: 'ok' });
      if (url.startsWith('/api/auth/google')) return json(200, { success: true, authUrl: 'https://accounts.example/consent' });
      if (url.startsWith('/api/auth/facebook')) return json(200, { success: true, authURL: 'https://facebook.example/dialog' });
      if (url.includes('/denied/')) return json(403, { success: false, message: 'token rejected' });
      return json(200, { success: true });
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    tokenFlags.clearAll();
    sessionStore.clear();
  });

  it('appears after a 403 on a Google Ads call, shows the email, and re-login starts Google with this page as source', async () => {
    renderShell();
    expect(await screen.findByText('dashboard body')).toBeInTheDocument();
    expect(screen.queryByText(/Just a quick update/)).not.toBeInTheDocument();
    await call('/api/google/denied/b1');
    expect(await screen.findByText('Just a quick update to your Google Ads token is needed to continue')).toBeInTheDocument();
    expect(screen.getByText('asha@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Re-login with Facebook' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Re-login with Google' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('https://accounts.example/consent'));
    const started = fetchMock.mock.calls.map(([u]) => String(u)).find((u) => u.startsWith('/api/auth/google'))!;
    const query = new URL(started, 'http://x').searchParams;
    expect(query.get('context')).toBe('googleAdSetup');
    expect(query.get('source')).toBe('/dashboard?range=7d');
  });

  it('names Facebook for a Meta 403 and re-login goes through Facebook; a later success hides it', async () => {
    renderShell();
    await screen.findByText('dashboard body');
    await call('/api/meta/denied/b1');
    expect(await screen.findByText('Just a quick update to your Facebook token is needed to continue')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Re-login with Facebook' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('https://facebook.example/dialog'));
    await call('/api/meta/campaigns/b1');
    await waitFor(() => expect(screen.queryByText(/Just a quick update/)).not.toBeInTheDocument());
  });

  it('GA4 re-login uses the analytics context; Later clears every flag', async () => {
    renderShell();
    await screen.findByText('dashboard body');
    await call('/api/analytics/denied/b1');
    expect(await screen.findByText('Just a quick update to your Google Analytics token is needed to continue')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Re-login with Google' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).includes('context=googleAnalyticsSetup'))).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByText(/Just a quick update/)).not.toBeInTheDocument();
  });
});
