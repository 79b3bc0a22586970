import { expect, test } from './fixtures.js';

/*
 * A calendar at rest stays at rest: reads of posts announce changes only when there were some, and
 * the window refetches only on real news, so nothing loops (it once made dozens of calls a second).
 */
test('an idle calendar makes almost no calls to main', async ({
  page,
  connectWithSandboxKey,
  ipcResults,
}) => {
  test.skip(ipcResults === null, 'counting IPC calls needs the browser bridge, which records them');
  await connectWithSandboxKey();
  await expect(page.locator('[data-post-id]').first()).toBeVisible();
  // Let the first reads, their prefetches and any publish the sandbox makes settle.
  await page.waitForTimeout(3_000);
  const before = ipcResults!.length;
  await page.waitForTimeout(4_000);
  expect(ipcResults!.length - before).toBeLessThanOrEqual(4);
});
