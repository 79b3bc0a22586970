import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { docsImage } from './support/docs-images.js';
import { WelcomeScreen } from './support/pages.js';

/*
 * Feeds to drafts as a new user meets them: the built-in sandbox offers its demo feeds on the Feeds
 * screen, the blog is added from the keyboard, its newest item becomes one draft (title and link),
 * and reading the feed again (Check now, then after a reload) makes no other draft. An address on
 * loopback that is not the sandbox's own is refused with its sentence, and the list keeps going.
 */

/** The drafts main holds for the active brand, as the window would list them. */
async function drafts(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const result = await window.api.listDrafts({});
    if (!result.ok) throw new Error(result.error.message);
    return result.value.map((d) => d.blocks[0]?.content ?? '');
  });
}

async function noBlockingAxe(page: Page): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    const { violations } = await new AxeBuilder({ page }).include('#page').analyze();
    const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      blocking.map((v) => `${theme}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('a demo feed’s new item becomes one draft, and reading the feed again makes none', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await new WelcomeScreen(page).sandboxButton.click();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeVisible({ timeout: 20_000 });
  await nav.getByRole('button', { name: 'Feeds' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Feeds');
  await expect(page.getByText('No feed yet')).toBeVisible();
  await expect(page.getByText('Nothing new to review')).toBeVisible();
  expect(await drafts(page)).toEqual([]);

  // A loopback address that is not the sandbox's own is refused, in words, and nothing is kept.
  const address = page.getByRole('textbox', { name: 'Feed address' });
  await address.fill('http://127.0.0.1:9/feed.xml');
  await page.getByRole('button', { name: 'Add feed' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    "The feed's address leads to 127.0.0.1, a private, loopback or link-local address Postdeck does not read feeds from: give the feed's public address.",
  );
  await expect(address).toHaveValue('http://127.0.0.1:9/feed.xml');

  // The sandbox's demo blog, added from the keyboard.
  const demo = page.getByRole('group', { name: 'Demo feeds' });
  await demo.getByRole('button', { name: 'Add Harbor Coffee blog (demo, RSS)' }).focus();
  await page.keyboard.press('Enter');
  const feeds = page.getByRole('list', { name: 'Feeds of this brand' });
  await expect(feeds.getByRole('heading', { name: 'Harbor Coffee blog' })).toBeVisible();
  await expect(demo.getByRole('button', { name: 'Add Harbor Coffee blog (demo, RSS)' })).toHaveCount(0);
  const items = page.getByRole('list', { name: 'New items' }).getByRole('listitem');
  await expect(items).toHaveCount(5);
  const newest = items.first();
  const title = (await newest.getByRole('heading').textContent()) ?? '';
  expect(title.length).toBeGreaterThan(3);
  // The summary is the post's text, its HTML made plain.
  await expect(newest.locator('.feed-item-summary')).not.toContainText('<p>');
  await noBlockingAxe(page);

  await newest.getByRole('button', { name: 'Make draft' }).click();
  await expect(page.getByText(`Made a draft of “${title}”.`)).toBeVisible();
  await expect(items).toHaveCount(4);
  await expect(
    page.getByRole('list', { name: 'New items' }).getByRole('heading', { name: title }),
  ).toHaveCount(0);
  const made = await drafts(page);
  expect(made).toHaveLength(1);
  expect(made[0]).toMatch(
    new RegExp(
      `^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\n\\nhttps://harbor-coffee\\.example/blog/\\d{4}-\\d{2}-\\d{2}-`,
    ),
  );

  // The manual's picture, without the refused address above.
  await address.fill('');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await docsImage(page, 'feeds');

  // A second read: nothing new, no draft more.
  await feeds.getByRole('button', { name: 'Check now' }).click();
  await expect(page.getByText('Harbor Coffee blog: nothing new.')).toBeVisible();
  await expect(feeds.getByText(/^Read .+ · 4 waiting for review$/)).toBeVisible();
  await expect(items).toHaveCount(4);
  expect(await drafts(page)).toHaveLength(1);

  // After a reload of the window, the same: the feed and its remembered items are main's.
  await page.reload();
  await expect(nav).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Feeds');
  await feeds.getByRole('button', { name: 'Check now' }).click();
  await expect(page.getByText('Harbor Coffee blog: nothing new.')).toBeVisible();
  await expect(items).toHaveCount(4);
  expect(await drafts(page)).toHaveLength(1);

  // Dismiss takes an item off the list for good.
  await items.first().getByRole('button', { name: 'Dismiss' }).click();
  await expect(items).toHaveCount(3);
});
