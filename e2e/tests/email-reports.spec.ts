import { expect, logInAsDemo, test } from './fixtures';

// Issue 22: the demo user's daily digest lands in the sandbox inbox when the schedule runs (the sandbox's
// trigger runs it whatever the hour), and its one-click unsubscribe link turns the daily report off.
test("the demo user's digest arrives in /sandbox/mail and its unsubscribe link works", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await logInAsDemo(page);
  const run = await page.request.post('/api/sandbox/mail/run-schedule', { headers: { origin: baseURL! } });
  expect(run.status()).toBe(200);

  await page.goto('/sandbox/mail');
  const messages = page.getByRole('list', { name: 'Messages' });
  const daily = messages.getByRole('button', { name: /Daily report for Parallels Demo Store/ });
  await expect(daily).toBeVisible({ timeout: 60_000 });
  await daily.click();
  const message = page.getByRole('article', { name: /Daily report for Parallels Demo Store/ });
  await expect(message.getByRole('heading', { name: /Daily report for Parallels Demo Store/ })).toBeVisible();
  // the HTML part shows in a sandboxed frame (its own content is checked through the API: no script reaches into it)
  await expect(message.getByTitle(/HTML of Daily report for Parallels Demo Store/)).toBeVisible();
  await message.getByRole('tab', { name: 'Text' }).click();
  await expect(message.getByText(/Facebook/)).toBeVisible();
  await message.getByRole('tab', { name: 'Headers' }).click();
  await expect(message.getByText('list-unsubscribe-post')).toBeVisible();
  const header = await message.locator('dt', { hasText: /^list-unsubscribe$/ }).locator('xpath=following-sibling::dd[1]').textContent();
  const link = header!.trim().replace(/^<|>$/g, '');
  expect(link).toContain('/api/email/unsubscribe?token=');

  // the link asks first (no sign-in needed), then unsubscribes
  await page.goto(link);
  await expect(page.getByText('Stop sending daily email reports for Parallels Demo Store?')).toBeVisible();
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { name: 'Unsubscribed' })).toBeVisible();
  await expect(page.getByText('You will no longer get daily email reports for Parallels Demo Store.')).toBeVisible();

  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Email reports' }).click();
  await expect(page.getByRole('switch', { name: 'Daily report for Parallels Demo Store' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Weekly report for Parallels Demo Store' })).toBeChecked();
});
