import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '../../../app/provider';
import { redirectTo } from '../../../lib/browser';
import { ShopifyInstallScreen } from './shopify-install-screen';

vi.mock('../../../lib/browser', () => ({ redirectTo: vi.fn() }));

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const fetchMock = vi.fn<typeof fetch>();
const installQuery = '?shop=sunkissed.myshopify.com&hmac=abc123&timestamp=1700000000&host=YWRtaW4';

function visit(query: string) {
  const router = createMemoryRouter(
    [
      { path: '/shopify', element: <ShopifyInstallScreen /> },
      { path: '/', element: <p>home page</p> },
    ],
    { initialEntries: [`/shopify${query}`] },
  );
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.mocked(redirectTo).mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe('/shopify app install', () => {
  it('shows Connecting to Dashboard..., forwards every query parameter and follows the authorization URL', async () => {
    let answer: (r: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise((r) => (answer = r)));
    visit(installQuery);
    expect(screen.getByText('Connecting to Dashboard...')).toBeInTheDocument();
    answer(json(200, { success: true, authUrl: 'https://sunkissed.myshopify.com/admin/oauth/authorize?client_id=1' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('https://sunkissed.myshopify.com/admin/oauth/authorize?client_id=1'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/shopify-install');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ shop: 'sunkissed.myshopify.com', hmac: 'abc123', timestamp: '1700000000', host: 'YWRtaW4' });
  });

  it('without a shop it says so, calls nothing, and Return to Home goes to /', async () => {
    const router = visit('?hmac=abc123');
    expect(screen.getByRole('heading', { name: 'Authentication Error' })).toBeInTheDocument();
    expect(screen.getByText('Shop parameter is missing')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Return to Home' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it.each([
    ['success without a URL', () => json(200, { success: true }), 'Failed to get authorization URL'],
    ['success:false with the server error', () => json(200, { success: false, error: 'Shop is not allowed' }), 'Shop is not allowed'],
    ['a 400 with the server error', () => json(400, { success: false, error: 'HMAC validation failed' }), 'HMAC validation failed'],
    ['a failure with a message', () => json(500, { success: false, message: 'Install service down' }), 'Install service down'],
    ['a failure with no body', () => new Response('', { status: 500 }), 'An error occurred'],
    ['no response', () => Promise.reject(new TypeError('Failed to fetch')), 'An unexpected error occurred'],
  ])('%s shows the Authentication Error card', async (_kind, answer, message) => {
    fetchMock.mockImplementation(async () => answer());
    visit(installQuery);
    expect(await screen.findByRole('heading', { name: 'Authentication Error' })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Return to Home' })).toBeInTheDocument();
    expect(redirectTo).not.toHaveBeenCalled();
  });
});
