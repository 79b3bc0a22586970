import { expect, test } from './fixtures.js';
import { BrandChoiceScreen, WelcomeScreen, snap } from './support/pages.js';

/*
 * Both first-run paths end in a working app with data: the built-in sandbox's demo brands,
 * accounts and posts, or the user's own service after choosing a brand from GET /brands.
 * (Each connection failure's sentence is covered in first-screen.spec.ts.)
 */

test('the sandbox path shows demo brands, accounts, posts and analytics', async ({ page }) => {
  const welcome = new WelcomeScreen(page);
  await snap(page, 'onboarding-welcome');
  await welcome.sandboxButton.click();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeVisible({ timeout: 20_000 });

  const brands = page.getByRole('combobox', { name: 'Brand', exact: true }).getByRole('option');
  // The brand list arrives after the shell: wait for it rather than read it once.
  await expect.poll(() => brands.count()).toBeGreaterThanOrEqual(2);

  await nav.getByRole('button', { name: 'Calendar' }).click();
  await expect(page.locator('[data-post-id]').first()).toBeVisible();
  await snap(page, 'onboarding-sandbox-calendar');

  await nav.getByRole('button', { name: 'Analytics' }).click();
  await page.getByLabel('Add up by').selectOption({ label: 'Account' });
  const accounts = page.getByLabel('Account').locator('option');
  await expect(accounts.first()).toBeAttached();
  await expect.poll(() => accounts.count()).toBeGreaterThanOrEqual(3);
  await expect(page.getByTestId('metric-followers')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Followers per day' })).toBeVisible();
});

test('the connect path checks the key, offers the brands of GET /brands, and lands on that brand', async ({
  page,
  service,
}) => {
  const welcome = new WelcomeScreen(page);
  await welcome.connect(service.baseUrl, service.key('full-test'));
  const choice = new BrandChoiceScreen(page);
  await expect(choice.heading).toBeVisible();
  const [, second] = service.brandsOf('full-test');
  expect(second).toBeDefined();
  await choice.brand(second!.name).check();
  await snap(page, 'onboarding-brand-choice');
  await choice.continueButton.click();

  await expect(page.getByRole('combobox', { name: 'Brand', exact: true })).toHaveValue(second!.id);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Analytics' }).click();
  await expect(page.getByTestId('metric-followers')).toBeVisible();
  await page.getByLabel('Add up by').selectOption({ label: 'Account' });
  // Only this brand's accounts are offered.
  const offered = await page
    .getByLabel('Account')
    .locator('option')
    .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  const brandAccounts = service.sandbox.organizations
    .flatMap((o) => o.brands)
    .find((b) => b.id === second!.id)!
    .integrations.map((i) => i.id);
  expect(offered.length).toBeGreaterThan(0);
  for (const id of offered) expect(brandAccounts).toContain(id);
});
