import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { User } from '@parallels/contract/auth';
import type { TutorialId } from '@parallels/contract/tutorials';
import { api, sent, server } from '../../../../test/api';
import { AppProvider } from '../../../app/provider';
import { sessionStore } from '../../../lib/session-store';
import { tutorialMachine } from '../utils/tutorial-store';
import { TutorialProvider } from './tutorial-provider';
import { TutorialSettings } from './tutorial-settings';

let completed: TutorialId[];
const firstLogin: User = { id: 'u1', username: 'asha', email: 'asha@example.com', isAdmin: false, brands: ['b1'], loginCount: 1 };

function renderAt(path: string, user: User, page = <main><h2>Welcome Back, asha</h2><nav aria-label="Main">menu</nav></main>) {
  sessionStore.signIn(user);
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <><TutorialProvider />{page}</> },
      { path: '/profile', element: <><TutorialProvider /><TutorialSettings /></> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
}

/** a page with a dialog open over it (the date picker, say) */
const behindADialog = () => (
  <main>
    <h2>Welcome Back, asha</h2>
    <dialog open aria-label="Choose dates">dates</dialog>
  </main>
);

const popover = () => document.querySelector<HTMLElement>('.driver-popover');

describe('tutorials in the app', () => {
  beforeEach(() => {
    completed = [];
    server.use(
      api('GET /api/tutorials', () => ({ completed })),
      api('PUT /api/tutorials/:tutorialId/complete', ({ params }) => {
        completed = [...completed, params.tutorialId as TutorialId];
        return { completed };
      }),
      api('DELETE /api/tutorials/:tutorialId', ({ params }) => {
        completed = completed.filter((c) => c !== params.tutorialId);
        return { completed };
      }),
    );
  });
  afterEach(() => {
    tutorialMachine.endSession();
    document.querySelector('.driver-popover')?.remove();
    sessionStore.clear();
  });

  it('on a first login the dashboard tutorial starts by itself, skips steps whose element is missing, and Stop is remembered on the server', async () => {
    renderAt('/dashboard', firstLogin);
    await waitFor(() => expect(popover()).not.toBeNull(), { timeout: 4000 });
    const p = within(popover()!);
    expect(p.getByText('Welcome to Parallels')).toBeTruthy();
    await userEvent.click(p.getByRole('button', { name: /Next/ }));
    // the brand switcher, connect panel, overview, date picker and refresh are not on this page: straight to the menu
    await waitFor(() => expect(within(popover()!).getByText('Reports')).toBeTruthy());
    await userEvent.click(within(popover()!).getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(completed).toEqual(['dashboard-overview']));
    await waitFor(() => expect(popover()).toBeNull());
  });

  it('waits while a dialog is open (the page behind it is inert) and shows the step when it closes', async () => {
    renderAt('/dashboard', firstLogin, behindADialog());
    await new Promise((r) => setTimeout(r, 2500));
    expect(popover()).toBeNull();
    document.querySelector('dialog')!.removeAttribute('open');
    await waitFor(() => expect(popover()).not.toBeNull(), { timeout: 4000 });
    expect(within(popover()!).getByText('Welcome to Parallels')).toBeTruthy();
    // a dialog opened over a step takes the step away until it closes
    document.querySelector('dialog')!.setAttribute('open', '');
    await waitFor(() => expect(popover()).toBeNull());
    document.querySelector('dialog')!.removeAttribute('open');
    await waitFor(() => expect(within(popover()!).getByText('Welcome to Parallels')).toBeTruthy());
    // so does a panel that is a dialog without being a <dialog> (the date picker)
    const picker = document.createElement('div');
    picker.setAttribute('role', 'dialog');
    document.querySelector('main')!.append(picker);
    await waitFor(() => expect(popover()).toBeNull());
    picker.remove();
    await waitFor(() => expect(within(popover()!).getByText('Welcome to Parallels')).toBeTruthy());
  });

  it('the Escape that closes a dialog does not stop the step waiting behind it; the next Escape stops the tutorial', async () => {
    renderAt('/dashboard', firstLogin, behindADialog());
    const dialog = document.querySelector('dialog')!;
    // the date picker closes on Escape's keydown; driver.js closes on its keyup
    const closeOnEscape = (e: KeyboardEvent) => e.key === 'Escape' && dialog.removeAttribute('open');
    window.addEventListener('keydown', closeOnEscape);
    onTestFinished(() => window.removeEventListener('keydown', closeOnEscape));
    await new Promise((r) => setTimeout(r, 2500));
    expect(popover()).toBeNull();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    await waitFor(() => expect(popover()).not.toBeNull(), { timeout: 4000 });
    window.dispatchEvent(new KeyboardEvent('keyup', { key: 'Escape' }));
    await new Promise((r) => setTimeout(r, 200));
    expect(within(popover()!).getByText('Welcome to Parallels')).toBeTruthy();
    expect(completed).toEqual([]);
    // pressed while the step shows: stopped, as the close button does, and remembered on the server
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(popover()).toBeNull());
    await waitFor(() => expect(completed).toEqual(['dashboard-overview']));
  });

  it('does not play for a returning user', async () => {
    renderAt('/dashboard', { ...firstLogin, loginCount: 4 });
    await new Promise((r) => setTimeout(r, 2500));
    expect(popover()).toBeNull();
    expect(screen.getByText('Welcome Back, asha')).toBeTruthy();
  });

  it('the profile lists each tutorial and resets a completed one on the server', async () => {
    completed = ['dashboard-overview'];
    renderAt('/profile', { ...firstLogin, loginCount: 4 });
    const reset = await screen.findByRole('button', { name: 'Reset Your dashboard' });
    await waitFor(() => expect(reset).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Reset AdMetrics' })).toBeDisabled();
    await userEvent.click(reset);
    await waitFor(() => expect(completed).toEqual([]));
    expect(sent('DELETE /api/tutorials/dashboard-overview')).not.toHaveLength(0);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reset Your dashboard' })).toBeDisabled());
  });
});
