import { MeResponse } from '../shared/api/resources.js';
import { sandboxKey, type SandboxKeyLabel } from '../server/sandbox-file.js';
import { expect, test, type TestService } from './fixtures.js';
import { AccountScreen, BrandChoiceScreen, WelcomeScreen, snap } from './support/pages.js';

/*
 * The first screen, tried as a new user would: connect with a base URL and a key, see who and
 * where we are, switch brand, and get a sentence that says what to do for each way it can fail.
 */

/** What the service itself says about a key (GET /me), to compare the screen against. */
async function meFromService(
  service: TestService,
  label: SandboxKeyLabel,
  brandId: string | null,
): Promise<MeResponse> {
  const response = await fetch(`${service.baseUrl}/me`, {
    headers: { authorization: `Bearer ${service.key(label)}`, ...(brandId ? { 'x-brand-id': brandId } : {}) },
  });
  expect(response.status).toBe(200);
  return MeResponse.parse(await response.json());
}

function organizationName(service: TestService, label: SandboxKeyLabel): string {
  const key = sandboxKey(service.sandbox, label);
  const org = service.sandbox.organizations.find((o) => o.id === key.organizationId);
  if (!org) throw new Error(`sandbox.json has no organization ${key.organizationId}`);
  return org.name;
}

test('a new user connects with a key, picks a brand and sees organization, brand and user', async ({
  page,
  service,
}) => {
  const welcome = new WelcomeScreen(page);
  const brands = service.brandsOf('full-test');
  expect(brands.length).toBeGreaterThan(1);
  const orgName = organizationName(service, 'full-test');

  await expect(welcome.heading).toBeVisible();
  await snap(page, '01-welcome');
  await welcome.connect(service.baseUrl, service.key('full-test'));
  // No Brand ID asked: the service names the key's default brand, preselected below.
  await expect(welcome.brandId).toHaveCount(0);
  const byDefault = await meFromService(service, 'full-test', null);

  const choice = new BrandChoiceScreen(page);
  await expect(choice.heading).toBeVisible();
  await expect(page.getByText(`Connected to ${orgName}`)).toBeVisible();
  for (const brand of brands) await expect(choice.brand(brand.name)).toBeVisible();
  await expect(choice.brand(byDefault.brand.name)).toBeChecked();
  await snap(page, '02-brand-choice');
  const second = brands.find((b) => b.id !== byDefault.brand.id)!;
  await choice.brand(second.name).check();
  await choice.continueButton.click();

  // The first screen after connecting is the calendar, with the brand's posts.
  const connected = page.getByRole('status').filter({ hasText: 'You are connected.' });
  await expect(connected).toBeVisible();
  await expect(page).toHaveTitle(`Calendar · ${second.name} · Postdeck`);
  await expect(page.locator('[data-post-id]').first()).toBeVisible();
  await snap(page, '03-calendar-after-connect');
  await connected.getByRole('button', { name: 'Open Account' }).click();

  const account = new AccountScreen(page);
  const me = await meFromService(service, 'full-test', second.id);
  await expect(account.organization).toHaveText(orgName);
  await expect(account.brand).toHaveText(second.name);
  await expect(account.user).toContainText(me.user.name);
  await expect(account.user).toContainText(me.user.email);
  const token = service.key('full-test');
  await expect(account.keyStatus).toHaveText(`Test key ending in ${token.slice(-4)}, in the system keychain`);
  await expect(page.getByRole('navigation', { name: 'Main' })).toContainText(orgName);
  await expect(page).toHaveTitle(`Account · ${second.name} · Postdeck`);
  await snap(page, '03-account');
});

test('switching brand in the top bar changes the brand every later call acts on', async ({
  page,
  service,
}) => {
  const [first, second] = service.brandsOf('full-test') as [
    { id: string; name: string },
    { id: string; name: string },
  ];
  await new WelcomeScreen(page).connect(service.baseUrl, service.key('full-test'));
  const choice = new BrandChoiceScreen(page);
  await expect(choice.heading).toBeVisible();
  await choice.brand(first.name).check();
  await choice.continueButton.click();

  // The first screen after connecting is the calendar; the sidebar leads to the account.
  const account = new AccountScreen(page);
  await account.open();
  await expect(account.brand).toHaveText(first.name);
  await account.brandSwitcher.selectOption({ label: second.name });
  // GET /me answers for the brand in x-brand-id, so the page shows what the service now acts on.
  await expect(account.brand).toHaveText(second.name);
  await expect(account.brandSwitcher).toHaveValue(second.id);
  await expect(
    page.getByRole('list', { name: 'Brands' }).getByRole('listitem').filter({ hasText: second.name }),
  ).toContainText('Active');
  await snap(page, '04-switched-brand');

  // The account page's own list switches back.
  await page.getByRole('button', { name: `Switch to ${first.name}` }).click();
  await expect(account.brand).toHaveText(first.name);
  await expect(account.brandSwitcher).toHaveValue(first.id);

  // A reload starts from what main remembers, not from the page's memory.
  await page.reload();
  await account.open();
  await expect(account.brand).toHaveText(first.name);
});

