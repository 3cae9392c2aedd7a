import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, fail, networkError, sent, server, type Reply, type Route } from '../../../../test/api';
import { redirectTo } from '../../../lib/browser';
import { brandHandler, renderDialog } from '../testing/connect-test-kit';

vi.mock('../../../lib/browser', () => ({ redirectTo: vi.fn() }));

let alertSpy: MockInstance<typeof window.alert>;
beforeEach(() => {
  vi.mocked(redirectTo).mockReset();
  alertSpy = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
});
afterEach(() => {
  alertSpy.mockRestore();
});

type ListRoute = Extract<Route, `POST /api/setup/${string}/:brandId`>;
function failingList(route: ListRoute, answer: () => Reply) {
  server.use(brandHandler(), api(route, answer));
}

const failure = (status: number, message: string, code?: string) => () => fail(status, { success: false, message, ...(code ? { code } : {}) });

describe('connect-account dialog, list failures', () => {
  it.each([
    ['a 400', failure(400, 'Bad request')],
    ['a 403 without a code', failure(403, 'Forbidden')],
    ['NOT_CONNECTED', failure(403, 'Connect Google Ads first', 'NOT_CONNECTED')],
    ['UNAUTHENTICATED', failure(403, 'Sign in again', 'UNAUTHENTICATED')],
    ['INVALID_CREDENTIALS', failure(403, 'Invalid credentials', 'INVALID_CREDENTIALS')],
    ['NOT_ADS_USER', failure(403, 'The Google account is not associated with any Ads accounts', 'NOT_ADS_USER')],
    ['PLATFORM_UNAVAILABLE', failure(502, 'Google Ads is unavailable', 'PLATFORM_UNAVAILABLE')],
    ['a message about a missing credential', failure(500, 'Request is missing required authentication credential')],
    ['a message about an invalid token', failure(500, 'OAuth access token invalid')],
    ['any other server error', failure(500, 'Internal error')],
    ['no response at all', () => networkError()],
  ])('%s shows the connect button and no alert', async (_kind, answer) => {
    failingList('POST /api/setup/google-accounts/:brandId', answer);
    renderDialog('google_ads');
    expect(await screen.findByRole('button', { name: 'Connect to your Google Ads account' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Accounts' })).not.toBeInTheDocument();
    expect(alertSpy).not.toHaveBeenCalled();
  });

  it.each([
    ['a 401', failure(401, 'Unauthorized')],
    ['TOKEN_EXPIRED', failure(403, 'The Google token expired', 'TOKEN_EXPIRED')],
  ])('%s also alerts that the Google session expired, once', async (_kind, answer) => {
    failingList('POST /api/setup/ga4-propertyIds/:brandId', answer);
    renderDialog('ga4');
    expect(await screen.findByRole('button', { name: 'Connect to your GA4 account' })).toBeInTheDocument();
    expect(alertSpy).toHaveBeenCalledTimes(1);
    expect(alertSpy).toHaveBeenCalledWith('Your Google session has expired. Please log in again.');
  });

  it('explains a never-connected provider', async () => {
    failingList('POST /api/setup/fb-ad-accounts/:brandId', failure(403, 'No Facebook grant', 'NOT_CONNECTED'));
    renderDialog('meta');
    expect(await screen.findByText('Connect your Facebook account to choose from its accounts.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect to your Facebook account' })).toBeInTheDocument();
  });
});

describe('the connect button starts the provider sign-in and comes back with openModal', () => {
  it('Google Ads: context googleAdSetup, source = current path with openModal=googleads', async () => {
    server.use(
      brandHandler(),
      api('POST /api/setup/google-accounts/:brandId', failure(403, 'x', 'NOT_CONNECTED')),
      api('GET /api/auth/google', () => ({ success: true, authUrl: 'https://accounts.example/consent?state=1' })),
    );
    renderDialog('google_ads', { mode: 'brand', brandId: 'b1' }, '/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Connect to your Google Ads account' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('https://accounts.example/consent?state=1'));
    const query = sent('GET /api/auth/google')[0]!.url.searchParams;
    expect(query.get('context')).toBe('googleAdSetup');
    expect(query.get('source')).toBe('/dashboard?openModal=googleads');
  });

  it('GA4: context googleAnalyticsSetup, openModal=googleanalytics, keeping the page query', async () => {
    server.use(
      api('POST /api/setup/ga4-propertyIds', failure(403, 'x', 'NOT_CONNECTED')),
      api('GET /api/auth/google', () => ({ success: true, authUrl: 'https://accounts.example/ga4' })),
    );
    renderDialog('ga4', { mode: 'setup', userId: 'u1', accounts: { fbAdAccounts: [], googleAdAccount: [], ga4PropertyId: null }, onAccountsChange: vi.fn() }, '/brand-setup?step=2');
    await userEvent.click(await screen.findByRole('button', { name: 'Connect to your GA4 account' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('https://accounts.example/ga4'));
    const query = sent('GET /api/auth/google')[0]!.url.searchParams;
    expect(query.get('context')).toBe('googleAnalyticsSetup');
    expect(query.get('source')).toBe('/brand-setup?step=2&openModal=googleanalytics');
  });

  it('Facebook: /api/auth/facebook answers authURL', async () => {
    server.use(
      brandHandler(),
      api('POST /api/setup/fb-ad-accounts/:brandId', failure(403, 'x', 'NOT_CONNECTED')),
      api('GET /api/auth/facebook', () => ({ success: true, authURL: 'https://facebook.example/dialog' })),
    );
    renderDialog('meta');
    await userEvent.click(await screen.findByRole('button', { name: 'Connect to your Facebook account' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('https://facebook.example/dialog'));
    expect(sent('GET /api/auth/facebook')[0]!.url.searchParams.get('source')).toBe('/dashboard?openModal=facebook');
  });

  it('stays and says why when the start fails', async () => {
    server.use(
      brandHandler(),
      api('POST /api/setup/fb-ad-accounts/:brandId', failure(403, 'x', 'NOT_CONNECTED')),
      api('GET /api/auth/facebook', () => fail(500, { success: false, message: 'Facebook is not configured' })),
    );
    renderDialog('meta');
    await userEvent.click(await screen.findByRole('button', { name: 'Connect to your Facebook account' }));
    expect(await screen.findByText('Facebook is not configured')).toBeInTheDocument();
    expect(redirectTo).not.toHaveBeenCalled();
  });
});
