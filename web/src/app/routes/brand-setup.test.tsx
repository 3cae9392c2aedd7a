import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { User } from '@parallels/contract/auth';
import type { Brand } from '@parallels/contract/brands';
import { api, bodyOf, fail, server } from '../../../test/api';
import { redirectTo } from '../../lib/browser';
import { sessionStore } from '../../lib/session-store';
import { AppProvider } from '../provider';
import { BrandSetupRoute } from './brand-setup';

vi.mock('../../lib/browser', () => ({ redirectTo: vi.fn() }));

const asha: User = { id: 'u1', username: 'Asha', email: 'asha@example.com', isAdmin: false, brands: [], loginCount: 1 };
const newBrand: Brand = { _id: 'b9', name: 'Sun Kissed', currency: 'INR', timezone: 'Asia/Kolkata', shopifyAccount: { shopName: 'sunkissed.myshopify.com' }, fbAdAccounts: [], googleAdAccount: [], ga4Account: null, connections: [] };

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/brand-setup', element: <BrandSetupRoute /> },
      { path: '/first-time-brand-setup', element: <BrandSetupRoute /> },
      { path: '/dashboard', element: <p>dashboard page</p> },
      // teardown clears the session while the screen is still mounted: it then navigates here
      { path: '/login', element: <p>login page</p> },
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

const completeButton = () => screen.getByRole('button', { name: 'Complete Setup' });
const shopifyReturn = '/first-time-brand-setup?access_token=grant-1&shop_name=sunkissed&shop=sunkissed.myshopify.com';