test('a wrong address says so next to the address field', async ({ page, service }) => {
  const welcome = new WelcomeScreen(page);
  const key = service.key('full-test');

  await welcome.connect('not a url', key);
  expect(await welcome.fieldError(welcome.serviceAddress)).toMatch(/not a web address/i);

  // Nothing listens on port 9 of this machine.
  await welcome.connect('http://127.0.0.1:9/v1', key);
  expect(await welcome.fieldError(welcome.serviceAddress)).toMatch(/could not reach the service/i);
  await snap(page, '05-unreachable');

  // The service is there, but this is not its API's base URL.
  await welcome.connect(`${service.origin}/nothing-here`, key);
  expect(await welcome.fieldError(welcome.serviceAddress)).toMatch(/check the base URL/);

  // Plain http to another machine would send the key in clear.
  await welcome.connect('http://example.com/v1', key);
  expect(await welcome.fieldError(welcome.serviceAddress)).toMatch(/https:\/\//);

  await expect(welcome.heading).toBeVisible();
  await expect(welcome.apiKey).not.toHaveAttribute('aria-invalid', 'true');
});

test('a revoked key says so next to the key field', async ({ page, service }) => {
  const welcome = new WelcomeScreen(page);
  await welcome.connect(service.baseUrl, service.key('revoked'));
  expect(await welcome.fieldError(welcome.apiKey)).toMatch(/revoked or is wrong/);
  await expect(welcome.serviceAddress).not.toHaveAttribute('aria-invalid', 'true');
  await snap(page, '06-revoked');
});

test('a key without the scope to read the account says which scope it lacks', async ({ page, service }) => {
  expect(sandboxKey(service.sandbox, 'posts-read').scopes).not.toContain('brands:read');
  const welcome = new WelcomeScreen(page);
  await welcome.connect(service.baseUrl, service.key('posts-read'));
  expect(await welcome.fieldError(welcome.apiKey)).toMatch(/lacks the “Read brands” permission/);
  await snap(page, '07-missing-scope');
});

test('an empty form is caught before anything is sent', async ({ page, ipcResults }) => {
  const welcome = new WelcomeScreen(page);
  await welcome.connectButton.click();
  expect(await welcome.fieldError(welcome.serviceAddress)).toMatch(/enter the address/i);
  await expect(welcome.apiKey).toHaveAttribute('aria-invalid', 'true');
  await expect(welcome.serviceAddress).toBeFocused();
  if (ipcResults) expect(ipcResults.filter((r) => !r.ok)).toEqual([]);
});

test('the sandbox button connects to the built-in local service', async ({ page }) => {
  const welcome = new WelcomeScreen(page);
  await welcome.sandboxButton.click();
  // The first screen after connecting is the calendar; the sidebar leads to the account.
  const account = new AccountScreen(page);
  await account.open();
  await expect(account.organization).not.toBeEmpty();
  await expect(account.brand).not.toBeEmpty();
  await expect(account.user).not.toBeEmpty();
  await expect(account.keyStatus).toContainText('Test key ending in');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await snap(page, '08-sandbox');
});

test('the whole connect flow works from the keyboard', async ({ page, service }) => {
  const welcome = new WelcomeScreen(page);
  await welcome.serviceAddress.focus();
  await page.keyboard.type(service.baseUrl);
  await page.keyboard.press('Tab');
  await expect(welcome.apiKey).toBeFocused();
  await page.keyboard.type(service.key('full-test'));
  await page.keyboard.press('Enter');
  const choice = new BrandChoiceScreen(page);
  await expect(choice.heading).toBeVisible();
  await page.getByRole('radio', { checked: true }).focus();
  await page.keyboard.press('Enter');
  // The calendar comes first; the account it connected is one step away.
  await expect(page.getByRole('region', { name: 'Calendar' })).toBeVisible();
  const account = new AccountScreen(page);
  await account.open();
  await expect(account.organization).toBeVisible();
});
