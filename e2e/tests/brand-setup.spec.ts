import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail } from './fixtures';

async function signUpAndLogIn(page: Page, username: string) {
  const email = uniqueEmail(username.toLowerCase());
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign Up', pressed: false }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('brand-owner-password');
  await page.locator('form').getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Registration successful!')).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('brand-owner-password');
  await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/first-time-brand-setup/);
}

/** The emulator's consent page: press a button and land back in the app. */
async function consent(page: Page, button: 'Allow' | 'Cancel') {
  await expect(page.getByText('Sandbox emulator')).toBeVisible();
  await page.getByRole('button', { name: button }).click();
}

/** Open a platform's dialog; connect the provider through its consent page if asked; pick accounts; save. */
async function connectAccounts(page: Page, card: string, dialogTitle: string, provider: string, accounts: string[]) {
  await page.getByRole('button', { name: card }).click();
  const dialog = page.getByRole('dialog', { name: dialogTitle });
  await dialog.getByRole('button', { name: `Connect to your ${provider} account` }).click();
  await consent(page, 'Allow');
  await expect(page).toHaveURL(/\/first-time-brand-setup/);
  const reopened = page.getByRole('dialog', { name: dialogTitle });
  for (const name of accounts) await reopened.getByRole('button', { name: `Select ${name}` }).click();
  await reopened.getByRole('button', { name: `Save(${accounts.length})` }).click();
}

test('a new user connects all four platforms through the consent pages and completes setup', async ({ page }) => {
  await signUpAndLogIn(page, 'Priya');

  await page.getByLabel('Brand name').fill('Priya_Fashion');

  await page.getByRole('button', { name: 'Connect Shopify' }).click();
  await page.getByLabel('Store name').fill('parallels-demo');
  await page.getByRole('button', { name: 'Continue to Shopify' }).click();
  await consent(page, 'Allow');
  await expect(page).toHaveURL(/\/first-time-brand-setup/);
  // the brand name survived the round trip to Shopify
  await expect(page.getByLabel('Brand name')).toHaveValue('Priya_Fashion');

  await connectAccounts(page, 'Connect Facebook', 'Facebook Ad Accounts', 'Facebook', ['Parallels Demo - Prospecting', 'Parallels Demo - Retargeting']);
  await connectAccounts(page, 'Connect Google Ads', 'Google Ads Accounts', 'Google Ads', ['Parallels Demo Store - Search & Shopping']);
  await connectAccounts(page, 'Connect Google Analytics', 'Google Analytics Properties', 'GA4', ['Parallels Demo Store - GA4']);

  const complete = page.getByRole('button', { name: 'Complete Setup' });
  await expect(complete).toBeEnabled();
  await complete.click();
  await expect(page.getByText('Brand setup completed successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByRole('combobox', { name: 'Brand' })).toHaveValue(/[0-9a-f-]{36}/);
  await expect(page.getByRole('option', { name: 'Priya Fashion' })).toBeAttached();
  await expect(page.getByRole('link', { name: 'Ad Metrics' })).toHaveAttribute('href', /\/admetrics\/[0-9a-f-]{36}$/);
});

test('a denied consent leaves the setup unchanged with a clear message', async ({ page }) => {
  await signUpAndLogIn(page, 'Kabir');
  await page.getByLabel('Brand name').fill('Kabir_Store');
  await page.getByRole('button', { name: 'Connect Facebook' }).click();
  await page.getByRole('dialog', { name: 'Facebook Ad Accounts' }).getByRole('button', { name: 'Connect to your Facebook account' }).click();
  await consent(page, 'Cancel');
  await expect(page.getByText('Connection cancelled')).toBeVisible();
  await expect(page).toHaveURL(/\/first-time-brand-setup/);
  await expect(page.getByLabel('Brand name')).toHaveValue('Kabir_Store');
  await expect(page.getByRole('button', { name: 'Complete Setup' })).toBeDisabled();
});
