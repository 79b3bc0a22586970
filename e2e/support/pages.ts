import { mkdir } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';

/*
 * Page objects: what a user sees and does on each screen,
 * found by role and accessible name, so the specs read as the user's steps.
 */

export class WelcomeScreen {
  readonly heading: Locator;
  readonly sandboxButton: Locator;
  readonly serviceAddress: Locator;
  readonly apiKey: Locator;
  readonly brandId: Locator;
  readonly connectButton: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Welcome to Postdeck' });
    this.sandboxButton = page.getByRole('button', { name: 'Start the sandbox' });
    this.serviceAddress = page.getByLabel('Service address');
    this.apiKey = page.getByLabel('API key');
    this.brandId = page.getByLabel('Brand ID');
    this.connectButton = page.getByRole('button', { name: 'Connect' });
  }

  /** Fills the form and connects; a Brand ID is typed only when given (the field shows when asked for). */
  async connect(baseUrl: string, apiKey: string, brandId?: string): Promise<void> {
    await this.serviceAddress.fill(baseUrl);
    await this.apiKey.fill(apiKey);
    if (brandId !== undefined) await this.brandId.fill(brandId);
    await this.connectButton.click();
  }

  /** The sentence shown under a field (its accessible description once the field is invalid). */
  async fieldError(field: Locator): Promise<string> {
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    const id = await field.getAttribute('aria-describedby');
    return (await this.page.locator(`[id="${id}"]`).innerText()).trim();
  }
}

export class BrandChoiceScreen {
  readonly heading: Locator;
  readonly continueButton: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Choose a brand' });
    this.continueButton = page.getByRole('button', { name: 'Continue' });
  }

  brand(name: string): Locator {
    return this.page.getByRole('radio', { name });
  }
}

export class AccountScreen {
  readonly organization: Locator;
  readonly brand: Locator;
  readonly user: Locator;
  readonly keyStatus: Locator;
  readonly brandSwitcher: Locator;

  constructor(readonly page: Page) {
    this.organization = page.getByTestId('me-organization');
    this.brand = page.getByTestId('me-brand');
    this.user = page.getByTestId('me-user');
    this.keyStatus = page.getByTestId('key-status');
    this.brandSwitcher = page.getByRole('combobox', { name: 'Brand', exact: true });
  }

  async open(): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Account' })
      .click();
  }
}

/** Saves a screenshot under e2e/screenshots/ (kept across runs, never committed) for a human to look at. */
export async function snap(page: Page, name: string): Promise<void> {
  await mkdir('e2e/screenshots', { recursive: true });
  await page.screenshot({ path: `e2e/screenshots/${name}.png` });
}
