import type { Locator, Page } from '@playwright/test';
import { expect, logInAsDemo, seriousViolations, test } from './fixtures';


/** '₹1,23,456.78' -> 123456.78 */
const amount = (text: string) => Number(text.replace(/[^\d.-]/g, ''));

async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
}

/** The data rows of a report table (its first row is the header). */
const dataRows = (table: Locator) => table.locator('tbody tr:not([aria-hidden])');

// issue 18: demo login -> Google Ads reports, Search Term tab shows the account card with rows -> filter
// Total Cost > 100 -> Segment dashboard: drill down from a brand to Products and clear the chip.
test('Google Ads reports: the Search Term card with rows, filtered on Total Cost > 100; Segment dashboard drill-down from a brand', async ({ page }) => {
  test.setTimeout(240_000);
  await logInAsDemo(page);
  await page.getByRole('link', { name: 'Google Ads', exact: true }).click();
  await expect(page).toHaveURL(/\/google-reports\/[0-9a-f-]{36}/);
  await expect(page.getByRole('tab', { name: 'Search Term' })).toHaveAttribute('aria-selected', 'true');

  // Preparing until the first windows land; the sync's calculation notice then brings the cards.
  const card = page.locator('[role="region"]').filter({ has: page.getByRole('group', { name: 'Performance categories' }) }).first();
  const table = card.getByRole('table');
  await expect(dataRows(table).first()).toBeVisible({ timeout: 180_000 });
  await expect(table.getByRole('columnheader', { name: /^Search Term/ })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: /^Total Cost/ })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: /^[A-Z][a-z]{2}-\d{4}/ }).first()).toBeVisible();
  expect(await dataRows(table).count()).toBe(8); // Google Ads tables show 8 rows
  expect(await seriousViolations(page)).toEqual([]);
  // paged on the server: full screen asks for the next 30 rows as the user nears the bottom of the 8
  const total = Number((await card.getByText(/^Showing 1-8 of \d+ rows$/).textContent())!.match(/of (\d+) rows/)![1]);
  const rowCount = async () => Number(await table.getAttribute('aria-rowcount')); // header rows + the rows loaded
  const opened = await rowCount();
  await card.getByRole('button', { name: 'Full screen' }).click();
  await expect.poll(async () => (await rowCount()) - opened, { timeout: 30_000 }).toBe(Math.min(total, 38) - 8);
  await page.keyboard.press('Escape');
  await expect(card.getByText(`Showing 1-8 of ${total} rows`)).toBeVisible();

  const costColumn = (await table.getByRole('columnheader').allTextContents()).findIndex((h) => h.startsWith('Total Cost'));
  expect(costColumn).toBeGreaterThan(0);
  const costs = async () => (await dataRows(table).locator(`td:nth-child(${costColumn + 1})`).allTextContents()).map(amount);
  const before = await costs();
  // the table opens sorted by Total Cost, highest first
  expect(before).toEqual([...before].sort((a, b) => b - a));

  await card.getByRole('button', { name: /^Filter / }).click();
  const filter = page.getByRole('dialog', { name: 'Column filter' });
  await filter.getByLabel('Value').fill('abc');
  await filter.getByRole('button', { name: 'Apply' }).click();
  await expect(filter.getByRole('alert')).toHaveText('Please enter a valid value');
  await filter.getByLabel('Value').fill('100');
  await filter.getByRole('button', { name: 'Apply' }).click();
  await expect(card.getByText('Filtered: Total Cost > 100')).toBeVisible();
  await expect(async () => {
    const after = await costs();
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((c) => c > 100)).toBe(true);
  }).toPass();
  const showing = await card.getByText(/^Showing \d+-\d+ of \d+ rows$/).textContent();
  expect(showing).toMatch(/of \d+ rows/);

  // At 390px wide the page does not scroll sideways: the table scrolls inside its card.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.getByRole('link', { name: 'Segment Dashboard' }).click();
  await expect(page).toHaveURL(/\/segment-dashboard\/[0-9a-f-]{36}/);
  await expect(page.getByRole('heading', { name: 'Google Ads Product Insights' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Google Ads Search Term Insights' })).toBeVisible();
  await expect(dataRows(page.getByRole('table', { name: 'Search terms' })).first()).toBeVisible({ timeout: 60_000 });
  await page.getByRole('tab', { name: 'Brands' }).click();
  const brands = page.getByRole('table', { name: 'Brands' });
  const firstBrand = dataRows(brands).first().getByRole('button').first();
  await expect(firstBrand).toBeVisible({ timeout: 60_000 });
  const brand = (await firstBrand.textContent())!.trim();
  await firstBrand.click();
  await expect(page.getByRole('tab', { name: 'Products' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(`Brand: ${brand}`, { exact: true })).toBeVisible();
  const products = page.getByRole('table', { name: 'Products' });
  await expect(dataRows(products).first()).toBeVisible();
  const brandColumn = (await products.getByRole('columnheader').allTextContents()).findIndex((h) => h.startsWith('Brand'));
  await expect(async () => {
    const shown = await dataRows(products).locator(`td:nth-child(${brandColumn + 1})`).allTextContents();
    expect(shown.length).toBeGreaterThan(0);
    expect(new Set(shown)).toEqual(new Set([brand]));
  }).toPass();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: `Clear filter Brand: ${brand}` }).click();
  await expect(page.getByText(`Brand: ${brand}`, { exact: true })).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
});
