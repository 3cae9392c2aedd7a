import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { api, deferred, fail, malformed, networkError, reply, sent, server, type Resolver } from '../../../../test/api';
import { AppProvider } from '../../../app/provider';
import { redirectTo } from '../../../lib/browser';
import { ShopifyInstallScreen } from './shopify-install-screen';

vi.mock('../../../lib/browser', () => ({ redirectTo: vi.fn() }));

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
  vi.mocked(redirectTo).mockReset();
});

describe('/shopify app install', () => {
  it('shows Connecting to Dashboard..., forwards every query parameter and follows the authorization URL', async () => {
    const answer = deferred();
    server.use(
      api('POST /api/auth/shopify-install', async () => {
        await answer.promise;
        return { success: true, authUrl: 'https://sunkissed.myshopify.com/admin/oauth/authorize?client_id=1' };
      }),
    );
    visit(installQuery);
    expect(screen.getByText('Connecting to Dashboard...')).toBeInTheDocument();
    answer.release();
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('https://sunkissed.myshopify.com/admin/oauth/authorize?client_id=1'));
    expect(sent()).toHaveLength(1);
    const [request] = sent();
    expect(request!.path).toBe('/api/auth/shopify-install');
    expect(request!.method).toBe('POST');
    expect(request!.body).toEqual({ shop: 'sunkissed.myshopify.com', hmac: 'abc123', timestamp: '1700000000', host: 'YWRtaW4' });
  });

  it('without a shop it says so, calls nothing, and Return to Home goes to /', async () => {
    const router = visit('?hmac=abc123');
    expect(screen.getByRole('heading', { name: 'Authentication Error' })).toBeInTheDocument();
    expect(screen.getByText('Shop parameter is missing')).toBeInTheDocument();
    expect(sent()).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Return to Home' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it.each<[string, Resolver<'POST /api/auth/shopify-install'>, string]>([
    ['success without a URL', () => ({ success: true }), 'Failed to get authorization URL'],
    ['success:false with the server error', () => ({ success: false, error: 'Shop is not allowed' }), 'Shop is not allowed'],
    ['a 400 with the server error', () => reply(400, { success: false, error: 'HMAC validation failed' }), 'HMAC validation failed'],
    ['a failure with a message', () => fail(500, { success: false, message: 'Install service down' }), 'Install service down'],
    ['a failure with no body', () => malformed(500), 'An error occurred'],
    ['no response', () => networkError(), 'An unexpected error occurred'],
  ])('%s shows the Authentication Error card', async (_kind, answer, message) => {
    server.use(api('POST /api/auth/shopify-install', answer));
    visit(installQuery);
    expect(await screen.findByRole('heading', { name: 'Authentication Error' })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Return to Home' })).toBeInTheDocument();
    expect(redirectTo).not.toHaveBeenCalled();
  });
});
