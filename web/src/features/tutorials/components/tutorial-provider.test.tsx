import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { User } from '@parallels/contract/auth';
import { AppProvider } from '../../../app/provider';
import { sessionStore } from '../../../lib/session-store';
import { tutorialMachine } from '../utils/tutorial-store';
import { TutorialProvider } from './tutorial-provider';
import { TutorialSettings } from './tutorial-settings';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const fetchMock = vi.fn<typeof fetch>();
let completed: string[];
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

const popover = () => document.querySelector<HTMLElement>('.driver-popover');

describe('tutorials in the app', () => {
  beforeEach(() => {
    completed = [];
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      if (url === '/api/tutorials' && method === 'GET') return json(200, { completed });
      const done = /^\/api\/tutorials\/([a-z-]+)\/complete$/.exec(url);
      if (done && method === 'PUT') {
        completed = [...completed, done[1]!];
        return json(200, { completed });
      }
      const reset = /^\/api\/tutorials\/([a-z-]+)$/.exec(url);
      if (reset && method === 'DELETE') {
        completed = completed.filter((c) => c !== reset[1]);
        return json(200, { completed });
      }
      return json(404, { success: false, message: 'not mocked' });
    });
  });
  afterEach(() => {
    tutorialMachine.endSession();
    document.querySelector('.driver-popover')?.remove();
    vi.unstubAllGlobals();
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
    expect(fetchMock.mock.calls.some(([u, i]) => u === '/api/tutorials/dashboard-overview' && i?.method === 'DELETE')).toBe(true);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reset Your dashboard' })).toBeDisabled());
  });
});
