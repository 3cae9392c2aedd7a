import { expect, logInAsDemo, test } from './fixtures';
import type { Page } from '@playwright/test';

// A phone (390x844): below the 768px breakpoint the sidebar is a drawer behind a menu button, and no screen
// may scroll sideways: every control must be reachable without it.
test.use({ viewport: { width: 390, height: 844 } });

const PUBLIC_SCREENS = ['/', '/login', '/privacy-policy', '/terms-and-conditions', '/pricing_callback'];
const SIGNED_IN_SCREENS = ['/dashboard', '/brand-setup', '/profile', '/performance-metrics'];
const BRAND_SCREENS = ['admetrics', 'marketing-insights', 'ecommerce-reports', 'conversion-reports', 'meta-campaigns', 'meta-interest', 'meta-reports', 'google-reports', 'segment-dashboard'];
/** the screens whose header carries the date picker */
const WITH_DATE_PICKER = new Set(['/dashboard', 'admetrics']);

async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
}

async function expectNoSidewaysScroll(page: Page, screen: string) {
  // a screen that lays out late (figures arriving) is measured once it has settled
  await page.waitForLoadState('networkidle');
  expect(await sidewaysOverflow(page), `${screen} scrolls sideways`).toBeLessThanOrEqual(0);
}

/** Scrolled to its end, a screen's last line sits above the floating support button, never under it. */
async function expectEndClearOfSupportButton(page: Page, screen: string) {
  const support = page.getByRole('button', { name: 'Contact support' });
  await expect(support).toBeVisible();
  const contentBottom = await page.evaluate<number>(
    `(() => { const main = document.querySelector('main'); main.scrollTo(0, main.scrollHeight); window.scrollTo(0, document.documentElement.scrollHeight); const last = main.lastElementChild; return last ? last.getBoundingClientRect().bottom : 0; })()`,
  );
  const button = (await support.boundingBox())!;
  expect(contentBottom, `${screen}: the end of the screen lies under the support button`).toBeLessThanOrEqual(button.y);
}

async function expectDatePickerOpens(page: Page, screen: string) {
  const button = page.getByRole('button', { name: /Date range/ });
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Choose dates' });
  await expect(dialog, `${screen}: the date picker opens`).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box!.x, `${screen}: the date picker starts on screen`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${screen}: the date picker ends on screen`).toBeLessThanOrEqual(390);
  await expect(dialog.getByRole('button', { name: 'Yesterday', exact: true })).toBeInViewport();
  expect(await sidewaysOverflow(page), `${screen}: the open date picker scrolls sideways`).toBeLessThanOrEqual(0);
  // nothing floats over Apply (the support button at the bottom right once did): its middle and its right end
  // are the topmost element there
  const apply = dialog.getByRole('button', { name: 'Apply' });
  await apply.scrollIntoViewIfNeeded();
  const applyBox = (await apply.boundingBox())!;
  // what is topmost at a point: the name of the button there, or the element's tag
  const topmost = (x: number, y: number) =>
    page.evaluate<string>(`(() => { const el = document.elementFromPoint(${x}, ${y}); const b = el?.closest('button'); return b ? b.textContent.trim() || b.getAttribute('aria-label') : String(el?.tagName); })()`);
  const covered: string[] = [];
  for (const x of [applyBox.x + applyBox.width / 2, applyBox.x + applyBox.width - 8]) {
    const top = await topmost(x, applyBox.y + applyBox.height / 2);
    if (top !== 'Apply') covered.push(top);
  }
  expect(covered, `${screen}: something covers Apply`).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

test('at 390px no screen scrolls sideways, the sidebar is a drawer behind the menu button, and the date picker opens', async ({ page }) => {
  test.setTimeout(180_000);
  for (const path of PUBLIC_SCREENS) {
    await page.goto(path);
    await expectNoSidewaysScroll(page, path);
  }

  await logInAsDemo(page);

  // The sidebar is off screen until the menu button opens it; choosing a screen closes it again.
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await expect(sidebar).not.toBeInViewport();
  const menu = page.getByRole('button', { name: 'Open menu' });
  await menu.click();
  await expect(sidebar).toBeInViewport({ ratio: 1 });
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await sidebar.getByRole('link', { name: 'Ad Metrics' }).click();
  await expect(page).toHaveURL(/\/admetrics\/[0-9a-f-]{36}/);
  await expect(sidebar).not.toBeInViewport();
  const brandId = new URL(page.url()).pathname.split('/')[2]!;
  // Escape closes it too
  await menu.click();
  await expect(sidebar).toBeInViewport({ ratio: 1 });
  await page.keyboard.press('Escape');
  await expect(sidebar).not.toBeInViewport();

  const screens = [...SIGNED_IN_SCREENS.map((p) => ({ key: p, path: p })), ...BRAND_SCREENS.map((s) => ({ key: s, path: `/${s}/${brandId}` }))];
  for (const { key, path } of screens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(page, path);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeInViewport();
    await expectEndClearOfSupportButton(page, path);
    if (WITH_DATE_PICKER.has(key)) await expectDatePickerOpens(page, path);
  }
});
