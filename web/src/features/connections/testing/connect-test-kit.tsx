// Shared by this feature's tests only: a fetch stub answering by "METHOD /path", and the dialog rendered
// inside the app's providers and a memory router.
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Brand } from '@parallels/contract/brands';
import { AppProvider } from '../../../app/provider';
import type { ConnectPlatform } from '../utils/platforms';
import { ConnectAccountDialog, type ConnectTarget } from '../components/connect-account-dialog';

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export type Handler = (init: RequestInit | undefined, url: string) => Response | Promise<Response>;

/** fetch answering by "METHOD /path" (the query string is ignored); anything else is a 404. */
export function stubApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    const handler = handlers[`${init?.method ?? 'GET'} ${url.split('?')[0]}`];
    return handler ? handler(init, url) : json(404, { success: false, message: `not mocked: ${url}` });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function bodyOf(fetchMock: ReturnType<typeof stubApi>, methodAndPath: string): unknown {
  const call = fetchMock.mock.calls.find(([url, init]) => `${init?.method ?? 'GET'} ${String(url).split('?')[0]}` === methodAndPath);
  return call?.[1]?.body ? JSON.parse(String(call[1].body)) : undefined;
}

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

export const googleAccounts = [
  { name: 'Sun Kissed US', clientId: '1111111111', managerId: '9999999999', hidden: false },
  { name: 'Sun Kissed EU', clientId: '2222222222', managerId: '9999999999', hidden: false },
  { name: 'Moonlight Direct', clientId: '3333333333', managerId: '', hidden: false },
];

export const facebookAccounts = [
  { id: 'act_111', adname: 'Sun Kissed Main' },
  { id: 'act_222', adname: 'Sun Kissed Retargeting', currency: 'EUR' },
  { id: 'act_333', adname: 'Sun Kissed Prospecting' },
];

export const ga4Properties = [
  { propertyId: '501', propertyName: 'Sun Kissed Web' },
  { propertyId: '502', propertyName: 'Sun Kissed App' },
  { propertyId: '503', propertyName: 'Sun Kissed Blog' },
];

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
