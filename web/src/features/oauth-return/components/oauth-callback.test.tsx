import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { User } from '@parallels/contract/auth';
import { api, deferred, fail, malformed, sent, server, type Answer, type Reply } from '../../../../test/api';
import { AppProvider } from '../../../app/provider';
import { sessionStore } from '../../../lib/session-store';
import { OAuthCallback } from './oauth-callback';

const asha: User = { id: 'u1', username: 'Asha', email: 'asha@example.com', isAdmin: false, brands: ['b1'], loginCount: 2 };

function visit(query: string) {
  const router = createMemoryRouter(
    [
      { path: '/callback', element: <OAuthCallback /> },
      { path: '*', element: <p>landed</p> },
    ],
    { initialEntries: [`/callback${query}`] },
  );
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

const landedAt = (router: ReturnType<typeof visit>) => `${router.state.location.pathname}${router.state.location.search}`;
const calls = () => sent().map((r) => `${r.method} ${r.path}${r.url.search}`);
/** Every token update answers this. */
const updatesAnswer = (answer: () => Answer<'PUT /api/auth/updateTokens/:tokenName'> | Reply) =>
  server.use(api('PUT /api/auth/updateTokens/:tokenName', answer), api('PUT /api/auth/updateTokens/zoho/zohoToken', answer));

beforeEach(() => {
  sessionStore.clear();
});

describe('/callback: sign-in', () => {
  it('shows a spinner while it works, then sends a user with brands to /dashboard', async () => {
    const answer = deferred();
    server.use(
      api('POST /api/auth/login/oauth', async () => {
        await answer.promise;
        return { success: true, user: asha };
      }),
    );
    const router = visit('?token=ticket-1&userId=u1');
    expect(screen.getByText('Finishing sign-in…')).toBeInTheDocument();
    answer.release();
    await waitFor(() => expect(landedAt(router)).toBe('/dashboard'));
    expect(calls()).toEqual(['POST /api/auth/login/oauth?auth_token=ticket-1']);
    expect(sessionStore.get().user).toEqual(asha);
  });

  it('sends a user without brands to first-time setup (the Shopify ticket too)', async () => {
    server.use(api('POST /api/auth/login/oauth', () => ({ success: true, user: { ...asha, brands: [] } })));
    const router = visit('?shopify_token=ticket-2');
    await waitFor(() => expect(landedAt(router)).toBe('/first-time-brand-setup'));
    expect(calls()).toEqual(['POST /api/auth/login/oauth?auth_token=ticket-2']);
  });

  it('a refused ticket toasts Login Failed and goes to /login', async () => {
    server.use(api('POST /api/auth/login/oauth', () => fail(401, { success: false, message: 'Invalid or expired sign-in' })));
    const router = visit('?token=used-ticket');
    await waitFor(() => expect(landedAt(router)).toBe('/login'));
    expect(screen.getByText('Login Failed')).toBeInTheDocument();
    expect(screen.getByText('Unable to authenticate with Google.')).toBeInTheDocument();
    expect(sessionStore.get().user).toBeNull();
  });

  it('with nothing usable it goes to /login without calling anything', async () => {
    const router = visit('?userId=u1');
    await waitFor(() => expect(landedAt(router)).toBe('/login'));
    expect(sent()).toHaveLength(0);
  });
});

describe('/callback: provider grants', () => {
  beforeEach(() => sessionStore.signIn(asha)); // selects b1

  it.each([
    ['fbToken', '/admetrics/b1', 'Facebook', '/admetrics/b1?openModal=facebook'],
    ['googleadRefreshToken', '/dashboard?openModal=googleads', 'Google Ads', '/dashboard?openModal=googleads'],
    ['googleanalyticsRefreshToken', '/dashboard', 'Google Analytics', '/dashboard?openModal=googleanalytics'],
  ])('%s on a brand page updates the brand and goes back with openModal', async (name, source, label, back) => {
    updatesAnswer(() => ({ success: true }));
    const router = visit(`?${name}=grant-1&userId=u1&source=${encodeURIComponent(source)}`);
    await waitFor(() => expect(landedAt(router)).toBe(back));
    expect(calls()).toEqual([`PUT /api/auth/updateTokens/${name}?brandId=b1&${name}=grant-1`]);
    expect(screen.getByText('Success')).toBeInTheDocument();
    expect(screen.getByText(`${label} token updated successfully.`)).toBeInTheDocument();
  });

  it('an update the server declines toasts Update Failed and goes to /dashboard', async () => {
    // the spec's declined update: our server answers an error instead, but the screen still copes with it
    updatesAnswer(() => malformed(200, { success: false }));
    const router = visit('?googleanalyticsRefreshToken=grant-1&source=%2Fadmetrics%2Fb1');
    await waitFor(() => expect(landedAt(router)).toBe('/dashboard'));
    expect(screen.getByText('Update Failed')).toBeInTheDocument();
    expect(screen.getByText('Unable to update Google Analytics token.')).toBeInTheDocument();
  });

  it('an update that throws shows the server message and goes to /', async () => {
    updatesAnswer(() => fail(404, { success: false, message: 'Brand not found' }));
    const router = visit('?fbToken=grant-1&source=%2Fdashboard');
    await waitFor(() => expect(landedAt(router)).toBe('/'));
    expect(screen.getByText('Brand not found')).toBeInTheDocument();
  });

  it.each(['/brand-setup?openModal=facebook', '/first-time-brand-setup'])('from brand setup (%s) it only returns there with openModal', async (source) => {
    const router = visit(`?fbToken=grant-1&source=${encodeURIComponent(source)}`);
    await waitFor(() => expect(landedAt(router)).toBe(`${source.split('?')[0]}?openModal=facebook`));
    expect(sent()).toHaveLength(0);
  });

  it('without a selected brand it returns to the source with openModal and updates nothing', async () => {
    sessionStore.signIn({ ...asha, brands: [] });
    const router = visit('?googleadRefreshToken=grant-1&source=%2Fdashboard');
    await waitFor(() => expect(landedAt(router)).toBe('/dashboard?openModal=googleads'));
    expect(sent()).toHaveLength(0);
  });

  it('never follows a source to another site', async () => {
    updatesAnswer(() => ({ success: true }));
    const router = visit(`?fbToken=grant-1&source=${encodeURIComponent('//evil.example/steal')}`);
    await waitFor(() => expect(landedAt(router)).toBe('/dashboard?openModal=facebook'));
  });

  it('a Zoho grant is attached and the user goes to /profile', async () => {
    updatesAnswer(() => ({ success: true }));
    const router = visit('?zohoToken=z-1&userId=u1&source=%2Fprofile');
    await waitFor(() => expect(landedAt(router)).toBe('/profile'));
    expect(calls()).toEqual(['PUT /api/auth/updateTokens/zoho/zohoToken?brandId=b1&zohoToken=z-1']);
    expect(screen.getByText('Zoho Desk token updated successfully.')).toBeInTheDocument();
  });

  it('an administrator without a brand still connects the help desk (it is the product\'s, not a brand\'s)', async () => {
    sessionStore.signIn({ ...asha, brands: [] });
    updatesAnswer(() => ({ success: true }));
    const router = visit('?zohoToken=z-2&userId=u1&source=%2Fprofile');
    await waitFor(() => expect(landedAt(router)).toBe('/profile'));
    expect(calls()).toEqual(['PUT /api/auth/updateTokens/zoho/zohoToken?zohoToken=z-2']);
  });

  it('an unexpected failure says so and goes to /login', async () => {
    vi.spyOn(sessionStore, 'get').mockImplementationOnce(() => {
      throw new Error('storage unavailable');
    });
    const router = visit('?fbToken=grant-1&source=%2Fdashboard');
    await waitFor(() => expect(landedAt(router)).toBe('/login'));
    expect(screen.getByText('An error occurred while handling the login callback.')).toBeInTheDocument();
  });
});

describe('/callback: consent denied or failed', () => {
  beforeEach(() => sessionStore.signIn(asha));

  it('access_denied: a clear toast and back to the source without openModal, nothing changed', async () => {
    const router = visit(`?error=access_denied&platform=meta&source=${encodeURIComponent('/dashboard?openModal=facebook&range=7d')}`);
    await waitFor(() => expect(landedAt(router)).toBe('/dashboard?range=7d'));
    expect(screen.getByText('Connection cancelled')).toBeInTheDocument();
    expect(screen.getByText('Access to Facebook was not granted. Nothing was changed.')).toBeInTheDocument();
    expect(sent()).toHaveLength(0);
  });

  it('a provider error names the platform and returns to brand setup', async () => {
    const router = visit(`?error=server_error&platform=google_ads&source=${encodeURIComponent('/brand-setup?openModal=googleads')}`);
    await waitFor(() => expect(landedAt(router)).toBe('/brand-setup'));
    expect(screen.getByText('Connection failed')).toBeInTheDocument();
    expect(screen.getByText('Google Ads did not finish connecting. Nothing was changed.')).toBeInTheDocument();
  });

  it('a cancelled sign-in goes to /login', async () => {
    sessionStore.clear();
    const router = visit('?error=access_denied&platform=login');
    await waitFor(() => expect(landedAt(router)).toBe('/login'));
    expect(screen.getByText('Sign-in cancelled')).toBeInTheDocument();
  });
});
