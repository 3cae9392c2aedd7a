import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { User } from '@parallels/contract/auth';
import { sessionStore } from '../../../lib/session-store';
import { notificationStore } from '../stores/notification-store';
import { badgeText, NotificationBell } from './notification-bell';

const asha: User = { id: 'u1', username: 'Asha', email: 'asha@example.com', isAdmin: false, brands: ['b1', 'b2'], loginCount: 2 };

function renderBell() {
  const router = createMemoryRouter(
    [
      {
        path: '/profile',
        element: (
          <>
            <NotificationBell />
            <p>outside</p>
          </>
        ),
      },
      { path: '/dashboard', element: <p>dashboard page</p> },
    ],
    { initialEntries: ['/profile'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const bell = () => screen.getByRole('button', { name: /^Notifications/ });
const panel = () => screen.getByRole('region', { name: 'Notifications' });
/** The panel is loaded on first open, so it appears a moment after the click. */
async function openPanel() {
  await userEvent.click(bell());
  return screen.findByRole('region', { name: 'Notifications' });
}

describe('notification bell', () => {
  beforeEach(() => {
    notificationStore.reset();
    notificationStore.setSoundEnabled(false);
    sessionStore.signIn(asha);
  });
  afterEach(() => {
    sessionStore.clear();
    vi.useRealTimers();
  });

  it.each([
    [0, null],
    [1, '1'],
    [99, '99'],
    [100, '99+'],
    [2500, '99+'],
  ])('badge text for %i unread is %s', (count, text) => {
    expect(badgeText(count)).toBe(text);
  });

  // The store keeps at most 50, so the badge seen through the store tops out at 50.
  it.each([
    [0, null],
    [7, '7'],
    [60, '50'],
  ])('with %i notifications added the badge shows %s', (count, text) => {
    for (let i = 0; i < count; i++) notificationStore.add({ type: 'info', title: `n${i}`, message: 'm' });
    renderBell();
    if (text === null) {
      expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument();
      expect(bell()).toHaveAccessibleName('Notifications');
    } else {
      expect(screen.getByTestId('notification-badge')).toHaveTextContent(text);
      expect(bell()).toHaveAccessibleName(`Notifications, ${text} unread`);
    }
  });

  it('the badge follows new notifications as they arrive', () => {
    renderBell();
    act(() => void notificationStore.add({ type: 'success', title: 'Metrics updated', message: 'done' }));
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('1');
  });

  it('opens an empty panel saying so, and closes on a second click', async () => {
    renderBell();
    expect(bell()).toHaveAttribute('aria-expanded', 'false');
    const opened = await openPanel();
    expect(bell()).toHaveAttribute('aria-expanded', 'true');
    expect(within(opened).getByText('No notifications yet')).toBeInTheDocument();
    await userEvent.click(bell());
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it('lists notifications newest first with their age, unread ones marked', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
    notificationStore.add({ type: 'error', title: 'Metrics not updated', message: 'Error calculating metrics: timeout' });
    vi.setSystemTime(new Date('2026-03-01T10:05:00Z'));
    const read = notificationStore.add({ type: 'success', title: 'Metrics updated', message: 'All caught up' });
    notificationStore.markRead(read.id);
    renderBell();
    await openPanel();
    const items = within(panel()).getAllByRole('listitem');
    expect(items.map((li) => within(li).getAllByRole('button')[0]!.textContent)).toEqual([
      'Metrics updatedAll caught upjust now',
      'Metrics not updated (unread)Error calculating metrics: timeout5 minutes ago',
    ]);
  });

  it('clicking a notification marks it read; one with a link selects its brand, goes there and closes', async () => {
    const plain = notificationStore.add({ type: 'info', title: 'Plain', message: 'nothing to open' });
    notificationStore.add({ type: 'warning', title: 'Reconnect Facebook: Main', message: 'Token expired', brandId: 'b2', actionUrl: '/dashboard?openModal=facebook' });
    const router = renderBell();
    await openPanel();
    await userEvent.click(screen.getByRole('button', { name: /^Plain/ }));
    expect(notificationStore.get().notifications.find((n) => n.id === plain.id)?.isRead).toBe(true);
    expect(panel()).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /^Reconnect Facebook: Main/ }));
    expect(router.state.location.pathname + router.state.location.search).toBe('/dashboard?openModal=facebook');
    expect(sessionStore.get().selectedBrandId).toBe('b2');
    expect(notificationStore.get().unreadCount).toBe(0);
  });

  it('mark all as read, remove one, clear all', async () => {
    notificationStore.add({ type: 'info', title: 'One', message: 'm' });
    notificationStore.add({ type: 'info', title: 'Two', message: 'm' });
    notificationStore.add({ type: 'info', title: 'Three', message: 'm' });
    renderBell();
    await openPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Remove notification: Two' }));
    expect(within(panel()).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByText('Two')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(within(panel()).getByText('No notifications yet')).toBeInTheDocument();
  });

  it('the sound switch turns the beep off and on', async () => {
    notificationStore.setSoundEnabled(true);
    renderBell();
    await openPanel();
    const sound = screen.getByRole('switch', { name: 'Sound' });
    expect(sound).toBeChecked();
    await userEvent.click(sound);
    expect(sound).not.toBeChecked();
    expect(notificationStore.get().soundEnabled).toBe(false);
  });

  it('works from the keyboard: Enter opens and moves focus in, Tab reaches the items, Escape closes and returns focus', async () => {
    notificationStore.add({ type: 'info', title: 'Only one', message: 'm' });
    renderBell();
    bell().focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(panel()).toHaveFocus());
    await userEvent.tab();
    expect(screen.getByRole('switch', { name: 'Sound' })).toHaveFocus();
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: /^Only one/ })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(notificationStore.get().unreadCount).toBe(0);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(bell()).toHaveFocus();
    expect(bell()).toHaveAttribute('aria-expanded', 'false');
  });

  it('a click outside closes the panel', async () => {
    renderBell();
    await openPanel();
    await userEvent.click(screen.getByText('outside'));
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
  });
});
