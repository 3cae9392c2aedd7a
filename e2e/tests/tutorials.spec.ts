import { expect, test, uniqueEmail } from './fixtures';

test.use({ stopTutorials: false });

test("a first login sees the dashboard tutorial, steps through it and its related one, and it is not replayed", async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('tour');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign Up', pressed: false }).click();
  await page.getByLabel('Username').fill('Tara');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('first-login-password');
  await page.locator('form').getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Registration successful!')).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('first-login-password');
  await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/first-time-brand-setup/, { timeout: 30_000 });

  // a brand to have a dashboard (setting one up through the consent pages is brand-setup.spec's subject)
  const created = await page.request.post('/api/brands/add', { data: { name: 'Tara_Tours' }, headers: { origin: baseURL! } });
  expect(created.status()).toBe(201);
  await page.reload();
  await expect(page.locator('#brand-switcher')).toContainText('Tara Tours');
  await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Welcome Back, Tara' })).toBeVisible();

  const popover = page.locator('.driver-popover');
  await expect(popover).toBeVisible({ timeout: 10_000 });
  const titles: string[] = [];
  while (await popover.isVisible()) {
    const title = (await popover.locator('.driver-popover-title').textContent()) ?? '';
    if (titles.at(-1) === title) {
      await page.waitForTimeout(100);
      continue;
    }
    titles.push(title);
    await popover.getByRole('button', { name: /^(Next|Finish)/ }).click();
    await page.waitForTimeout(300);
  }
  expect(titles[0]).toBe('Welcome to Parallels');
  expect(titles).toContain('Switch brands');
  expect(titles).toContain('Reports');
  // the dashboard tutorial's related one follows it
  expect(titles.slice(-2)).toEqual(['Notifications', 'We are here to help']);

  const done = await page.request.get('/api/tutorials');
  expect(await done.json()).toEqual({ completed: ['dashboard-overview', 'dashboard-support'] });

  // remembered on the server: not replayed
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome Back, Tara' })).toBeVisible();
  await page.waitForTimeout(3000);
  await expect(popover).toBeHidden();
});
