import { expect, logInAsDemo, seriousViolations, test } from './fixtures';

// Issue 19: the Meta screens on the demo brand (its two Meta ad accounts sync their newest 60 days on start).


test('demo login: Meta reports Age tab, campaigns labelled TOFU in grouped mode survive a reload, interest filter Spend > 0', async ({ page }) => {
  test.setTimeout(240_000);
  await logInAsDemo(page);

  // Meta reports: the Age tab by default, the blended summary, months as columns
  await page.getByRole('link', { name: 'Performance Reports' }).click();
  await expect(page).toHaveURL(/\/meta-reports\/[0-9a-f-]{36}/);
  const age = page.getByRole('table', { name: 'Meta Age report' });
  await expect(age).toBeVisible({ timeout: 150_000 });
  await expect(page.getByLabel('Account')).toHaveValue('blended');
  await expect(age.getByRole('cell', { name: '25-34', exact: true })).toBeVisible();
  await expect(age.getByRole('columnheader', { name: /^[A-Z][a-z]{2}-\d{4}/ }).first()).toBeVisible();
  await page.getByRole('navigation', { name: 'Reports' }).getByRole('button', { name: 'Gender' }).click();
  await expect(page.getByRole('table', { name: 'Meta Gender report' }).getByRole('cell', { name: 'Female', exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Campaign analysis: group, label a campaign TOFU, reload: the label is the brand's, kept on the server
  await page.getByRole('link', { name: 'Campaign Analysis' }).click();
  const campaigns = page.getByRole('table', { name: 'All campaigns' });
  await expect(campaigns).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Enable Grouping' }).click();
  await page.getByRole('button', { name: 'Edit Labels' }).click();
  await campaigns.getByRole('button', { name: /^Expand Unlabeled: \d+ campaigns?$/ }).click();
  const labelButton = campaigns.getByRole('button', { name: /^Labels of .+: Add label$/ }).first();
  const campaignName = ((await labelButton.getAttribute('aria-label')) ?? '').replace(/^Labels of /, '').replace(/: Add label$/, '');
  await labelButton.click();
  // the campaign leaves the Unlabeled group at once (and its dropdown with it)
  await page.getByRole('dialog', { name: `Labels of ${campaignName}` }).getByRole('checkbox', { name: 'TOFU', exact: true }).click();
  await expect(campaigns.getByRole('button', { name: /^Expand TOFU: \d+ campaigns?$/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.reload();
  await expect(campaigns).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Enable Grouping' }).click();
  const tofu = campaigns.getByRole('button', { name: /^Expand TOFU: \d+ campaigns?$/ });
  await expect(tofu).toBeVisible();
  await tofu.click();
  await expect(campaigns.getByRole('cell', { name: campaignName, exact: true }).first()).toBeVisible();

  // Interest analysis: Spend > 0
  await page.getByRole('link', { name: 'Interest Reports' }).click();
  await expect(page.getByRole('heading', { name: 'Meta Interest Analysis' })).toBeVisible();
  const blended = page.getByRole('table', { name: 'Blended interests' });
  await expect(blended).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/split equally among them/)).toBeVisible();
  // the table's card ends where its columns end (a five-column table leaves no bordered blank beside it)
  const card = page.getByRole('region', { name: 'Blended interests rows' });
  const [cardWidth, tableWidth] = [(await card.boundingBox())!.width, (await blended.boundingBox())!.width];
  expect(cardWidth).toBeLessThanOrEqual(tableWidth + 20);
  const section = page.getByRole('region', { name: 'Blended interests' });
  await section.getByRole('button', { name: 'Filter' }).click();
  const filters = page.getByRole('dialog', { name: 'Filters' });
  await filters.getByLabel('Column').selectOption({ label: 'Spend' });
  await expect(filters.getByLabel('Operator')).toHaveValue('>');
  await filters.getByLabel('Value').fill('0');
  await filters.getByRole('button', { name: 'Add Filter' }).click();
  await expect(filters).toBeHidden();
  await expect(section.getByLabel('1 active')).toBeVisible();
  await expect(section.getByText('Filtered', { exact: true })).toBeVisible();
  const spends = await blended.getByRole('row').evaluateAll((rows) => rows.slice(1).map((r) => r.querySelectorAll('td')[1]?.textContent ?? ''));
  expect(spends.length).toBeGreaterThan(0);
  for (const s of spends) expect(Number(s.replace(/[^\d.]/g, ''))).toBeGreaterThan(0);
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe('at 390px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the Meta screens do not scroll sideways; the Reports navigation is a drawer', async ({ page }) => {
    test.setTimeout(180_000);
    await logInAsDemo(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Performance Reports' }).click();
    await expect(page.getByRole('table', { name: 'Meta Age report' })).toBeVisible({ timeout: 150_000 });
    await page.getByRole('button', { name: 'Reports: Age' }).click();
    await page.getByRole('dialog', { name: 'Reports' }).getByRole('button', { name: 'Country' }).click();
    await expect(page.getByRole('table', { name: 'Meta Country report' })).toBeVisible();
    const path = new URL(page.url()).pathname;
    const id = path.split('/')[2]!;
    for (const screen of [`/meta-reports/${id}`, `/meta-campaigns/${id}`, `/meta-interest/${id}`]) {
      await page.goto(screen);
      await expect(page.getByRole('table').first()).toBeVisible({ timeout: 60_000 });
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth'), `${screen} scrolls sideways`).toBeLessThanOrEqual(0);
    }
  });
});
