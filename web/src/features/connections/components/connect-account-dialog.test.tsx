import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, bodyOf, deferred, fail, sent, server, type RequestHandler } from '../../../../test/api';
import { brand, brandHandler, facebookAccounts, ga4Properties, googleAccounts, renderDialog, updateBrandHandler } from '../testing/connect-test-kit';

const accounts = () => within(screen.getByRole('list', { name: 'Accounts' }));

function googleBrand(...extra: RequestHandler[]) {
  server.use(brandHandler(), api('POST /api/setup/google-accounts/:brandId', () => ({ success: true, clientAccounts: googleAccounts })), ...extra);
}
const patched = () => sent().filter((r) => r.method === 'PATCH');

describe('connect-account dialog, brand mode', () => {
  it('shows Loading until the list arrives', async () => {
    const answer = deferred();
    server.use(
      brandHandler(),
      api('POST /api/setup/google-accounts/:brandId', async () => {
        await answer.promise;
        return { success: true, clientAccounts: googleAccounts };
      }),
    );
    renderDialog('google_ads');
    expect(await screen.findByText('Loading accounts')).toBeInTheDocument();
    answer.release();
    expect(await screen.findByText('Sun Kissed EU')).toBeInTheDocument();
    expect(screen.queryByText('Loading accounts')).not.toBeInTheDocument();
  });

  it('lists accounts: connected ones say Connected and are disabled, the others toggle Select / Selected with Save(n)', async () => {
    googleBrand();
    renderDialog('google_ads');
    expect(await screen.findByRole('dialog', { name: 'Google Ads Accounts' })).toBeInTheDocument();
    const connected = await screen.findByRole('button', { name: 'Connected Sun Kissed US' });
    expect(connected).toBeDisabled();
    expect(screen.getByText('Customer ID: 222-222-2222 · Manager ID: 999-999-9999')).toBeInTheDocument();
    // Nothing selected: no Save, nothing sent.
    expect(screen.queryByRole('button', { name: /^Save/ })).not.toBeInTheDocument();

    const eu = screen.getByRole('button', { name: 'Select Sun Kissed EU' });
    expect(eu).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(eu);
    expect(screen.getByRole('button', { name: 'Selected Sun Kissed EU' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Save(1)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Select Moonlight Direct' }));
    expect(screen.getByRole('button', { name: 'Save(2)' })).toBeInTheDocument();
    // Unselecting both takes Save away again.
    await userEvent.click(screen.getByRole('button', { name: 'Selected Sun Kissed EU' }));
    await userEvent.click(screen.getByRole('button', { name: 'Selected Moonlight Direct' }));
    expect(screen.queryByRole('button', { name: /^Save/ })).not.toBeInTheDocument();
    expect(patched()).toHaveLength(0);
  });

  it('searches case-insensitively over name, id and manager id, and says when nothing matches', async () => {
    googleBrand();
    renderDialog('google_ads');
    const search = await screen.findByRole('searchbox', { name: 'Search accounts' });
    await userEvent.type(search, 'MOON');
    expect(accounts().getAllByRole('listitem')).toHaveLength(1);
    expect(accounts().getByText('Moonlight Direct')).toBeInTheDocument();

    await userEvent.clear(search);
    await userEvent.type(search, '222-222');
    expect(accounts().getAllByRole('listitem')).toHaveLength(1);
    expect(accounts().getByText('Sun Kissed EU')).toBeInTheDocument();

    await userEvent.clear(search);
    await userEvent.type(search, '9999999999');
    expect(accounts().getAllByRole('listitem')).toHaveLength(2);
    expect(accounts().queryByText('Moonlight Direct')).not.toBeInTheDocument();

    await userEvent.clear(search);
    await userEvent.type(search, 'no such shop');
    expect(screen.getByText('No accounts found matching your search.')).toBeInTheDocument();
  });

  it('says so when the provider has no accounts at all', async () => {
    server.use(api('POST /api/setup/fb-ad-accounts/:brandId', () => ({ success: true, adAccounts: [] })), brandHandler());
    renderDialog('meta');
    expect(await screen.findByText('No accounts available.')).toBeInTheDocument();
  });

  it('Google Ads: merges the new picks into the brand list without duplicates, toasts and closes', async () => {
    googleBrand(updateBrandHandler());
    const { onClose } = renderDialog('google_ads');
    await userEvent.click(await screen.findByRole('button', { name: 'Select Sun Kissed EU' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save(1)' }));
    expect(await screen.findByText('Successfully connected Sun Kissed EU to Google Ads')).toBeInTheDocument();
    expect(bodyOf('PATCH /api/brands/update/b1')).toEqual({
      googleAdAccount: [
        { clientId: '1111111111', managerId: '9999999999' },
        { clientId: '2222222222', managerId: '9999999999' },
      ],
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('Facebook: merges the picks into fbAdAccounts, keeping the connected one once', async () => {
    server.use(brandHandler(), api('POST /api/setup/fb-ad-accounts/:brandId', () => ({ success: true, adAccounts: facebookAccounts })), updateBrandHandler());
    renderDialog('meta');
    expect(await screen.findByRole('button', { name: 'Connected Sun Kissed Main' })).toBeDisabled();
    // each account says the currency it reports in, where the platform says it
    expect(screen.getByText('Account ID: act_222 · Reports in EUR')).toBeInTheDocument();
    expect(screen.getByText('Account ID: act_111')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Select Sun Kissed Retargeting' }));
    await userEvent.click(screen.getByRole('button', { name: 'Select Sun Kissed Prospecting' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save(2)' }));
    expect(await screen.findByText('Successfully connected Sun Kissed Retargeting, Sun Kissed Prospecting to Facebook')).toBeInTheDocument();
    expect(bodyOf('PATCH /api/brands/update/b1')).toEqual({ fbAdAccounts: ['act_111', 'act_222', 'act_333'] });
  });

  it('GA4: sets the first selected property only', async () => {
    server.use(
      brandHandler(),
      api('POST /api/setup/ga4-propertyIds/:brandId', () => ({ success: true, propertiesList: ga4Properties })),
      api('PATCH /api/brands/update/:brandId', () => ({ ...brand, ga4Account: { PropertyID: '503' } })),
    );
    renderDialog('ga4');
    expect(await screen.findByRole('button', { name: 'Connected Sun Kissed Web' })).toBeDisabled();
    // GA4 has properties, not accounts
    expect(screen.getByRole('list', { name: 'Properties' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search properties' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Select Sun Kissed Blog' }));
    await userEvent.click(screen.getByRole('button', { name: 'Select Sun Kissed App' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save(2)' }));
    expect(await screen.findByText('Successfully connected Sun Kissed Blog to Google Analytics')).toBeInTheDocument();
    expect(bodyOf('PATCH /api/brands/update/b1')).toEqual({ ga4Account: { PropertyID: '503' } });
  });

  it('Remove sends the list without that account and stays open', async () => {
    googleBrand(api('PATCH /api/brands/update/:brandId', () => ({ ...brand, googleAdAccount: [] })));
    const { onClose } = renderDialog('google_ads');
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Sun Kissed US' }));
    expect(await screen.findByText('Removed Sun Kissed US from Google Ads')).toBeInTheDocument();
    expect(bodyOf('PATCH /api/brands/update/b1')).toEqual({ googleAdAccount: [] });
    // The cached brand now has no Google Ads account: the row can be selected again.
    expect(await screen.findByRole('button', { name: 'Select Sun Kissed US' })).toBeEnabled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows the server message when saving fails', async () => {
    googleBrand(api('PATCH /api/brands/update/:brandId', () => fail(400, { success: false, message: 'The Google Ads account 2222222222 is not available to your Google account' })));
    renderDialog('google_ads');
    await userEvent.click(await screen.findByRole('button', { name: 'Select Sun Kissed EU' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save(1)' }));
    expect(await screen.findByText('The Google Ads account 2222222222 is not available to your Google account')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save(1)' })).toBeEnabled();
  });
});

describe('connect-account dialog, setup mode (no brand yet)', () => {
  it('lists with the user id and puts the picks in the pending form instead of saving', async () => {
    server.use(api('POST /api/setup/fb-ad-accounts', () => ({ success: true, adAccounts: facebookAccounts })));
    const onAccountsChange = vi.fn();
    const { onClose } = renderDialog('meta', { mode: 'setup', userId: 'u1', accounts: { fbAdAccounts: ['111'], googleAdAccount: [], ga4PropertyId: null }, onAccountsChange }, '/brand-setup');
    // The pending form spelled the id without act_: still recognised as connected.
    expect(await screen.findByRole('button', { name: 'Connected Sun Kissed Main' })).toBeDisabled();
    expect(bodyOf('POST /api/setup/fb-ad-accounts')).toEqual({ userId: 'u1' });
    await userEvent.click(screen.getByRole('button', { name: 'Select Sun Kissed Retargeting' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save(1)' }));
    expect(onAccountsChange).toHaveBeenCalledWith({ fbAdAccounts: ['111', 'act_222'], googleAdAccount: [], ga4PropertyId: null });
    expect(screen.getByText('Successfully connected Sun Kissed Retargeting to Facebook')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(patched()).toHaveLength(0);
  });

  it('Remove takes the account out of the pending form', async () => {
    server.use(api('POST /api/setup/google-accounts', () => ({ success: true, clientAccounts: googleAccounts })));
    const onAccountsChange = vi.fn();
    renderDialog('google_ads', { mode: 'setup', userId: 'u1', accounts: { fbAdAccounts: [], googleAdAccount: [{ clientId: '3333333333', managerId: '' }], ga4PropertyId: null }, onAccountsChange }, '/brand-setup');
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Moonlight Direct' }));
    await waitFor(() => expect(onAccountsChange).toHaveBeenCalledWith({ fbAdAccounts: [], googleAdAccount: [], ga4PropertyId: null }));
  });
});
