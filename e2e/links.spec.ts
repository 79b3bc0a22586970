import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, firstBrandX, test, type TestService } from './fixtures.js';

/*
 * Tracked links as a new user meets them: the brand's rules turned on in Account (with its live
 * example), an X post with two links composed, the preview showing the tracked link and the other
 * one marked "Don't track this link", the counter counting each link as 23 as X does, the post
 * sent, and the service's own copy carrying the parameters.
 */

/** No serious or critical accessibility problem on the page as it is, in either theme. */
async function noBlockingAxe(page: Page, where: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    // The network previews included: each network's hues, at 4.5:1 or more.
    const { violations } = await new AxeBuilder({ page }).analyze();
    const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      blocking.map((v) => `${theme} ${where}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** The service's copy of the post whose text holds `stamp` (GET /posts, then GET /posts/:id). */
async function onService(service: TestService, brandId: string, stamp: string): Promise<string | null> {
  const headers = { authorization: `Bearer ${service.key('full-test')}`, 'x-brand-id': brandId };
  const range = `startDate=${new Date(Date.now() - 86_400_000).toISOString()}&endDate=${new Date(Date.now() + 86_400_000).toISOString()}`;
  const list = (await (await fetch(`${service.baseUrl}/posts?${range}`, { headers })).json()) as {
    posts: { id: string; content?: string }[];
  };
  const found = list.posts.find((p) => p.content?.includes(stamp));
  if (!found) return null;
  const post = (await (await fetch(`${service.baseUrl}/posts/${found.id}`, { headers })).json()) as {
    value?: { content: string }[];
    content?: string;
  };
  return post.value?.[0]?.content ?? post.content ?? null;
}

async function turnOnTracking(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Account' }).click();
  const section = page.getByRole('region', { name: 'Tracked links' });
  await section.scrollIntoViewIfNeeded();
  const example = section.getByTestId('links-example');
  // Off: the example already shows what the usual three tags would make of a link.
  await expect(example).toHaveText(
    'https://shop.example.com/spring → https://shop.example.com/spring?utm_source=x&utm_medium=social&utm_campaign=spring-sale',
  );
  // Keyboard: the switch is reached and turned on without the mouse.
  await section
    .getByRole('checkbox', { name: 'Add tracking parameters to links when posts are sent' })
    .focus();
  await page.keyboard.press('Space');
  // A name with a space is refused with a sentence and nothing is saved.
  const firstName = section.getByRole('textbox', { name: 'Name' }).first();
  await firstName.fill('utm source');
  await section.getByRole('button', { name: 'Save tracked links' }).click();
  await expect(section.getByRole('alert')).toHaveText(/letters, digits/);
  await firstName.fill('utm_source');
  await section.getByRole('button', { name: 'Save tracked links' }).click();
  await expect(page.getByText('Saved the tracked links. Posts sent from now on carry them.')).toBeVisible();
  await noBlockingAxe(page, 'account');
}

test('an X post goes out with the brand’s tracking parameters, counted as 23 a link; a link marked "Don’t track" goes as typed', async ({
  page,
  service,
  connectWithSandboxKey,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await connectWithSandboxKey('full-test');
  const { brand, x } = firstBrandX(service);
  await turnOnTracking(page);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Calendar' }).click();
  await page.getByRole('button', { name: 'New post' }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByRole('group', { name: 'X', exact: true })
    .getByRole('checkbox', { name: x.name, exact: true })
    .check();
  const stamp = Date.now().toString(36);
  const shop = 'https://shop.example.com/spring';
  const recipe = 'https://blog.example.com/recipes/oat-latte';
  const text = `Spring menu ${stamp} ${shop} and ${recipe}`;
  await dialog.getByRole('textbox', { name: 'Text of Block 1', exact: true }).fill(text);

  const tracked = `${shop}?utm_source=x&utm_medium=social`;
  // X shows a link shortened, as X does; the whole link as sent is its title, and is listed under the text.
  const preview = dialog.getByRole('article', { name: `Preview for ${x.name} on X` });
  const previewLinks = preview.locator('.pv-link');
  await expect(previewLinks).toHaveCount(2);
  await expect(previewLinks.nth(0)).toHaveAttribute('title', tracked);
  await expect(previewLinks.nth(1)).toHaveAttribute('title', `${recipe}?utm_source=x&utm_medium=social`);
  const links = dialog.getByRole('group', { name: 'Links in this post' });
  await expect(links.getByRole('list', { name: `${shop} as sent` })).toHaveText(`X: ${tracked}`);
  // X counts any link as 23 characters, tagged or not: the count is the typed text's.
  const counted = `Spring menu ${stamp} ${'x'.repeat(23)} and ${'x'.repeat(23)}`.length;
  await expect(dialog.getByTestId('counter-0-x')).toHaveText(`X ${counted}/280`);

  // The second link is the client's partner's: it goes as typed.
  await expect(links.getByRole('checkbox')).toHaveCount(2);
  await links.getByRole('checkbox', { name: `Don’t track this link: ${recipe}` }).check();
  await expect(previewLinks.nth(1)).toHaveAttribute('title', recipe);
  await expect(previewLinks.nth(0)).toHaveAttribute('title', tracked);
  await expect(links).toContainText('Sent as typed.');
  await noBlockingAxe(page, 'composer');
  await expect(dialog.getByTestId('counter-0-x')).toHaveText(`X ${counted}/280`);

  await dialog.getByRole('button', { name: 'Post now', exact: true }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect
    .poll(() => onService(service, brand.id, stamp), { timeout: 20_000 })
    .toBe(`Spring menu ${stamp} ${tracked} and ${recipe}`);
});
