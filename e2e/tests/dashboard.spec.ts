import { expect, logInAsDemo, seriousViolations, test } from './fixtures';

// The demo brand syncs its newest days on first start (SYNC_HISTORY_DAYS is short in the browser tests), so the
// dashboard and AdMetrics show real figures from the emulators.
test('demo login: the dashboard shows three cards with numbers, AdMetrics the blended card and both Facebook accounts; a new range changes figures and URL', async ({ page }) => {
  test.setTimeout(150_000);
  await logInAsDemo(page);
  await expect(page.getByRole('heading', { name: 'Welcome Back, Demo' })).toBeVisible();

  // Until the first window lands the Preparing screen shows; the calculation notice then brings the figures.
  // Each source appears as its newest window lands (GA4, Google Ads and Meta sync side by side).
  await expect(page.locator('[data-metric="last7Days.metaspend"]')).toHaveText(/₹[\d,]+/, { timeout: 120_000 });
  await expect(page.locator('[data-metric="last7Days.spend"]')).toHaveText(/₹[\d,]+/, { timeout: 60_000 });
  await expect(page.locator('[data-metric="last7Days.sessions"]')).toHaveText(/^[\d,]+$/, { timeout: 60_000 });
  for (const title of ['Yesterday', 'Last 7 Days', 'Last 30 Days']) {
    const card = page.getByRole('region', { name: title, exact: true });
    await expect(card).toBeVisible();
    await expect(card.locator('[data-metric$=".sessions"]')).toHaveText(/^[\d,]+$/);
  }
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Ad Metrics' }).click();
  await expect(page).toHaveURL(/\/admetrics\/[0-9a-f-]{36}/);
  const blended = page.getByRole('region', { name: 'Blended summary' });
  await expect(blended).toBeVisible();
  await expect(page.getByRole('region', { name: 'Facebook - Parallels Demo - Prospecting' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Facebook - Parallels Demo - Retargeting' })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Google Ads - / })).toBeVisible();
  const spent = blended.locator('div', { has: page.getByText('Amount Spent', { exact: true }) }).locator('dd').first();
  await expect(spent).toHaveText(/₹[\d,]+/);
  const before = await spent.textContent();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: /Date range/ }).click();
  await expect(page.getByRole('dialog', { name: 'Choose dates' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Yesterday', exact: true }).click();
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
  await expect(spent).not.toHaveText(before ?? '');
  await expect(spent).toHaveText(/₹[\d,]+/);
  const url = new URL(page.url());
  expect(url.searchParams.get('from')).toBe(url.searchParams.get('to'));

  // The link reproduces the view.
  const figure = await spent.textContent();
  await page.goto(url.pathname + url.search);
  await expect(page.getByRole('region', { name: 'Blended summary' }).locator('div', { has: page.getByText('Amount Spent', { exact: true }) }).locator('dd').first()).toHaveText(figure ?? '');
});
