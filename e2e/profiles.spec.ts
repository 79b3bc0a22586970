import { sandboxKey } from '../server/sandbox-file.js';
import { expect, test } from './fixtures.js';
import { AccountScreen, BrandChoiceScreen, WelcomeScreen, snap } from './support/pages.js';

/**
 * A connection's "Remove…" button: named by its visible words plus the connection's name, which
 * Chromium joins with a space before the ellipsis (the name is in a visually hidden span).
 */
const removeButton = (name: string) =>
  new RegExp(`^Remove ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s?…$`);

/*
 * An agency keeps several connections: add one from the account page, switch between them, and
 * remove one (with its key). Each switch shows the other organization at once.
 */

test('connections can be added, switched and removed', async ({ page, service, connectWithSandboxKey }) => {
  const orgName = (label: 'full-test' | 'other-org') => {
    const key = sandboxKey(service.sandbox, label);
    return service.sandbox.organizations.find((o) => o.id === key.organizationId)!.name;
  };
  const [ours, theirs] = [orgName('full-test'), orgName('other-org')];
  expect(ours).not.toBe(theirs);

  await connectWithSandboxKey('full-test');
  const account = new AccountScreen(page);
  await account.open();
  await expect(account.organization).toHaveText(ours);

  await page.getByRole('button', { name: 'Add a connection' }).click();
  await new WelcomeScreen(page).connect(service.baseUrl, service.key('other-org'));
  const choice = new BrandChoiceScreen(page);
  await expect(choice.heading).toBeVisible();
  await choice.continueButton.click();
  // A new connection opens on its calendar; its account is one step away.
  await account.open();
  await expect(account.organization).toHaveText(theirs);

  const connections = page.getByRole('list', { name: 'Connections' }).getByRole('listitem');
  await expect(connections).toHaveCount(2);
  await snap(page, '11-connections');

  await page.getByRole('button', { name: `Switch to ${ours}` }).click();
  await expect(account.organization).toHaveText(ours);
  await expect(page.getByRole('navigation', { name: 'Main' })).toContainText(ours);
  // And back, and forth again: each row stays usable after a switch.
  await page.getByRole('button', { name: `Switch to ${theirs}` }).click();
  await expect(account.organization).toHaveText(theirs);
  await page.getByRole('button', { name: `Switch to ${ours}` }).click();
  await expect(account.organization).toHaveText(ours);

  await page.getByRole('button', { name: removeButton(theirs) }).click();
  await expect(page.getByRole('group', { name: `Remove ${theirs}?` })).toBeVisible();
  await page.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(connections).toHaveCount(1);
  await expect(account.organization).toHaveText(ours);
});

test('a connection takes a new key, checked before it replaces the old one', async ({
  page,
  service,
  connectWithSandboxKey,
}) => {
  await connectWithSandboxKey('full-test');
  const account = new AccountScreen(page);
  await account.open();
  const name = await account.organization.innerText();
  await page.getByRole('button', { name: `Replace the key of ${name}` }).click();
  const field = page.getByLabel(`New API key for ${name}`);

  // A revoked key is refused and the saved key stays.
  await field.fill(service.key('revoked'));
  await page.getByRole('button', { name: 'Save key' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'revoked or is wrong' })).toBeVisible();
  await expect(account.keyStatus).toContainText(`Test key ending in ${service.key('full-test').slice(-4)}`);

  // The organization's live key replaces the test key.
  const live = service.key('full-live');
  await field.fill(live);
  await page.getByRole('button', { name: 'Save key' }).click();
  await expect(account.keyStatus).toHaveText(`Live key ending in ${live.slice(-4)}, in the system keychain`);
  await expect(field).toBeHidden();
  expect(await page.content()).not.toContain(live);
  await snap(page, '16-replaced-key');
});

test('removing the last connection leads back to the first screen', async ({
  page,
  connectWithSandboxKey,
}) => {
  await connectWithSandboxKey('full-test');
  const account = new AccountScreen(page);
  await account.open();
  const name = await account.organization.innerText();
  await page.getByRole('button', { name: removeButton(name) }).click();
  await page.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(new WelcomeScreen(page).heading).toBeVisible();
});

test('the app follows the system dark theme', async ({ page, connectWithSandboxKey }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  const welcome = new WelcomeScreen(page);
  await expect(welcome.heading).toBeVisible();
  const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  expect(background).toBe('rgb(20, 22, 27)');
  await snap(page, '12-welcome-dark');
  await connectWithSandboxKey('full-test');
  await new AccountScreen(page).open();
  await expect(new AccountScreen(page).organization).toBeVisible();
  await snap(page, '13-account-dark');
});

test('offline, the account page still shows the saved connection and says why it is not confirmed', async ({
  page,
  service,
  connectWithSandboxKey,
}) => {
  await connectWithSandboxKey('full-test');
  const account = new AccountScreen(page);
  await account.open();
  const organization = await account.organization.innerText();
  await service.stop();
  await page.reload();
  await account.open();
  await expect(
    page.getByRole('alert').filter({ hasText: 'The service could not confirm this connection' }),
  ).toContainText('Could not reach the service');
  await expect(account.organization).toHaveText(organization);
  await expect(account.keyStatus).toContainText('Test key ending in');
  await snap(page, '14-account-offline');
});
