import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { User } from '@parallels/contract/auth';
import { api, server } from '../../../test/api';
import { lastSocket, fakeSocketIo } from '../../../test/fake-socket';
import { notificationStore } from '../../features/notifications/stores/notification-store';
import { createRealtimeClient, realtime } from '../../lib/realtime';
import { sessionStore } from '../../lib/session-store';
import { AppProvider } from '../provider';
import { RootLayout } from '../root-layout';
import { AppShell } from './app-shell';
import { RealtimeConnection } from './realtime-connection';

const asha: User = { id: 'u1', username: 'Asha', email: 'asha@example.com', isAdmin: false, brands: ['b1', 'b2'], loginCount: 2 };
/** The socket, once the lazily loaded client has opened it. */
async function opened() {
  await waitFor(() => expect(fakeSocketIo).toHaveBeenCalled());
  const socket = lastSocket();
  await waitFor(() => expect(socket.connect).toHaveBeenCalled());
  return socket;
}

describe('realtime connection in the app', () => {
  beforeEach(() => {
    notificationStore.reset();
    notificationStore.setSoundEnabled(false);
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    sessionStore.clear();
  });

  it('connects for the user, follows the selected brand room, and closes when unmounted', async () => {
    const client = createRealtimeClient();
    const { rerender, unmount } = render(<RealtimeConnection userId="u1" brandId="b1" client={client} />);
    const socket = await opened();
    act(() => socket.serverConnect());
    expect(socket.sent).toEqual([
      ['join-user-room', 'u1'],
      ['join-brand-room', 'b1'],
    ]);
    rerender(<RealtimeConnection userId="u1" brandId="b2" client={client} />);
    expect(socket.sent.slice(2)).toEqual([
      ['leave-brand-room', 'b1'],
      ['join-brand-room', 'b2'],
    ]);
    expect(fakeSocketIo).toHaveBeenCalledTimes(1);
    unmount();
    expect(socket.disconnect).toHaveBeenCalled();
    expect(client.getState()).toBe('disconnected');
  });

  it("an unauthorized handshake adds 'Connection Error' / 'Authentication failed. Please log in again.'", async () => {
    const client = createRealtimeClient();
    render(<RealtimeConnection userId="u1" brandId={null} client={client} />);
    const socket = await opened();
    act(() => socket.refuse('unauthorized'));
    expect(notificationStore.get().notifications).toEqual([
      expect.objectContaining({ type: 'error', title: 'Connection Error', message: 'Authentication failed. Please log in again.', isRead: false }),
    ]);
  });

  it('other connection errors add nothing', async () => {
    const client = createRealtimeClient();
    render(<RealtimeConnection userId="u1" brandId={null} client={client} />);
    const socket = await opened();
    act(() => socket.refuse('xhr poll error', { active: true }));
    expect(notificationStore.get().notifications).toEqual([]);
  });

  it('messages from the server become notifications in the bell; logout closes the socket', async () => {
    sessionStore.signIn(asha);
    server.use(
      api('GET /api/users/getuser/:userId', () => ({
        success: true,
        user: asha,
        brands: [
          { _id: 'b1', name: 'Sun' },
          { _id: 'b2', name: 'Moon' },
        ],
      })),
    );
    const router = createMemoryRouter(
      [{ element: <RootLayout />, children: [{ path: '/', element: <p>home</p> }, { element: <AppShell />, children: [{ path: '/dashboard', element: <p>dashboard body</p> }] }] }],
      { initialEntries: ['/dashboard'] },
    );
    render(
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>,
    );
    await screen.findByText('dashboard body');
    const socket = await opened();
    act(() => socket.serverConnect());
    expect(realtime.getState()).toBe('connected');
    expect(socket.sent).toEqual([
      ['join-user-room', 'u1'],
      ['join-brand-room', 'b1'],
    ]);
    act(() => socket.send('brand-notification', { type: 'metrics-calculation-complete', data: { success: true, message: 'Your metrics are fresh.', brandId: 'b1' } }));
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('1');
    await userEvent.click(screen.getByRole('button', { name: 'Notifications, 1 unread' }));
    expect(await screen.findByText('Your metrics are fresh.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(socket.disconnect).toHaveBeenCalled();
    expect(realtime.getState()).toBe('disconnected');
  });
});
