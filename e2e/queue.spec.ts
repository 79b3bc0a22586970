import { expect, test } from './fixtures.js';
import { snap } from './support/pages.js';

/* The posting-slot editor: brand default slots, an account's own, copied to another account. */

test('slots are added, removed and copied to other accounts', async ({ page, connectWithSandboxKey }) => {
  await connectWithSandboxKey('full-test');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Calendar' }).click();
  await expect(page.locator('[data-post-id]').first()).toBeVisible();
  await nav.getByRole('button', { name: 'Queue' }).click();
  await expect(page.getByRole('heading', { name: 'Brand default: weekly slots' })).toBeVisible();

  const add = async (day: string, time: string) => {
    await page.getByLabel('Day', { exact: true }).selectOption({ label: day });
    await page.getByLabel('Time', { exact: true }).fill(time);
    await page.getByRole('button', { name: 'Add slot' }).click();
  };
  await add('Monday', '09:00');
  await add('Wednesday', '17:30');
  // Slots are written on the user's clock, as every time in the app is (this browser: en-US, 12-hour).
  await expect(page.getByRole('group', { name: 'Monday' })).toContainText('9:00 AM');
  await expect(page.getByRole('group', { name: 'Wednesday' })).toContainText('5:30 PM');

  await page.getByRole('combobox', { name: 'Account' }).selectOption({ label: 'Harbor Coffee (X)' });
  await expect(page.getByText('Harbor Coffee follows the brand default.')).toBeVisible();
  await add('Friday', '12:15');
  await expect(page.getByRole('group', { name: 'Friday' })).toContainText('12:15 PM');
  await expect(page.getByRole('group', { name: 'Monday' })).toContainText('9:00 AM');
  await page.getByRole('button', { name: 'Remove Monday 9:00 AM' }).click();
  await expect(page.getByRole('group', { name: 'Monday' })).toContainText('No slots');

  await page.getByRole('checkbox', { name: 'Maya Chen (LinkedIn)' }).check();
  await page.getByRole('button', { name: 'Copy to 1 account' }).click();
  await expect(page.getByText('Copied to 1 account.')).toBeVisible();
  await snap(page, 'queue-slots');

  await page.getByRole('combobox', { name: 'Account' }).selectOption({ label: 'Maya Chen (LinkedIn)' });
  await expect(page.getByRole('group', { name: 'Friday' })).toContainText('12:15 PM');
  await expect(page.getByRole('group', { name: 'Wednesday' })).toContainText('5:30 PM');
  await expect(page.getByRole('group', { name: 'Monday' })).toContainText('No slots');
});
