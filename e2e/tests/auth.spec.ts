import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail } from './fixtures';

async function signUp(page: Page, username: string, email: string, password: string) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign Up', pressed: false }).click();
  await expect(page.getByRole('heading', { name: 'Create an Account' })).toBeVisible();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.locator('form').getByRole('button', { name: 'Sign Up' }).click();
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
}

test('sign up, log in, land on first-time brand setup, reload keeps the session, logout returns home', async ({ page }) => {
  const email = uniqueEmail('asha');
  await signUp(page, 'Asha', email, 'asha-password-1');
  await expect(page.getByText('Registration successful!')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();

  await logIn(page, email, 'asha-password-1');
  await expect(page).toHaveURL(/\/first-time-brand-setup$/);
  await expect(page.getByText('Login successful!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Profile: Asha' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ad Metrics' })).toHaveAttribute('aria-disabled', 'true');

  const cookies = await page.context().cookies();
  const sid = cookies.find((c) => c.name === 'sid');
  expect(sid?.httpOnly).toBe(true);
  expect(sid?.sameSite).toBe('Lax');

  await page.reload();
  await expect(page).toHaveURL(/\/first-time-brand-setup$/);
  await expect(page.getByRole('link', { name: 'Profile: Asha' })).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('a wrong password shows the Error toast', async ({ page }) => {
  const email = uniqueEmail('ravi');
  await signUp(page, 'Ravi', email, 'ravi-password-1');
  await expect(page.getByText('Registration successful!')).toBeVisible({ timeout: 30_000 });
  await logIn(page, email, 'not-the-password');
  const toast = page.getByRole('alert');
  await expect(toast.getByText('Error', { exact: true })).toBeVisible();
  await expect(toast.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('the sandbox demo account can sign in', async ({ page }) => {
  await page.goto('/login');
  await logIn(page, 'demo@parallels.dev', 'parallels-demo');
  await expect(page.getByText('Login successful!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Profile: Demo' })).toBeVisible();
});

test('an expired server session sends the user to /login', async ({ page, context }) => {
  const email = uniqueEmail('meera');
  await signUp(page, 'Meera', email, 'meera-password-1');
  // the form switches to login mode (and clears the password) once signup answers: wait for it
  await expect(page.getByText('Registration successful!')).toBeVisible({ timeout: 30_000 });
  await logIn(page, email, 'meera-password-1');
  await expect(page).toHaveURL(/\/first-time-brand-setup$/);
  await context.clearCookies();
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
});

test('an unknown path shows the not-found page with a way home', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
});
