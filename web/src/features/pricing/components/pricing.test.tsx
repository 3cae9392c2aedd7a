import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { api, deferred, fail, sent, server } from '../../../../test/api';
import { AppProvider } from '../../../app/provider';
import { redirectTo } from '../../../lib/browser';
import { sessionStore } from '../../../lib/session-store';
import { PricingCallbackScreen } from './pricing-callback-screen';
import { PricingDialog } from './pricing-dialog';

vi.mock('../../../lib/browser', () => ({ redirectTo: vi.fn() }));

const asha = { id: 'u1', username: 'asha', email: 'asha@example.com', isAdmin: false, brands: ['b1'], loginCount: 3 };

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/pricing', element: <PricingDialog open onClose={() => undefined} /> },
      { path: '/pricing_callback', element: <PricingCallbackScreen /> },
      { path: '/dashboard', element: <p>Dashboard here</p> },
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

describe('pricing', () => {
  beforeEach(() => {
    vi.mocked(redirectTo).mockReset();
    sessionStore.signIn(asha);
  });
  afterEach(() => {
    sessionStore.clear();
  });

  it('the dialog shows the current plan from the server and sends a plan choice to the store plan page', async () => {
    server.use(
      api('GET /api/pricing/details/:brandId', () => ({ planName: 'Startup Plan', status: 'active', trialDaysRemaining: 9, trialEndsOn: '2026-07-01T00:00:00.000Z', daysUntilBilling: 9, billingOn: '2026-07-01T00:00:00.000Z' })),
      api('GET /api/pricing/plan-page/:brandId', ({ url }) =>
        url.searchParams.get('plan') === 'GROWTH' ? { success: true, url: 'https://admin.example/store/demo/charges/parallels/pricing_plans' } : fail(404, { success: false, message: 'not mocked' }),
      ),
    );
    renderAt('/pricing');
    expect(await screen.findByText(/9 trial days left/)).toBeInTheDocument();
    expect(screen.getByText('Your plan')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Choose Startup Plan' })).not.toBeInTheDocument();
    expect(screen.getByText('✓ Up to 10 brands')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Choose Growth Plan' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('https://admin.example/store/demo/charges/parallels/pricing_plans'));
  });

  it("the callback says 'Processing your subscription...', confirms the charge, then goes to the dashboard", async () => {
    const answer = deferred();
    server.use(
      api('GET /api/pricing/callback', async () => {
        await answer.promise;
        return { success: true, planName: 'Startup Plan', brandIds: ['b1'] };
      }),
    );
    const router = renderAt('/pricing_callback?shop=demo.myshopify.com&charge_id=42');
    expect(screen.getByText('Processing your subscription...')).toBeInTheDocument();
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]!.url.pathname + sent()[0]!.url.search).toBe('/api/pricing/callback?shop=demo.myshopify.com&charge_id=42');
    answer.release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it("missing parameters: 'Error: Missing required parameters', then the dashboard after 2 s", async () => {
    const router = renderAt('/pricing_callback?shop=demo.myshopify.com');
    expect(await screen.findByText('Error: Missing required parameters')).toBeInTheDocument();
    expect(screen.getByText('Redirecting to dashboard...')).toBeInTheDocument();
    expect(sent()).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 1500));
    expect(router.state.location.pathname).toBe('/pricing_callback');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), { timeout: 2000 });
  });

  it("a refused charge shows the server's error", async () => {
    server.use(api('GET /api/pricing/callback', () => fail(402, { success: false, message: 'The subscription was declined in Shopify.' })));
    renderAt('/pricing_callback?shop=demo.myshopify.com&charge_id=42');
    expect(await screen.findByText('Error: The subscription was declined in Shopify.')).toBeInTheDocument();
  });
});
