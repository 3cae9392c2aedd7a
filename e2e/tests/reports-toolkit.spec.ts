import ExcelJS from 'exceljs';
import { expect, logInAsDemo, seriousViolations, test } from './fixtures';


// The demo brand syncs its newest 60 days on first start; the performance table shows them by month.
test('demo login: Marketing Insights shows months, expands one into days, exports a file', async ({ page }) => {
  test.setTimeout(180_000);
  await logInAsDemo(page);
  await page.getByRole('link', { name: 'Marketing Insights' }).click();
  await expect(page).toHaveURL(/\/marketing-insights\/[0-9a-f-]{36}/);
  // Preparing until the first windows land; the sync's calculation notice then brings the table.
  const table = page.getByRole('table', { name: 'Cross-platform performance' });
  const month = page.getByRole('button', { name: /^Expand [A-Z][a-z]{2} \d{4}$/ }).first();
  await expect(month).toBeVisible({ timeout: 150_000 });
  await expect(table.getByRole('row').filter({ hasText: /^Total/ })).toContainText(/₹[\d,]+\.\d{2}/);
  const rowsBefore = await table.getByRole('row').count();
  await month.click();
  await expect(page.getByRole('button', { name: /^Collapse [A-Z][a-z]{2} \d{4}$/ })).toHaveAttribute('aria-expanded', 'true');
  await expect(table.getByRole('cell', { name: /^\d{2}\/\d{2}\/\d{4}$/ }).first()).toBeVisible();
  expect(await table.getByRole('row').count()).toBeGreaterThan(rowsBefore);
  expect(await seriousViolations(page)).toEqual([]);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^Marketing_Insights_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.getWorksheet('Performance')!;
  expect(sheet.getRow(1).getCell(1).value).toBe('Month');
  expect(sheet.getRow(1).getCell(2).value).toBe('Store platform Total Sales');
  expect(sheet.getRow(2).getCell(1).value).toMatch(/^[A-Z][a-z]{2} \d{4}$/);
  expect(sheet.rowCount).toBeGreaterThan(2);

  await page.getByRole('button', { name: 'Full screen' }).click();
  await expect(page.getByRole('dialog', { name: 'Cross-platform performance' })).toBeVisible();
  await page.getByRole('button', { name: 'Exit full screen' }).click();
  await expect(page.getByText(/^Showing \d+-\d+ of \d+ rows$/)).toBeVisible();
});

test('brand targets: add, edit with Save, edit with Cancel, delete; the Sales Progress chart is drawn', async ({ page }) => {
  test.setTimeout(90_000);
  await logInAsDemo(page);
  await page.goto('/performance-metrics');
  await expect(page.getByRole('heading', { name: 'Brands Performance Metrics' })).toBeVisible();
  await page.getByLabel('Source').selectOption('Meta');
  await page.getByLabel('Target sales').fill('100000');
  await page.getByLabel('Target spend').fill('20000');
  await page.getByLabel('Target ROAS').fill('5');
  await page.getByRole('button', { name: 'Add Target' }).click();
  const meta = page.getByRole('table', { name: 'Meta Performance Table' });
  await expect(meta.getByRole('row')).toHaveCount(2);
  await expect(meta).toContainText('1,00,000.00');
  await expect(page.getByRole('figure', { name: 'Sales Progress chart' }).locator('.recharts-bar-rectangle').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await meta.getByRole('button', { name: /^Edit / }).click();
  await meta.getByLabel('Target sales').fill('150000');
  await meta.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Brand updated successfully!')).toBeVisible();
  await expect(meta).toContainText('1,50,000.00');

  await meta.getByRole('button', { name: /^Edit / }).click();
  await meta.getByLabel('Target sales').fill('999');
  await meta.getByRole('button', { name: 'Cancel' }).click();
  await expect(meta).toContainText('1,50,000.00');
  await expect(meta).not.toContainText('999.00');

  await meta.getByRole('button', { name: /^View / }).click();
  await expect(meta).toContainText('Remaining days');
  await meta.getByRole('button', { name: /^Delete / }).click();
  await expect(page.getByRole('table', { name: 'Meta Performance Table' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Meta Performance Table' }).locator('..')).toContainText('No data available');
});
