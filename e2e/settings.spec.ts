import { expect, test } from './fixtures.js';
import { AccountScreen, snap } from './support/pages.js';

/*
 * The account page's settings: what the key's scopes allow (features it cannot use are disabled
 * with the reason, up front), the colour theme, and each brand's time zone.
 */

test('a full key allows every feature', async ({ page, connectWithSandboxKey }) => {
  await connectWithSandboxKey('full-test');
  await new AccountScreen(page).open();
  const features = page.getByRole('list', { name: 'Features' }).getByRole('listitem');
  await expect(features).toHaveCount(7);
  await expect(page.locator('.permission-row[data-allowed="false"]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'New post' })).toBeEnabled();
});

test('a scheduler key (no posts:read, no analytics:read) shows those features refused with the reason', async ({
  page,
  connectWithSandboxKey,
}) => {
  await connectWithSandboxKey('scheduler');
  await new AccountScreen(page).open();
  const refused = page.locator('.permission-row[data-allowed="false"]');
  await expect(refused).toHaveCount(2);
  await expect(refused.filter({ hasText: 'Read analytics' })).toContainText(
    'lacks the “Read analytics” permission',
  );
  await expect(refused.filter({ hasText: 'See posts in the calendar' })).toContainText(
    'lacks the “Read posts” permission',
  );
  await expect(
    page.locator('.permission-row[data-allowed="true"]').filter({ hasText: 'Create and schedule posts' }),
  ).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'New post' })).toBeEnabled();
  await snap(page, 'settings-scheduler-key');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Analytics' }).click();
  await expect(page.getByText('This API key cannot read analytics')).toBeVisible();
});

test('a key that can only read brands cannot create posts: the New post button says why', async ({
  page,
  connectWithSandboxKey,
}) => {
  await connectWithSandboxKey('brands-read');
  const newPost = page.getByRole('button', { name: 'New post' });
  await expect(newPost).toBeDisabled();
  await expect(newPost).toHaveAccessibleDescription(/lacks the “Write posts” permission/);
  await new AccountScreen(page).open();
  await expect(page.locator('.permission-row[data-allowed="false"]')).toHaveCount(6);
  await expect(page.locator('.permission-row[data-allowed="true"]')).toHaveText(/List brands/);
  await snap(page, 'settings-brands-read-key');
});

test('the theme can be light, dark or the system’s, and is remembered after a restart', async ({
  page,
  connectWithSandboxKey,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await connectWithSandboxKey('full-test');
  await new AccountScreen(page).open();
  const html = page.locator('html');
  const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  await expect(html).toHaveAttribute('data-theme', 'light');
  const light = await background();

  await page.getByRole('radio', { name: 'Dark' }).check();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect.poll(background).toBe('rgb(20, 22, 27)');
  await snap(page, 'settings-dark');

  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await new AccountScreen(page).open();
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();

  // "System" follows the system live, both ways.
  await page.getByRole('radio', { name: 'Same as the system' }).check();
  await expect(html).toHaveAttribute('data-theme', 'light');
  await expect.poll(background).toBe(light);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveAttribute('data-theme', 'dark');
  // A forced light theme wins over a dark system.
  await page.getByRole('radio', { name: 'Light' }).check();
  await expect(html).toHaveAttribute('data-theme', 'light');
  await snap(page, 'settings-light-on-dark-system');
});

test('each brand keeps its own time zone, picked from a searchable list, and the calendar uses it', async ({
  page,
  service,
  connectWithSandboxKey,
}) => {
  await connectWithSandboxKey('full-test');
  await new AccountScreen(page).open();
  const [first, second] = service.brandsOf('full-test');
  const zoneOf = (name: string) => page.getByRole('combobox', { name: `Time zone of ${name}`, exact: true });

  await zoneOf(first!.name).fill('Tokio');
  await zoneOf(first!.name).press('Enter');
  await expect(page.getByRole('alert')).toContainText('is not a time zone Postdeck knows');
  // Nothing was saved: leaving the field puts back the zone in use (none: the system's).
  await zoneOf(first!.name).press('Escape');
  await expect(zoneOf(first!.name)).toHaveValue('');

  // The list offers matches as the user types, forgiving spaces and underscores.
  await zoneOf(first!.name).fill('new y');
  const offered = page.getByRole('listbox', { name: `Time zone of ${first!.name}: matches` });
  await expect(offered.getByRole('option', { name: 'America/New_York' })).toBeVisible();
  await snap(page, 'settings-time-zone-matches');
  await zoneOf(first!.name).press('Escape');

  // Picked with the keyboard from the list: type, arrow down to the match, Enter.
  await zoneOf(first!.name).fill('tokyo');
  await zoneOf(first!.name).press('ArrowDown');
  await zoneOf(first!.name).press('Enter');
  await expect(zoneOf(first!.name)).toHaveValue('Asia/Tokyo');
  await expect(page.getByRole('list', { name: 'Brands' }).getByRole('listitem').first()).toContainText(
    'Asia/Tokyo',
  );
  if (second) {
    await zoneOf(second.name).fill('America/New_York');
    await zoneOf(second.name).press('Enter');
    await expect(page.getByRole('list', { name: 'Brands' }).getByRole('listitem').nth(1)).toContainText(
      'America/New_York',
    );
  }
  await snap(page, 'settings-time-zones');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Calendar' }).click();
  // The calendar's toolbar picks from the same searchable list.
  await expect(page.getByRole('combobox', { name: 'Brand time zone' })).toHaveValue('Asia/Tokyo');

  await new AccountScreen(page).open();
  await page.getByRole('button', { name: 'Use the system’s' }).first().click();
  await expect(zoneOf(first!.name)).toHaveValue('');
});

test('the page the user was on comes back after a restart', async ({ page, connectWithSandboxKey }) => {
  await connectWithSandboxKey('full-test');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Analytics' }).click();
  await page.getByLabel('Add up by').selectOption({ label: 'Account' });
  const account = page.getByLabel('Account');
  await expect(account).toBeVisible();
  const chosen = await account.locator('option').last().getAttribute('value');
  await account.selectOption(chosen!);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Analytics');
  await expect(page.getByLabel('Account')).toHaveValue(chosen!);
});
