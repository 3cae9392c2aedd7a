import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, logInAsDemo, seriousViolations, test } from './fixtures';

// The GA4 screens against the app as `npm start` runs it: the demo brand's GA4 property syncs its newest 60 days
// on first start, and the conversion and funnel reports read them.


/** 'yyyy-MM-dd' of the browser's day n days from today. */
function dayFromToday(n: number): string {
  const d = new Date(Date.now() + n * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthKey = (label: string) => Number(label.slice(4)) * 12 + MONTHS.indexOf(label.slice(0, 3));

async function headerTexts(page: Page, table: string): Promise<string[]> {
  const texts = await page.getByRole('table', { name: table }).getByRole('columnheader').getByRole('button').allTextContents();
  return texts.map((t) => t.replace(/[↕▲▼]/g, '').trim());
}

async function download(page: Page, button: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await file.path());
  return { name: file.suggestedFilename(), workbook };
}

test('demo login: Conversion Reports opens on Age with months newest first, switches to Country, exports both', async ({ page }) => {
  test.setTimeout(240_000);
  await logInAsDemo(page);
  await page.getByRole('link', { name: 'Conversion Reports' }).click();
  await expect(page).toHaveURL(/\/conversion-reports\/[0-9a-f-]{36}/);
  const brandId = new URL(page.url()).pathname.split('/')[2]!;
  // 40 days back always spans two months, and lies inside the 60 synced days
  await page.goto(`/conversion-reports/${brandId}?from=${dayFromToday(-40)}&to=${dayFromToday(-1)}`);
  await expect(page.getByRole('tab', { name: 'Age', exact: true })).toHaveAttribute('aria-selected', 'true');
  // Preparing until the GA4 history lands; the sync's calculation notice then brings the table
  const ageTable = page.getByRole('table', { name: 'Age conversion report' });
  await expect(ageTable.getByRole('row').nth(1)).toBeVisible({ timeout: 180_000 });
  const headers = await headerTexts(page, 'Age conversion report');
  expect(headers.slice(0, 3)).toEqual(['Age', 'Total Sessions', 'Avg Conv. Rate']);
  const months = headers.slice(3);
  expect(months.length).toBeGreaterThanOrEqual(2);
  for (const m of months) expect(m).toMatch(/^[A-Z][a-z]{2}-\d{4}$/);
  expect(months.map(monthKey)).toEqual([...months.map(monthKey)].sort((a, b) => b - a));
  await expect(ageTable).toContainText(/Purchases: \d/);
  await expect(ageTable).toContainText(/Total Purchases: \d/);
  await expect(page.getByText(/^Showing 1-\d+ of \d+ rows$/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const age = await download(page, 'Export the Age report to Excel');
  expect(age.name).toBe('Age_Conversion_Report.xlsx');
  const ageSheet = age.workbook.getWorksheet('Conversion Data')!;
  expect((ageSheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Age', 'Metric', 'Total Sessions', 'Avg Conv. Rate', ...months]);
  expect([ageSheet.getRow(2).getCell(2).value, ageSheet.getRow(3).getCell(2).value]).toEqual(['Sessions', 'Conv. Rate']);

  await page.getByRole('tab', { name: 'Country', exact: true }).click();
  const countryTable = page.getByRole('table', { name: 'Country conversion report' });
  await expect(countryTable.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
  expect((await headerTexts(page, 'Country conversion report'))[0]).toBe('Country');
  const country = await download(page, 'Export the Country report to Excel');
  expect(country.name).toBe('Country_Conversion_Report.xlsx');
  const sheet = country.workbook.getWorksheet('Conversion Data')!;
  expect(sheet.getRow(1).getCell(1).value).toBe('Country');
  expect(sheet.rowCount).toBeGreaterThan(2);

  // the category filter narrows the rows and says from how many
  await page.getByRole('combobox', { name: 'Category' }).selectOption('Top Performers');
  await expect(page.getByText('Filtered', { exact: true })).toBeVisible();
  await expect(page.getByText(/^\(Filtered from \d+ total rows\)$/)).toBeVisible();

  // a phone: the sidebar of dimensions scrolls inside itself, the page never sideways
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBeLessThanOrEqual(0);
});

test('E-Commerce Reports switches its three views, each with its first column', async ({ page }) => {
  test.setTimeout(240_000);
  await logInAsDemo(page);
  await page.getByRole('link', { name: 'E-Commerce Reports' }).click();
  await expect(page).toHaveURL(/\/ecommerce-reports\/[0-9a-f-]{36}/);
  const brandId = new URL(page.url()).pathname.split('/')[2]!;
  await page.goto(`/ecommerce-reports/${brandId}?from=${dayFromToday(-40)}&to=${dayFromToday(-1)}`);
  const daily = page.getByRole('table', { name: 'Daily funnel' });
  await expect(daily.getByRole('row').filter({ hasText: /^Total/ })).toBeVisible({ timeout: 180_000 });
  expect(await headerTexts(page, 'Daily funnel')).toEqual(['Date', 'Sessions', 'Add To Cart', 'Add To Cart Rate', 'Checkouts', 'Checkout Rate', 'Purchases', 'Purchase Rate']);
  await expect(daily.getByRole('cell', { name: /^\d{2}\/\d{2}\/\d{4}$/ }).first()).toBeVisible();
  await expect(daily).toContainText(/\d+\.\d{2}%/);

  await page.getByRole('radio', { name: 'Day wise' }).click();
  const dayWise = page.getByRole('table', { name: 'Day wise funnel' });
  await expect(dayWise.getByRole('cell', { name: 'Monday', exact: true })).toBeVisible({ timeout: 30_000 });
  expect((await headerTexts(page, 'Day wise funnel'))[0]).toBe('Day');

  await page.getByRole('radio', { name: 'Monthly Metrics' }).click();
  const monthly = page.getByRole('table', { name: 'Monthly Metrics funnel' });
  await expect(monthly.getByRole('cell', { name: /^[A-Z][a-z]{2} \d{4}$/ }).first()).toBeVisible({ timeout: 30_000 });
  expect((await headerTexts(page, 'Monthly Metrics funnel'))[0]).toBe('Month');
  expect(await seriousViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBeLessThanOrEqual(0);
});
