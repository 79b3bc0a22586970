import { randomBytes, randomUUID } from 'node:crypto';
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import type { PostDetail, PostListItem } from '../shared/api/resources.js';
import { createOnService, expect, test, type TestService } from './fixtures.js';
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

/** A PNG of random pixels (so the service never already has it), written in a fresh folder. */
async function freshPng(name: string): Promise<{ dir: string; file: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'postdeck-media-e2e-'));
  const file = join(dir, name);
  await sharp(randomBytes(80 * 60 * 3), { raw: { width: 80, height: 60, channels: 3 } })
    .png()
    .toFile(file);
  return { dir, file };
}

async function openMediaLibrary(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Media' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Media library' })).toBeVisible();
}

test('the library uploads files itself, through the same file tokens as the composer', async ({
  page,
  app,
  connectWithSandboxKey,
}) => {
  await connectWithSandboxKey('full-test');
  const { dir, file } = await freshPng('storefront.png');
  await app.registerFile(file, 'storefront.png');
  await openMediaLibrary(page);
  await expect(page.getByText('No media for this brand yet')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload', exact: true })).toBeVisible();
  await snap(page, 'media-library-empty');

  await page.getByLabel('Files to upload to the media library').setInputFiles(file);
  const tile = page.getByRole('list', { name: 'Media of this brand' }).getByRole('listitem', {
    name: 'storefront.png',
  });
  await expect(tile).toBeVisible({ timeout: 20_000 });
  await expect(tile).toContainText('80 × 60');
  await expect(tile.getByText('Not used in a post yet')).toBeVisible();
  await rm(dir, { recursive: true, force: true });
});

test('media of a post the app read, uploaded elsewhere, is in the library with its post', async ({
  page,
  app,
  service,
  connectWithSandboxKey,
}) => {
  test.skip(app.host === 'electron', 'the bridge plays main: it opens the post as a notification would');
  const brandId = service.brandsOf('full-test')[0]!.id;
  const headers = { authorization: `Bearer ${service.key('full-test')}`, 'x-brand-id': brandId };
  const { dir, file } = await freshPng('elsewhere.png');
  // Another client of the brand uploads a picture and schedules a post with it.
  const form = new FormData();
  form.set('file', new Blob([await readFile(file)], { type: 'image/png' }), 'elsewhere.png');
  const uploaded = await fetch(`${service.baseUrl}/media/upload`, { method: 'POST', headers, body: form });
  expect(uploaded.status).toBe(200);
  const media = (await uploaded.json()) as { id: string; path: string };
  const x = service.sandbox.organizations
    .flatMap((o) => o.brands)
    .find((b) => b.id === brandId)!
    .integrations.find((i) => i.platform === 'x' && !i.disconnected)!;
  const content = `Made elsewhere ${randomUUID().slice(0, 8)}`;
  const created = await createOnService(service, {
    type: 'schedule',
    date: new Date(Date.now() + 3 * DAY).toISOString(),
    shortLink: false,
    posts: [
      {
        integration: { id: x.id },
        value: [{ content, image: [{ id: media.id, path: media.path }] }],
        settings: { __type: 'x' },
      },
    ],
  });
  const [post] = (await created.json()) as { postId: string }[];

  await connectWithSandboxKey('full-test');
  app.services!.requestOpen({ kind: 'post', postId: post!.postId });
  await expect(page.getByRole('complementary')).toContainText(content);

  await openMediaLibrary(page);
  // Named by the post's words: the service's file name is an id.
  const tile = page.getByRole('list', { name: 'Media of this brand' }).getByRole('listitem', {
    name: `Picture in “${content}”`,
  });
  await expect(tile).toBeVisible();
  await expect(tile).not.toContainText(media.id);
  await expect(tile.getByText('Used in 1 post')).toBeVisible();
  await rm(dir, { recursive: true, force: true });
});

test('a post scheduled with a media counts as a use at once, while it waits in the outbox', async ({
  page,
  app,
  service,
  connectWithSandboxKey,
}) => {
  await connectWithSandboxKey('full-test');
  const { dir, file } = await freshPng('terrace.png');
  await app.registerFile(file, 'terrace.png');
  const tag = randomUUID().slice(0, 8);
  await scheduleWithFile(page, `Terrace online ${tag}`, file, 'terrace.png');
  await openMediaLibrary(page);
  const tile = page.getByRole('list', { name: 'Media of this brand' }).getByRole('listitem', {
    name: 'terrace.png',
  });
  await expect(tile.getByText('Used in 1 post')).toBeVisible({ timeout: 20_000 });

  // Offline, the next post waits in the outbox: the library counts it already.
  await service.stop();
  await tile.getByRole('button', { name: /New post with it/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByRole('group', { name: 'X', exact: true })
    .getByRole('checkbox', { name: 'Harbor Coffee', exact: true })
    .check();
  await dialog.getByRole('textbox', { name: 'Text of Block 1', exact: true }).fill(`Terrace queued ${tag}`);
  const when = await page.evaluate((at) => {
    const d = new Date(Date.now() + at);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  }, 3 * DAY);
  await dialog.getByLabel(/^Publish at/).fill(when);
  await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  const queued = await page.evaluate(() => window.api.listOutbox({}));
  expect(queued.ok && queued.value.filter((o) => o.kind === 'create')).toHaveLength(1);
  await expect(tile.getByText('Used in 2 posts')).toBeVisible();
  // The waiting post opens in the calendar as the others do.
  await tile.getByText('Used in 2 posts').click();
  await tile
    .getByRole('button', { name: /^Post of / })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
  await expect(page.getByRole('complementary')).toContainText('change waiting to sync');
  await service.start();
  await rm(dir, { recursive: true, force: true });
});
