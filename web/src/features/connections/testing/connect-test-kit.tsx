// Shared by this feature's tests only: the contract-typed fixtures the API handlers (test/api.ts) answer, and
// the dialog rendered inside the app's providers and a memory router.
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Brand } from '@parallels/contract/brands';
import type { FbAdAccountOption, Ga4PropertyOption, GoogleAdsAccountOption } from '@parallels/contract/setup';
import { api } from '../../../../test/api';
import { AppProvider } from '../../../app/provider';
import type { ConnectPlatform } from '../utils/platforms';
import { ConnectAccountDialog, type ConnectTarget } from '../components/connect-account-dialog';

export const brand: Brand = {
  _id: 'b1',
  name: 'Sun_Kissed',
  currency: 'INR',
  timezone: 'Asia/Kolkata',
  shopifyAccount: null,
  fbAdAccounts: ['act_111'],
  googleAdAccount: [{ clientId: '1111111111', managerId: '9999999999' }],
  ga4Account: { PropertyID: '501' },
  connections: [],
};

export const googleAccounts: GoogleAdsAccountOption[] = [
  { name: 'Sun Kissed US', clientId: '1111111111', managerId: '9999999999', hidden: false },
  { name: 'Sun Kissed EU', clientId: '2222222222', managerId: '9999999999', hidden: false },
  { name: 'Moonlight Direct', clientId: '3333333333', managerId: '', hidden: false },
];

export const facebookAccounts: FbAdAccountOption[] = [
  { id: 'act_111', adname: 'Sun Kissed Main' },
  { id: 'act_222', adname: 'Sun Kissed Retargeting', currency: 'EUR' },
  { id: 'act_333', adname: 'Sun Kissed Prospecting' },
];

export const ga4Properties: Ga4PropertyOption[] = [
  { propertyId: '501', propertyName: 'Sun Kissed Web' },
  { propertyId: '502', propertyName: 'Sun Kissed App' },
  { propertyId: '503', propertyName: 'Sun Kissed Blog' },
];

/** GET /api/brands/:brandId answering `brand`. */
export const brandHandler = () => api('GET /api/brands/:brandId', () => brand);

/** PATCH /api/brands/update/:brandId answering the brand with the sent change applied. */
export const updateBrandHandler = () => api('PATCH /api/brands/update/:brandId', ({ body }) => ({ ...brand, ...(body as Partial<Brand>) }));

export function renderDialog(platform: ConnectPlatform, target: ConnectTarget = { mode: 'brand', brandId: 'b1' }, path = '/dashboard') {
  const onClose = vi.fn();
  const router = createMemoryRouter([{ path: '*', element: <ConnectAccountDialog platform={platform} onClose={onClose} target={target} /> }], { initialEntries: [path] });
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { onClose, router };
}
