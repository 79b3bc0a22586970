import type { Page } from '@playwright/test';
import { createOnService, expect, test, type TestService } from './fixtures.js';
import { snap } from './support/pages.js';

/*
 * When a post the user scheduled goes out (or fails), the app says so wherever the user is: the
 * sync engine notices the change on its next pull and the shell shows a notice.
 */

async function scheduleOnService(service: TestService, integrationId: string, content: string, at: Date) {
  const response = await createOnService(service, {
    type: 'schedule',
    date: at.toISOString(),
    shortLink: false,
    posts: [{ integration: { id: integrationId }, value: [{ content }], settings: { __type: 'x' } }],
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
}

/** Reads the hours around now, as the calendar does when it refreshes: main pulls them from the service. */
async function readAroundNow(page: Page) {
  const range = {
    start: new Date(Date.now() - 3_600_000).toISOString(),
    end: new Date(Date.now() + 3_600_000).toISOString(),
  };
  const result = await page.evaluate((input) => window.api.listPosts(input), range);
  expect(result.ok).toBe(true);
}

test('a scheduled post that goes out is announced, wherever the user is', async ({
  page,
  service,
  connectWithSandboxKey,
}) => {
  const brand = service.sandbox.organizations
    .flatMap((o) => o.brands)
    .find((b) => b.id === service.brandsOf('full-test')[0]!.id)!;
  const x = brand.integrations.find((i) => i.platform === 'x' && !i.disconnected);
  expect(x).toBeDefined();
  const content = `Launch day checklist ${Date.now()}`;
  await scheduleOnService(service, x!.id, content, new Date(Date.now() + 3_000));

  await connectWithSandboxKey();
  await readAroundNow(page); // the app has it as scheduled
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Account' }).click();

  // The service's publisher sends it; the app's next pull sees it published.
  await expect
    .poll(
      async () => {
        await readAroundNow(page);
        return page.getByRole('status', { name: 'Notifications' }).innerText();
      },
      { timeout: 15_000, intervals: [1_000] },
    )
    .toContain(content);
  const notice = page.getByRole('status', { name: 'Notifications' }).locator('.notice-card');
  await expect(notice).toHaveCount(1);
  await expect(notice).toContainText('Published');
  await snap(page, '17-published-notice');
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toHaveCount(0);
});
