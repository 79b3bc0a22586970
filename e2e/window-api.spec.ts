import { IPC_METHOD_NAMES } from '../shared/ipc/contract.js';
import { expect, test } from './fixtures.js';
import { WelcomeScreen } from './support/pages.js';

/*
 * The seam itself, as the page sees it: exactly the contract's methods, nothing writable, bad
 * arguments answered with a typed error (never a crash), and no network for the page itself.
 */

test('window.api offers exactly the contract, frozen', async ({ page }) => {
  const shape = await page.evaluate(() => ({
    keys: Object.keys(window.api).sort(),
    frozen: Object.isFrozen(window.api),
  }));
  expect(shape.keys).toEqual([...IPC_METHOD_NAMES, 'on', 'fileToken'].sort());
  expect(shape.frozen).toBe(true);
});

test('a bad argument gets a typed error and the app keeps working', async ({ page, service }) => {
  const answers = await page.evaluate(async () => {
    const loose = window.api as unknown as Record<string, (input: unknown) => Promise<unknown>>;
    return Promise.all([
      loose.switchBrand!({ brandId: 42 }),
      loose.connectProfile!('not an object'),
      loose.listPosts!({ start: 'yesterday', end: null }),
      loose.getMe!({ extra: true }),
    ]);
  });
  for (const answer of answers) {
    expect(answer).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
  }
  const welcome = new WelcomeScreen(page);
  await welcome.connect(service.baseUrl, service.key('full-test'));
  await expect(page.getByRole('heading', { name: 'Choose a brand' })).toBeVisible();
});

test('the page cannot reach the network itself: every call goes through main', async ({ page, service }) => {
  const outcome = await page.evaluate(async (url) => {
    const violations: string[] = [];
    document.addEventListener('securitypolicyviolation', (e) => violations.push(e.effectiveDirective));
    // no-cors would succeed (with an opaque answer) anywhere the policy allowed the request.
    const fetched = await fetch(url, { mode: 'no-cors' }).then(
      () => 'fetched',
      () => 'blocked',
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    return { fetched, violations };
  }, `${service.baseUrl}/me`);
  expect(outcome).toEqual({ fetched: 'blocked', violations: ['connect-src'] });
});
