import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/** Every page must load without console errors; each test fails on the first one. */
export const test = base.extend<{ consoleErrors: string[]; stopTutorials: boolean; tutorialHandler: void }>({
  // A first login plays the guided tutorials over the screen; tests about other things stop them when they show.
  stopTutorials: [true, { option: true }],
  tutorialHandler: [
    async ({ page, stopTutorials }, use) => {
      if (stopTutorials) await page.addLocatorHandler(page.locator('.driver-popover'), async (popover) => popover.getByRole('button', { name: 'Stop', exact: true }).click());
      await use();
    },
    { auto: true },
  ],
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        // Chromium logs every 4xx as a failed resource: a 401 from check-token or a deliberate wrong password,
        // a 402 plan limit (the plans notice), a 403 token problem, and a report's 409 'No metrics data available yet' (the Preparing screen) are
        // answers the screens act on, not errors.
        // The sandbox inbox shows an email's HTML in an iframe sandboxed without scripts (emails have none): Chromium
        // reports Playwright's own attempt to instrument that frame as 'Blocked script execution in about:srcdoc'.
        const text = msg.text();
        if (msg.type() !== 'error' || /Failed to load resource: the server responded with a status of 40[1239]/.test(text)) return;
        if (/^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/.test(text)) return;
        errors.push(text);
      });
      page.on('pageerror', (err) => errors.push(err.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Signs in as the sandbox's demo user and waits for the dashboard. */
export async function logInAsDemo(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill('demo@parallels.dev');
  await page.getByLabel('Password').fill('parallels-demo');
  await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
  // the first sign-in after start shares the two cores with the demo brand's first sync
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 60_000 });
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Serious and critical axe findings, one line each (empty when the page passes). */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
