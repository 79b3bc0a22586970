import { randomBytes, randomUUID } from 'node:crypto';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import type { PostDetail, PostListItem } from '../shared/api/resources.js';
import { expect, test, type TestService } from './fixtures.js';
import { snap } from './support/pages.js';

/*
 * The media library against the local service: the same bytes attached twice (from two files) are
 * uploaded once and both posts carry the one media; the library shows it with its facts, its
 * tags, search, and the posts using it; a tile starts a post or drags onto a block.
 */

const DAY = 24 * 60 * 60 * 1000;

async function postsOnService(service: TestService, tag: string): Promise<PostDetail[]> {
  const brandId = service.brandsOf('full-test')[0]!.id;
  const headers = { authorization: `Bearer ${service.key('full-test')}`, 'x-brand-id': brandId };
  const start = new Date(Date.now() - DAY).toISOString();
  const end = new Date(Date.now() + 30 * DAY).toISOString();
  const res = await fetch(`${service.baseUrl}/posts?startDate=${start}&endDate=${end}`, { headers });
  const list = (await res.json()) as { posts: PostListItem[] };
  return Promise.all(
    list.posts
      .filter((p) => (p.content ?? '').includes(tag))
      .map(
        async (p) =>
          (await (await fetch(`${service.baseUrl}/posts/${p.id}`, { headers })).json()) as PostDetail,
      ),
  );
}

/** Writes a post for Harbor Coffee (X) with one file and schedules it two days ahead. */
async function scheduleWithFile(page: Page, text: string, file: string, fileName: string) {
  const dialog = page.getByRole('dialog');
  await page.getByRole('button', { name: 'New post' }).click();
  await expect(dialog.getByRole('heading', { name: 'New post' })).toBeVisible();
  await dialog
    .getByRole('group', { name: 'X', exact: true })
    .getByRole('checkbox', { name: 'Harbor Coffee', exact: true })
    .check();
  await dialog.getByRole('textbox', { name: 'Text of Block 1', exact: true }).fill(text);
  await dialog.getByLabel('Files for Block 1').setInputFiles(file);
  await expect(dialog.getByRole('button', { name: `Remove ${fileName}` })).toBeVisible({ timeout: 20_000 });
  const when = await page.evaluate((at) => {
    const d = new Date(Date.now() + at);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  }, 2 * DAY);
  await dialog.getByLabel(/^Publish at/).fill(when);
  await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
}

test('the same bytes are uploaded once; the library shows, tags, finds and reuses the media', async ({
  page,
  app,
  service,
  connectWithSandboxKey,
}) => {
  await connectWithSandboxKey('full-test');
  const dir = await mkdtemp(join(tmpdir(), 'postdeck-media-e2e-'));
  const photo = join(dir, 'beans.png');
  await sharp(randomBytes(96 * 64 * 3), { raw: { width: 96, height: 64, channels: 3 } })
    .png()
    .toFile(photo);
  const copy = join(dir, 'beans-copy.png');
  await copyFile(photo, copy);
  await app.registerFile(photo, 'beans.png');
  await app.registerFile(copy, 'beans-copy.png');
  const tag = randomUUID().slice(0, 8);

  await scheduleWithFile(page, `First with beans ${tag}`, photo, 'beans.png');
  await scheduleWithFile(page, `Second with the same beans ${tag}`, copy, 'beans-copy.png');
  await expect.poll(async () => (await postsOnService(service, tag)).length, { timeout: 20_000 }).toBe(2);
  const posts = await postsOnService(service, tag);
  const images = posts.map((p) => p.value[0]?.image?.[0]);
  // One media on the service, used by both posts: the second file was never uploaded.
  expect(images[0]?.id).toMatch(/^media_/);
  expect(images[1]?.id).toBe(images[0]?.id);
  expect(images[1]?.path).toBe(images[0]?.path);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Media' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Media library' })).toBeVisible();
  const grid = page.getByRole('list', { name: 'Media of this brand' });
  await expect(grid.locator(':scope > li')).toHaveCount(1);
  const tile = grid.getByRole('listitem', { name: 'beans.png' });
  await expect(tile).toContainText('Image');
  await expect(tile).toContainText('96 × 64');
  await expect(tile).toContainText(/\d+(\.\d)? KB/);
  await expect(tile.getByText('Used in 2 posts')).toBeVisible();

  // Tags: added, shown, searched; a bad one is refused with a sentence and what was typed stays.
  const tagInput = tile.getByLabel('Add a tag to beans.png');
  await tagInput.fill('   ');
  await tile.getByRole('button', { name: 'Add tag to beans.png' }).click();
  await expect(tile.getByRole('alert')).toContainText('A tag needs a letter or more.');
  await tagInput.fill('roastery');
  await tagInput.press('Enter');
  await expect(tile.getByRole('list', { name: 'Tags of beans.png' })).toContainText('roastery');
  await expect(tagInput).toHaveValue('');
  const search = page.getByLabel('Search by name or tag');
  await search.fill('#roast');
  await expect(grid.locator(':scope > li')).toHaveCount(1);
  await search.fill('nothing-like-this');
  await expect(page.getByText('Nothing matches')).toBeVisible();
  await page.getByRole('button', { name: 'Clear the search' }).click();
  await tile.getByText('Used in 2 posts').click();
  await snap(page, 'media-library');

  // A use opens its post in the calendar, as a notification does.
  await tile
    .getByRole('button', { name: /^Post of / })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
  await expect(page.getByText(new RegExp(`with (the same )?beans ${tag}`)).first()).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Media' }).click();

  // A tile starts a post with the media already attached (nothing uploaded).
  await tile.getByRole('button', { name: /New post with it/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Remove beans.png' })).toBeVisible();
  // And a library media drags onto a block.
  await dialog.getByRole('button', { name: 'Uploaded media for Block 1' }).click();
  const item = dialog
    .getByRole('list', { name: 'Uploaded media to reuse in Block 1' })
    .getByRole('button')
    .first();
  await item.dragTo(dialog.getByRole('textbox', { name: 'Text of Block 1', exact: true }));
  await expect(dialog.getByRole('button', { name: 'Remove beans.png' })).toHaveCount(2);
  await snap(page, 'media-library-dragged');
  await rm(dir, { recursive: true, force: true });
});
