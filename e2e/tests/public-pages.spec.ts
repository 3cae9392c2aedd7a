import type { Page } from '@playwright/test';
import { expect, logInAsDemo, seriousViolations, test } from './fixtures';

const scrollY = (page: Page) => page.evaluate<number>('window.scrollY');

/** Resolves once the page has not scrolled for five animation frames (a smooth scroll has ended). */
const scrollSettled = (page: Page) =>
  page.evaluate<void>(`new Promise((resolve) => {
    let last = -1, still = 0;
    const tick = () => {
      still = window.scrollY === last ? still + 1 : 0;
      last = window.scrollY;
      if (still >= 5) resolve(); else requestAnimationFrame(tick);
    };
    tick();
  })`);

/** The page is no wider than the viewport: nothing scrolls sideways. */
async function expectNoHorizontalOverflow(page: Page) {
  // A string: the e2e project has no DOM typings.
  const { scrollWidth, clientWidth } = await page.evaluate<{ scrollWidth: number; clientWidth: number }>(
    '({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth })',
  );
  expect(scrollWidth, 'page scroll width').toBeLessThanOrEqual(clientWidth);
}

test('the header anchors scroll Features, Integrations and Analytics into view below the sticky header', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const header = page.getByRole('banner');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const sections = [
    { link: 'Features', id: 'features', heading: 'Everything you need to grow profitably' },
    { link: 'Integrations', id: 'integrations', heading: 'Connect your store and ad accounts in minutes' },
    { link: 'Analytics', id: 'analytics', heading: 'Reports that answer the questions you ask every morning' },
  ];
  for (const s of sections) {
    await nav.getByRole('link', { name: s.link }).click();
    const heading = page.getByRole('heading', { name: s.heading });
    await expect(heading).toBeInViewport();
    // Once the smooth scroll settles, the section starts right under the sticky header, not behind it.
    const headerBottom = (await header.boundingBox())!.height;
    await expect
      .poll(async () => Math.round((await page.locator(`#${s.id}`).boundingBox())!.y - headerBottom), { message: `${s.id} section top under the header` })
      .toBeGreaterThanOrEqual(-1);
    await expect.poll(async () => Math.round((await page.locator(`#${s.id}`).boundingBox())!.y - headerBottom)).toBeLessThanOrEqual(24);
    await expect(header).toBeInViewport();
    await expect(heading).toBeFocused();
  }
  expect(await scrollY(page)).toBeGreaterThan(0);

  // A shared link to a section opens there. (The last smooth scroll must have ended: one still running
  // would carry on past the jump to the fragment.)
  await scrollSettled(page);
  await page.goto('/#integrations');
  await expect(page.getByRole('heading', { name: 'Connect your store and ad accounts in minutes' })).toBeInViewport();
});

test("the header's 'Get Started' goes to /login", async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
});

test("the trial banner's 'Get Started' and the hero's 'Start Free Trial' go to /login", async ({ page }) => {
  await page.goto('/');
  await page.getByRole('main').getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/');
  await page.getByRole('link', { name: 'Start Free Trial' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('the footer links open the privacy policy and the terms, each from the top of the page', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'support@parallels.dev' })).toHaveAttribute('href', 'mailto:support@parallels.dev');

  await footer.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  for (const title of ['Data from the platforms you connect', 'How we store and protect your data', 'Retention and deletion', 'Google API Services: limited use']) {
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeAttached();
  }
  await expect(page.getByText(/encrypted at rest with AES-256-GCM/)).toBeAttached();
  expect(await scrollY(page)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms and Conditions' }).click();
  await expect(page).toHaveURL(/\/terms-and-conditions$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();
  for (const title of ['Plans and prices', 'Free trial', 'Billing', 'No refunds']) {
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeAttached();
  }
  await expect(page.getByText('Any amount charged is non-refundable', { exact: false }).first()).toBeAttached();
  expect(await scrollY(page)).toBe(0);

  // The legal pages link to each other and back home.
  await page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Every channel. One honest number.');
});

test('an unknown path shows the not-found page, which leads home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('/no/such/page')).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Start Free Trial' })).toBeVisible();
});

test('at 360 px wide nothing scrolls sideways and the anchors stay reachable', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  for (const path of ['/', '/privacy-policy', '/terms-and-conditions', '/no-such-page']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoHorizontalOverflow(page);
  }
  await page.goto('/');
  const header = page.getByRole('banner');
  await header.getByRole('link', { name: 'Analytics' }).click();
  await expect(page.getByRole('heading', { name: 'Reports that answer the questions you ask every morning' })).toBeInViewport();
  const headerBottom = (await header.boundingBox())!.height;
  await expect.poll(async () => Math.round((await page.locator('#analytics').boundingBox())!.y - headerBottom)).toBeGreaterThanOrEqual(-1);
});

test('signed in, the landing header shows Dashboard and Log Out, and Log Out signs out', async ({ page }) => {
  await logInAsDemo(page);

  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
  await expect(header.getByRole('link', { name: 'Log in' })).toHaveCount(0);
  await header.getByRole('button', { name: 'Log Out' }).click();
  await expect(header.getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('axe finds no serious or critical violations on the landing page and the legal pages', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await seriousViolations(page), 'landing page').toEqual([]);

  await page.setViewportSize({ width: 360, height: 780 });
  expect(await seriousViolations(page), 'landing page at 360 px').toEqual([]);
  await page.setViewportSize({ width: 1280, height: 720 });

  for (const path of ['/privacy-policy', '/terms-and-conditions', '/no-such-page']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page), path).toEqual([]);
  }
});
