import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '../../../app/provider';
import { redirectTo } from '../../../lib/browser';
import { sessionStore } from '../../../lib/session-store';
import { PricingCallbackScreen } from './pricing-callback-screen';
import { PricingDialog } from './pricing-dialog';

vi.mock('../../../lib/browser', () => ({ redirectTo: vi.fn() }));

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const fetchMock = vi.fn<typeof fetch>();
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
    fetchMock.mockReset();
    vi.mocked(redirectTo).mockReset();
    vi.stubGlobal('fetch', fetchMock);
    sessionStore.signIn(asha);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('the dialog shows the current plan from the server and sends a plan choice to the store plan page', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/pricing/details/b1') return json(200, { planName: 'Startup Plan', status: 'active', trialDaysRemaining: 9, trialEndsOn: '2026-07-01T00:00:00.000Z', daysUntilBilling: 9, billingOn: '2026-07-01T00:00:00.000Z' });
      if (url === '/api/pricing/plan-page/b1?plan=GROWTH') return json(200, { success: true, url: 'https://admin.example/store/demo/charges/parallels/pricing_plans' });
      return json(404, { success: false, message: 'not mocked' });
    });
    renderAt('/pricing');
    expect(await screen.findByText(/9 trial days left/)).toBeInTheDocument();
    expect(screen.getByText('Your plan')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Choose Startup Plan' })).not.toBeInTheDocument();
    expect(screen.getByText('✓ Up to 10 brands')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Choose Growth Plan' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('https://admin.example/store/demo/charges/parallels/pricing_plans'));
  });

  it("the callback says 'Processing your subscription...', confirms the charge, then goes to the dashboard", async () => {
    let answer: (r: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise((r) => (answer = r)));
    const router = renderAt('/pricing_callback?shop=demo.myshopify.com&charge_id=42');
    expect(screen.getByText('Processing your subscription...')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/pricing/callback?shop=demo.myshopify.com&charge_id=42');
    answer(json(200, { success: true, planName: 'Startup Plan', brandIds: ['b1'] }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it("missing parameters: 'Error: Missing required parameters', then the dashboard after 2 s", async () => {
    const router = renderAt('/pricing_callback?shop=demo.myshopify.com');
    expect(await screen.findByText('Error: Missing required parameters')).toBeInTheDocument();
    expect(screen.getByText('Redirecting to dashboard...')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await new Promise((r) => setTimeout(r, 1500));
    expect(router.state.location.pathname).toBe('/pricing_callback');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), { timeout: 2000 });
  });

  it("a refused charge shows the server's error", async () => {
    fetchMock.mockResolvedValue(json(402, { success: false, message: 'The subscription was declined in Shopify.' }));
    renderAt('/pricing_callback?shop=demo.myshopify.com&charge_id=42');
    expect(await screen.findByText('Error: The subscription was declined in Shopify.')).toBeInTheDocument();
  });
});