describe('brand setup', () => {
  beforeEach(() => {
    sessionStorage.clear();
    vi.mocked(redirectTo).mockReset();
    sessionStore.signIn(asha);
  });
  afterEach(() => {
    sessionStore.clear();
  });

  it('greets the user and shows the cards, steps, tips and info cards', () => {
    renderAt('/first-time-brand-setup');
    expect(screen.getByRole('heading', { name: 'Welcome, Asha!' })).toBeInTheDocument();
    for (const p of ['Shopify', 'Facebook', 'Google Ads', 'Google Analytics']) expect(screen.getByRole('button', { name: `Connect ${p}` })).toBeInTheDocument();
    for (const h of ['Connected Platforms', 'Setup Steps', 'Pro Tips', 'Connect Multiple Platforms', 'Real-time Updates', 'Easy Management']) {
      expect(screen.getByRole('heading', { name: h })).toBeInTheDocument();
    }
    expect(screen.getByText('Brand Setup')).toBeInTheDocument();
    expect(screen.getByText('Connect Platforms')).toBeInTheDocument();
    expect(screen.getByText('Your data will be automatically synced every 3 hours for accurate reporting')).toBeInTheDocument();
    expect(screen.getByText(/syncs every 3 hours/)).toBeInTheDocument();
  });

  it('enables Complete Setup only with a brand name and a connected platform; a blank name says so', async () => {
    renderAt('/first-time-brand-setup');
    expect(completeButton()).toBeDisabled();
    const name = screen.getByLabelText('Brand Name');
    await userEvent.type(name, 'Sun Kissed');
    expect(completeButton()).toBeDisabled(); // no platform yet
    await userEvent.clear(name);
    await userEvent.tab();
    expect(screen.getByText('Please enter a brand name')).toBeInTheDocument();
    await userEvent.type(name, '   ');
    expect(screen.getByText('Please enter a brand name')).toBeInTheDocument();
  });

  it('marks Shopify connected on the return parameters, cleans the URL and keeps the store across reloads', async () => {
    const router = renderAt(shopifyReturn);
    const card = screen.getByRole('button', { name: 'Manage Shopify' });
    expect(card).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Connected platforms' })).getByText('sunkissed.myshopify.com')).toBeInTheDocument();
    expect(await screen.findByText('Successfully connected sunkissed to Shopify')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await userEvent.type(screen.getByLabelText('Brand Name'), 'Sun Kissed');
    expect(completeButton()).toBeEnabled();
    expect(JSON.parse(sessionStorage.getItem('parallels.pendingBrandSetup')!)).toMatchObject({ brandName: 'Sun Kissed', shopify: { shopName: 'sunkissed', grant: 'grant-1' } });
  });

  it('restores the pending form after an OAuth round trip', () => {
    sessionStorage.setItem(
      'parallels.pendingBrandSetup',
      JSON.stringify({ userId: 'u1', brandName: 'Moon Shop', accounts: { fbAdAccounts: ['act_1'], googleAdAccount: [], ga4PropertyId: '42' }, shopify: null }),
    );
    renderAt('/brand-setup');
    expect(screen.getByLabelText('Brand Name')).toHaveValue('Moon Shop');
    expect(screen.getByRole('button', { name: 'Manage Facebook' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Manage Google Analytics' })).toBeInTheDocument();
    expect(screen.getByText('Property 42')).toBeInTheDocument();
    expect(completeButton()).toBeEnabled();
  });

  it('ignores a pending form left by another user', () => {
    sessionStorage.setItem('parallels.pendingBrandSetup', JSON.stringify({ userId: 'someone-else', brandName: 'Not yours', accounts: { fbAdAccounts: [], googleAdAccount: [], ga4PropertyId: null }, shopify: null }));
    renderAt('/brand-setup');
    expect(screen.getByLabelText('Brand Name')).toHaveValue('');
  });

  it('the Shopify dialog takes the store name without .myshopify.com and starts the brandSetup flow', async () => {
    server.use(api('POST /api/auth/shopify', () => ({ success: true, authUrl: 'https://sunkissed.myshopify.com/admin/oauth/authorize?x=1' })));
    renderAt('/brand-setup');
    await userEvent.click(screen.getByRole('button', { name: 'Connect Shopify' }));
    const dialog = screen.getByRole('dialog', { name: 'Connect Shopify' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue to Shopify' }));
    expect(within(dialog).getByText('Shop name is required')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Store name'), 'Sun-Kissed.myshopify.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue to Shopify' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('https://sunkissed.myshopify.com/admin/oauth/authorize?x=1'));
    expect(bodyOf('POST /api/auth/shopify')).toEqual({ shop: 'sun-kissed', flowType: 'brandSetup', source: '/brand-setup' });
  });

  it('a Facebook pick goes into the pending form (setup mode) and counts as connected', async () => {
    server.use(api('POST /api/setup/fb-ad-accounts', () => ({ success: true, adAccounts: [{ id: 'act_7', adname: 'Sun Kissed Main' }] })));
    renderAt('/brand-setup');
    await userEvent.click(screen.getByRole('button', { name: 'Connect Facebook' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Select Sun Kissed Main' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save(1)' }));
    expect(bodyOf('POST /api/setup/fb-ad-accounts')).toEqual({ userId: 'u1' });
    expect(screen.getByRole('button', { name: 'Manage Facebook' })).toBeInTheDocument();
    expect(screen.getByText('1 ad account')).toBeInTheDocument();
  });

  it('?openModal= reopens the dialog after the provider sign-in and leaves the URL', async () => {
    server.use(api('POST /api/setup/google-accounts', () => ({ success: true, clientAccounts: [{ name: 'Sun Kissed US', clientId: '1111111111', managerId: '', hidden: false }] })));
    const router = renderAt('/brand-setup?openModal=googleads');
    expect(await screen.findByRole('dialog', { name: 'Google Ads Accounts' })).toBeInTheDocument();
    expect(await screen.findByText('Sun Kissed US')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('Complete Setup creates the brand, gives it to the user, selects it and goes to /dashboard', async () => {
    server.use(
      api('POST /api/brands/add', () => ({ success: true, brand: newBrand })),
      api('POST /api/users/add-brand', () => ({ success: true, user: { ...asha, brands: ['b9'] } })),
    );
    const router = renderAt(shopifyReturn);
    await userEvent.type(screen.getByLabelText('Brand Name'), 'Sun Kissed');
    await userEvent.click(completeButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(screen.getByText('Brand setup completed successfully!')).toBeInTheDocument();
    expect(bodyOf('POST /api/brands/add')).toEqual({
      name: 'Sun Kissed',
      fbAdAccounts: [],
      googleAdAccount: [],
      ga4Account: null,
      shopifyAccount: { shopName: 'sunkissed', shopifyAccessToken: 'grant-1' },
    });
    expect(bodyOf('POST /api/users/add-brand')).toEqual({ userId: 'u1', brandId: 'b9' });
    expect(sessionStore.get().user?.brands).toEqual(['b9']);
    expect(sessionStore.get().selectedBrandId).toBe('b9');
    expect(sessionStorage.getItem('parallels.pendingBrandSetup')).toBeNull();
  });

  it('a failed create toasts and stays', async () => {
    server.use(api('POST /api/brands/add', () => fail(403, { success: false, message: 'Connect Facebook first', code: 'NOT_CONNECTED' })));
    const router = renderAt(shopifyReturn);
    await userEvent.type(screen.getByLabelText('Brand Name'), 'Sun Kissed');
    await userEvent.click(completeButton());
    expect(await screen.findByText('Error creating brand. Please try again.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/first-time-brand-setup');
    expect(completeButton()).toBeEnabled();
    expect(sessionStore.get().user?.brands).toEqual([]);
  });
});
