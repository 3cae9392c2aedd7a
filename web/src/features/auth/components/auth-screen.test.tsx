import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { api, fail, networkError, sent, server } from '../../../../test/api';
import { AppProvider } from '../../../app/provider';
import { sessionStore } from '../../../lib/session-store';
import { AuthScreen } from './auth-screen';

function renderScreen() {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <AuthScreen /> },
      { path: '/dashboard', element: <p>dashboard page</p> },
      { path: '/first-time-brand-setup', element: <p>first-time setup page</p> },
    ],
    { initialEntries: ['/login'] },
  );
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

const requestOf = (i: number) => {
  const request = sent()[i]!;
  return { pathAndQuery: request.path + request.url.search, body: request.body };
};

describe('login and signup screen', () => {
  beforeEach(() => {
    sessionStore.clear();
  });

  it('starts in Sign In mode and toggles to Sign Up and back', async () => {
    renderScreen();
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Username')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up', pressed: false }));
    expect(screen.getByRole('heading', { name: 'Create an Account' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign In', pressed: false }));
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
  });

  it('shows the required-field messages and sends nothing', async () => {
    renderScreen();
    const form = screen.getByRole('heading', { name: 'Welcome Back' }).parentElement!;
    await userEvent.click(within(form).getAllByRole('button', { name: 'Sign In' }).at(-1)!);
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(sent()).toHaveLength(0);
  });

  it('checks the email pattern and the password length', async () => {
    renderScreen();
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.click(screen.getAllByRole('button', { name: 'Sign In' }).at(-1)!);
    expect(screen.getByText('Email is invalid')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    // Editing a field clears its message.
    await userEvent.type(screen.getByLabelText('Email'), '@x.io');
    expect(screen.queryByText('Email is invalid')).not.toBeInTheDocument();
  });

  it('requires a username on signup only', async () => {
    renderScreen();
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up', pressed: false }));
    await userEvent.type(screen.getByLabelText('Email'), 'a@b.co');
    await userEvent.type(screen.getByLabelText('Password'), 'long-enough');
    await userEvent.click(screen.getAllByRole('button', { name: 'Sign Up' }).at(-1)!);
    expect(screen.getByText('Username is required')).toBeInTheDocument();
    expect(sent()).toHaveLength(0);
  });

  it('after a successful signup shows the toast and switches to login mode', async () => {
    server.use(api('POST /api/auth/signup', () => ({ success: true, message: 'Account created. Please log in.' })));
    renderScreen();
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up', pressed: false }));
    await userEvent.type(screen.getByLabelText('Username'), 'Asha');
    await userEvent.type(screen.getByLabelText('Email'), 'asha@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'long-enough');
    await userEvent.click(screen.getAllByRole('button', { name: 'Sign Up' }).at(-1)!);
    expect(await screen.findByText('Registration successful!')).toBeInTheDocument();
    expect(screen.getByText('Please log in with your new account.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(requestOf(0).pathAndQuery).toBe('/api/auth/signup');
    expect(requestOf(0).body).toEqual({ username: 'Asha', email: 'asha@example.com', password: 'long-enough' });
  });

  it('shows the server message under Error when login fails', async () => {
    server.use(api('POST /api/auth/login/normal', () => fail(401, { success: false, message: 'Invalid email or password' })));
    renderScreen();
    await userEvent.type(screen.getByLabelText('Email'), 'asha@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-password');
    await userEvent.click(screen.getAllByRole('button', { name: 'Sign In' }).at(-1)!);
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Error')).toBeInTheDocument();
    expect(within(toast).getByText('Invalid email or password')).toBeInTheDocument();
  });

  it('says "Unexpected Error" when the network fails', async () => {
    server.use(api('POST /api/auth/login/normal', () => networkError()));
    renderScreen();
    await userEvent.type(screen.getByLabelText('Email'), 'asha@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'long-enough');
    await userEvent.click(screen.getAllByRole('button', { name: 'Sign In' }).at(-1)!);
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Unexpected Error')).toBeInTheDocument();
    expect(within(toast).getByText('An unexpected error occurred')).toBeInTheDocument();
  });

  it.each([
    [[], 'first-time setup page'],
    [['b1'], 'dashboard page'],
  ])('after login with brands %j goes to the right page', async (brands, page) => {
    server.use(api('POST /api/auth/login/normal', () => ({ success: true, user: { id: 'u1', username: 'Asha', email: 'asha@example.com', isAdmin: false, brands, loginCount: 1 } })));
    renderScreen();
    await userEvent.type(screen.getByLabelText('Email'), 'asha@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'long-enough');
    await userEvent.click(screen.getAllByRole('button', { name: 'Sign In' }).at(-1)!);
    expect(await screen.findByText(page)).toBeInTheDocument();
    expect(screen.getByText('Login successful!')).toBeInTheDocument();
    expect(sessionStore.get().user?.username).toBe('Asha');
  });

  it('enters and leaves the Shopify store-name mode and requires the shop name', async () => {
    renderScreen();
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Shopify' }));
    expect(screen.getByRole('heading', { name: 'Connect Your Shopify Store' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Shopify' }));
    expect(screen.getByText('Shop name is required')).toBeInTheDocument();
    expect(sent()).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
  });

  it('shows "Failed to connect to Shopify" when the store sign-in cannot start', async () => {
    server.use(api('POST /api/auth/shopify', () => fail(404, { success: false, message: 'No API route' })));
    renderScreen();
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Shopify' }));
    await userEvent.type(screen.getByLabelText('Shop name'), 'my-store.myshopify.com');
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Shopify' }));
    expect(await screen.findByText('Failed to connect to Shopify')).toBeInTheDocument();
    expect(requestOf(0).body).toEqual({ shop: 'my-store', flowType: 'login' });
  });

  it('shows the error toast when Google sign-in cannot start', async () => {
    server.use(api('GET /api/auth/google', () => fail(503, { success: false, message: 'Google sign-in is not available yet' })));
    renderScreen();
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByText('Google sign-in is not available yet')).toBeInTheDocument();
    expect(requestOf(0).pathAndQuery).toBe('/api/auth/google?context=userLogin');
  });

  it('keeps one toast at a time', async () => {
    server.use(api('POST /api/auth/login/normal', () => fail(401, { success: false, message: 'Invalid email or password' })));
    renderScreen();
    await userEvent.type(screen.getByLabelText('Email'), 'asha@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-password');
    await userEvent.click(screen.getAllByRole('button', { name: 'Sign In' }).at(-1)!);
    await screen.findByRole('alert');
    await userEvent.click(screen.getAllByRole('button', { name: 'Sign In' }).at(-1)!);
    await screen.findByRole('alert');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });
});
