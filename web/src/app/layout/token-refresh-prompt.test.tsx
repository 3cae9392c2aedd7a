import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { z } from 'zod';
import type { User } from '@parallels/contract/auth';
import { api, fail, sent, server } from '../../../test/api';
import { apiRequest } from '../../lib/api-client';
import { redirectTo } from '../../lib/browser';
import { sessionStore } from '../../lib/session-store';
import { tokenFlags } from '../../lib/token-flags';
import { AppProvider } from '../provider';
import { RootLayout } from '../root-layout';
import { AppShell } from './app-shell';

vi.mock('../../lib/browser', () => ({ redirectTo: vi.fn() }));

const asha: User = { id: 'u1', username: 'Asha', email: 'asha@example.com', isAdmin: false, brands: ['b1'], loginCount: 3 };

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

/** A report call through the shared client (a POST with a body, or a GET), answered by the handlers below. */
async function call(url: string, method: 'GET' | 'POST' = 'POST') {
  await act(() => apiRequest(url, { method, body: method === 'POST' ? {} : undefined, schema: z.unknown() }).catch(() => undefined));
}
const tokenRejected = () => fail(403, { success: false, message: 'token rejected' });

describe('token-refresh prompt in the app shell', () => {
  beforeEach(() => {
    vi.mocked(redirectTo).mockReset();
    sessionStore.signIn(asha);
    server.use(
      api('GET /api/users/getuser/:userId', () => ({ success: true, user: asha, brands: [{ _id: 'b1', name: 'Sun_Kissed' }] })),
      api('GET /api/auth/google', () => ({ success: true, authUrl: 'https://accounts.example/consent' })),
      api('GET /api/auth/facebook', () => ({ success: true, authURL: 'https://facebook.example/dialog' })),
      // the report calls the tests make: a 403 from Google Ads, Meta and GA4; a Meta call that succeeds
      api('POST /api/google/:report/:brandId', tokenRejected),
      api('POST /api/meta/interest/:brandId', tokenRejected),
      api('POST /api/analytics/:call/:brandId', tokenRejected),
      api('GET /api/meta/labels/:brandId', () => ({ success: true, labels: {}, customLabels: [] })),
    );
  });
  afterEach(() => {
    tokenFlags.clearAll();
    sessionStore.clear();
  });

  it('appears after a 403 on a Google Ads call, shows the email, and re-login starts Google with this page as source', async () => {
    renderShell();
    expect(await screen.findByText('dashboard body')).toBeInTheDocument();
    expect(screen.queryByText(/Just a quick update/)).not.toBeInTheDocument();
    await call('/api/google/keyword/b1');
    expect(await screen.findByText('Just a quick update to your Google Ads token is needed to continue')).toBeInTheDocument();
    expect(screen.getByText('asha@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Re-login with Facebook' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Re-login with Google' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('https://accounts.example/consent'));
    const query = sent('GET /api/auth/google')[0]!.url.searchParams;
    expect(query.get('context')).toBe('googleAdSetup');
    expect(query.get('source')).toBe('/dashboard?range=7d');
  });

  it('names Facebook for a Meta 403 and re-login goes through Facebook; a later success hides it', async () => {
    renderShell();
    await screen.findByText('dashboard body');
    await call('/api/meta/interest/b1');
    expect(await screen.findByText('Just a quick update to your Facebook token is needed to continue')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Re-login with Facebook' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('https://facebook.example/dialog'));
    await call('/api/meta/labels/b1', 'GET');
    await waitFor(() => expect(screen.queryByText(/Just a quick update/)).not.toBeInTheDocument());
  });

  it('GA4 re-login uses the analytics context; Later clears every flag', async () => {
    renderShell();
    await screen.findByText('dashboard body');
    await call('/api/analytics/ageConversionReport/b1');
    expect(await screen.findByText('Just a quick update to your Google Analytics token is needed to continue')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Re-login with Google' }));
    await waitFor(() => expect(sent('GET /api/auth/google').some((r) => r.url.searchParams.get('context') === 'googleAnalyticsSetup')).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByText(/Just a quick update/)).not.toBeInTheDocument();
  });
});
