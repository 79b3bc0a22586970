import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Locator, Page } from '@playwright/test';
import type { ErrorBody } from '../shared/api/errors.js';
import type { PostCreateRequest, PostDetail, PostListItem } from '../shared/api/resources.js';
import { X_MAX_TEXT_LENGTH } from '../shared/platforms/text.js';
import { MAX_TEXT_LENGTH } from '../shared/platforms/text-length.js';
import { wallDateKey } from '../renderer/calendar/time.js';
import { createOnService as postToService, expect, test, type TestService } from './fixtures.js';
import { snap } from './support/pages.js';
import { CalendarPage } from './support/calendar.js';

/*
 * The composer against the real local service: what the user picks and types becomes the posts
 * the service holds, the platform rules are shown before sending and the service agrees, and
 * nothing typed is lost.
 */

const DAY = 24 * 60 * 60 * 1000;

/** The composer as a user sees it: found by role and accessible name. */
class ComposerDialog {
  readonly dialog: Locator;
  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog');
  }

  async open(): Promise<void> {
    await this.page.getByRole('button', { name: 'New post' }).click();
    await expect(this.dialog.getByRole('heading', { name: 'New post' })).toBeVisible();
  }

  account(platform: string, name: string): Locator {
    return this.dialog
      .getByRole('group', { name: platform, exact: true })
      .getByRole('checkbox', { name, exact: true });
  }

  text(block = 1): Locator {
    return this.dialog.getByRole('textbox', { name: `Text of Block ${block}`, exact: true });
  }

  block(n: number): Locator {
    return this.dialog.getByRole('region', { name: `Block ${n}`, exact: true });
  }

  scope(name: string): Locator {
    return this.dialog.getByRole('group', { name: 'Text for' }).getByRole('button', { name });
  }

  settings(legend: string): Locator {
    return this.dialog.getByRole('group', { name: legend, exact: true });
  }

  button(name: string): Locator {
    return this.dialog.getByRole('button', { name, exact: true });
  }

  /** Sets the publish time field (brand zone) to a wall time `ms` from now, in the page's zone. */
  async scheduleIn(ms: number): Promise<void> {
    const value = await this.page.evaluate((at) => {
      const d = new Date(Date.now() + at);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
    }, ms);
    await this.dialog.getByLabel(/^Publish at/).fill(value);
  }
}

/** The service's own view of the brand's posts (GET /posts, then GET /posts/:id for each match). */
async function postsOnService(
  service: TestService,
  match: (p: PostListItem) => boolean,
): Promise<PostDetail[]> {
  const brandId = service.brandsOf('full-test')[0]!.id;
  const headers = { authorization: `Bearer ${service.key('full-test')}`, 'x-brand-id': brandId };
  const start = new Date(Date.now() - 2 * DAY).toISOString();
  const end = new Date(Date.now() + 30 * DAY).toISOString();
  const list = (await (
    await fetch(`${service.baseUrl}/posts?startDate=${start}&endDate=${end}`, { headers })
  ).json()) as {
    posts: PostListItem[];
  };
  return Promise.all(
    list.posts
      .filter(match)
      .map(
        async (p) =>
          (await (await fetch(`${service.baseUrl}/posts/${p.id}`, { headers })).json()) as PostDetail,
      ),
  );
}

/** POST /posts straight to the service, to hear what it says of a request. */
async function createOnService(
  service: TestService,
  body: PostCreateRequest,
): Promise<{ status: number; body: Partial<ErrorBody> }> {
  const response = await postToService(service, body);
  return { status: response.status, body: (await response.json()) as Partial<ErrorBody> };
}

/** An MP4 the service accepts (its kind is sniffed from the ftyp box), padded to `size` bytes. */
function smallMp4(size = 4096): Buffer {
  const head = Buffer.concat([
    Buffer.from([0, 0, 0, 0x20]),
    Buffer.from('ftypisom', 'latin1'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isomiso2avc1mp41', 'latin1'),
  ]);
  return Buffer.concat([head, Buffer.alloc(size - head.length)]);
}

test('a post for three accounts, one with its own text, becomes one group with the right text on each', async ({
  page,
  service,
  ipcCalls,
  connectWithSandboxKey,
}) => {
  await connectWithSandboxKey();
  const c = new ComposerDialog(page);
  await c.open();
  const tag = randomUUID().slice(0, 8);

  await c.account('X', 'Harbor Coffee').check();
  await c.account('Bluesky', 'harborcoffee').check();
  await c.account('LinkedIn', 'Maya Chen').check();
  await c.text().fill(`Fresh roast this Friday ${tag}`);

  await c.scope('Maya Chen').click();
  await c.button('Write a text for this account').click();
  await c.text().fill(`A longer note for LinkedIn readers about Friday's roast ${tag}`);
  await expect(c.dialog.getByTestId('counter-0-linkedin')).toHaveText(/LinkedIn \d+\/3000/);
  await c.scope('All accounts').click();
  await expect(c.text()).toHaveValue(`Fresh roast this Friday ${tag}`);
  await expect(c.dialog.getByTestId('counter-0-x')).toHaveText(
    `X ${`Fresh roast this Friday ${tag}`.length}/280`,
  );
  await expect(c.dialog.getByRole('article', { name: 'Preview for Maya Chen on LinkedIn' })).toContainText(
    'LinkedIn readers',
  );
  await snap(page, 'composer-01-multi-account');

  await c.scheduleIn(2 * DAY);
  const callsBefore = ipcCalls?.length ?? 0;
  await c.button('Schedule').click();
  await expect(c.dialog).toBeHidden();
  await expect(page.getByText('Scheduled for 3 accounts.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'New post' })).toBeFocused();
  // The send is one call (the bridge counts them): the draft's copy travels with it, no save first.
  const sends = /^(saveDraft|sendDraft|queueDraft)$/;
  if (ipcCalls) expect(ipcCalls.slice(callsBefore).filter((name) => sends.test(name))).toEqual(['sendDraft']);

  const posts = await postsOnService(service, (p) => (p.content ?? '').includes(tag));
  expect(posts).toHaveLength(3);
  expect(new Set(posts.map((p) => p.group)).size).toBe(1);
  const byPlatform = Object.fromEntries(posts.map((p) => [p.integration.platform, p.value[0]?.content]));
  expect(byPlatform).toEqual({
    x: `Fresh roast this Friday ${tag}`,
    bluesky: `Fresh roast this Friday ${tag}`,
    linkedin: `A longer note for LinkedIn readers about Friday's roast ${tag}`,
  });
});

test('a thread: blocks added, reordered by keyboard with their delays, sent in order with commentDelays', async ({
  page,
  service,
  connectWithSandboxKey,
}) => {
  await connectWithSandboxKey();
  const c = new ComposerDialog(page);
  await c.open();
  const tag = randomUUID().slice(0, 8);
  await c.account('X', 'Harbor Coffee').check();
  await c.text(1).fill(`Thread start ${tag}`);
  await c.button('Add a block to the thread').click();
  await expect(c.text(2)).toBeFocused();
  await c.text(2).fill(`Second ${tag}`);
  await c.block(2).getByLabel('Minutes after the block before').fill('15');
  await c.button('Add a block to the thread').click();
  await c.text(3).fill(`Third ${tag}`);
  await c.block(3).getByLabel('Minutes after the block before').fill('1500');
  // Past the bound the field keeps the largest allowed delay.
  await expect(c.block(3).getByLabel('Minutes after the block before')).toHaveValue('1440');
  await c.block(3).getByLabel('Minutes after the block before').fill('30');

  // Alt+ArrowUp moves the block (with its delay) and keeps the focus in its text.
  await c.text(3).focus();
  await page.keyboard.press('Alt+ArrowUp');
  await expect(c.text(2)).toHaveValue(`Third ${tag}`);
  await expect(c.text(2)).toBeFocused();
  await expect(c.block(2).getByLabel('Minutes after the block before')).toHaveValue('30');
  await expect(c.block(3).getByLabel('Minutes after the block before')).toHaveValue('15');
  // The buttons do the same.
  await c.button('Add a block to the thread').click();
  await c.text(4).fill('to be removed');
  await c.button('Remove Block 4').click();
  await expect(c.text(4)).toHaveCount(0);
  await expect(c.dialog.getByRole('article', { name: /Preview for Harbor Coffee/ })).toContainText(
    `Third ${tag}`,
  );
  await snap(page, 'composer-02-thread');
  await page.emulateMedia({ colorScheme: 'dark' });
  await snap(page, 'composer-02b-thread-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  await c.scheduleIn(3 * DAY);
  await c.button('Schedule').click();
  await expect(c.dialog).toBeHidden();
  const [post] = await postsOnService(service, (p) => (p.content ?? '').includes(tag));
  expect(post?.value.map((b) => b.content)).toEqual([`Thread start ${tag}`, `Third ${tag}`, `Second ${tag}`]);
  expect(post?.commentDelays).toEqual([30, 15]);
});

test("each platform's required settings are shown before sending, the service agrees, and filled they go through", async ({
  page,
  service,
  app,
  connectWithSandboxKey,
}) => {
  await connectWithSandboxKey();
  const dir = await mkdtemp(join(tmpdir(), 'postdeck-composer-'));
  const image = join(dir, 'beans.png');
  await sharp({ create: { width: 96, height: 64, channels: 3, background: '#8d5b3f' } })
    .png()
    .toFile(image);
  const video = join(dir, 'tour.mp4');
  await writeFile(video, smallMp4());
  await app.registerFile(image, 'beans.png');
  await app.registerFile(video, 'tour.mp4');

  const c = new ComposerDialog(page);
  await c.open();
  const tag = randomUUID().slice(0, 8);
  await c.account('TikTok', 'harborcoffee').check();
  await c.account('YouTube', 'Harbor Coffee TV').check();
  await c.account('Instagram', 'harbor.coffee').check();
  await c.text().fill(`Behind the scenes ${tag}`);

  const tiktok = c.settings('TikTok · harborcoffee');
  const youtube = c.settings('YouTube · Harbor Coffee TV');
  const instagram = c.settings('Instagram · harbor.coffee');
  // No privacy level is chosen for the user; each missing choice is said beside its field.
  await expect(tiktok.getByRole('group', { name: /Who can view/ })).toContainText('Choose "Who can view".');
  for (const option of ['Public to everyone', 'Mutual follow friends', 'Follower of creator', 'Self only']) {
    await expect(tiktok.getByRole('radio', { name: option })).not.toBeChecked();
  }
  await expect(tiktok.getByRole('checkbox', { name: 'Allow duets' })).not.toBeChecked();
  await expect(youtube.getByLabel(/Video title/)).toHaveAttribute('aria-invalid', 'true');
  await expect(youtube.getByRole('group', { name: /Visibility/ })).toContainText('Choose "Visibility".');
  await expect(instagram.getByRole('group', { name: /Post or story/ })).toContainText(
    'Choose "Post or story".',
  );
  await expect(c.block(1).getByRole('list', { name: 'Media problems of Block 1' })).toContainText(
    'TikTok needs at least 1 media item',
  );
  await snap(page, 'composer-03-required-settings');
  await youtube.scrollIntoViewIfNeeded();
  await snap(page, 'composer-03b-settings-forms');

  await c.scheduleIn(2 * DAY);
  await c.button('Schedule').click();
  await expect(c.dialog.getByRole('alert')).toContainText(/Fix the \d+ problems marked in red first/);

  // The service finds the same problems in the same draft.
  await expect(c.dialog.getByTestId('save-status')).toContainText('Saved on this device');
  const drafts = await page.evaluate(() => window.api.listDrafts({}));
  if (!drafts.ok) throw new Error(drafts.error.message);
  const draft = drafts.value[0]!;
  const answer = await createOnService(service, {
    type: 'schedule',
    date: new Date(Date.now() + 2 * DAY).toISOString(),
    shortLink: false,
    posts: draft.targets.map((t) => ({
      integration: { id: t.integrationId },
      value: draft.blocks.map((b) => ({ content: b.content })),
      settings: { ...t.settings, __type: t.platform },
    })),
  });
  expect(answer.status).toBe(400);
  const paths = (answer.body.issues ?? []).map((i) => `${i.target}:${i.path}`);
  for (const expected of [
    '0:settings.privacy_level',
    '0:settings.autoAddMusic',
    '0:settings.content_posting_method',
    '0:value.0.image',
    '1:settings.title',
    '1:settings.type',
    '1:value.0.image',
    '2:settings.post_type',
    '2:value.0.image',
  ]) {
    expect(paths).toContain(expected);
  }

  // Filled in, the problems go away one by one.
  await tiktok.getByRole('radio', { name: 'Self only' }).check();
  await tiktok
    .getByRole('group', { name: /Add music automatically/ })
    .getByRole('radio', { name: 'No' })
    .check();
  await tiktok.getByRole('radio', { name: 'Upload' }).check();
  await tiktok.getByRole('checkbox', { name: 'Allow comments' }).check();
  await youtube.getByLabel(/Video title/).fill('R');
  await expect(youtube).toContainText('"Video title" needs 2 to 100 characters; it has 1.');
  await youtube.getByLabel(/Video title/).fill(`Roastery tour ${tag}`);
  await youtube.getByRole('radio', { name: 'Unlisted' }).check();
  await instagram.getByRole('radio', { name: 'Story' }).check();

  await c.dialog.getByLabel('Files for Block 1').setInputFiles(image);
  await expect(c.block(1).getByRole('button', { name: 'Remove beans.png' })).toBeVisible();
  // YouTube takes exactly one video: it gets its own block with the video only.
  await c.scope('Harbor Coffee TV').click();
  await c.button('Write a text for this account').click();
  await c.block(1).getByRole('button', { name: 'Remove beans.png' }).click();
  await c.dialog.getByLabel('Files for Block 1').setInputFiles(video);
  await expect(c.block(1).getByRole('button', { name: 'Remove tour.mp4' })).toBeVisible();
  await c.scope('All accounts').click();
  await expect(c.dialog.getByText(/problems? to fix before sending/)).toBeHidden();
  await snap(page, 'composer-04-settings-filled');

  await c.button('Schedule').click();
  await expect(c.dialog).toBeHidden();
  const posts = await postsOnService(service, (p) => (p.content ?? '').includes(tag));
  const settings = Object.fromEntries(posts.map((p) => [p.integration.platform, p.settings]));
  expect(settings.tiktok).toMatchObject({
    privacy_level: 'SELF_ONLY',
    autoAddMusic: 'no',
    content_posting_method: 'UPLOAD',
    comment: true,
    duet: false,
  });
  expect(settings.youtube).toMatchObject({ title: `Roastery tour ${tag}`, type: 'unlisted' });
  expect(settings.instagram).toMatchObject({ post_type: 'story' });
  await rm(dir, { recursive: true, force: true });
});

test('an account added by id that the service does not know: its answer is shown on that account', async ({
  page,
  service,
  connectWithSandboxKey,
}) => {
  await connectWithSandboxKey();
  const c = new ComposerDialog(page);
  await c.open();
  const tag = randomUUID().slice(0, 8);
  await c.account('X', 'Harbor Coffee').check();
  await c.dialog.getByText('Add an account by id').click();
  await c.dialog.getByLabel('Account id').fill('int_not_in_this_brand');
  await c.dialog.getByLabel('Platform').selectOption('bluesky');
  await c.button('Add account').click();
  await expect(c.account('Bluesky', 'int_not_in_this_brand')).toBeChecked();
  await c.text().fill(`Who is this ${tag}`);
  await c.scheduleIn(DAY);
  await c.button('Schedule').click();

  await expect(c.dialog.getByRole('alert')).toContainText('The service does not know this connected account');
  await expect(c.dialog.getByRole('list', { name: 'Problems of int_not_in_this_brand' })).toHaveText(
    'No connected account "int_not_in_this_brand" in this brand.',
  );
  await expect(c.dialog.getByRole('list', { name: 'Problems of Harbor Coffee' })).toHaveCount(0);
  await snap(page, 'composer-10-service-issue');
  expect(await postsOnService(service, (p) => (p.content ?? '').includes(tag))).toEqual([]);

  // Unticked, the rest goes through.
  await c.account('Bluesky', 'int_not_in_this_brand').uncheck();
  await c.button('Schedule').click();
  await expect(c.dialog).toBeHidden();
  expect(await postsOnService(service, (p) => (p.content ?? '').includes(tag))).toHaveLength(1);
});

test('counters per platform at and past each limit, X weighted', async ({ page, connectWithSandboxKey }) => {
  await connectWithSandboxKey();
  const c = new ComposerDialog(page);
  await c.open();
  const accounts: [string, string, string][] = [
    ['X', 'Harbor Coffee', 'x'],
    ['Bluesky', 'harborcoffee', 'bluesky'],
    ['Threads', 'harbor.coffee', 'threads'],
    ['Instagram', 'harbor.coffee', 'instagram'],
    ['TikTok', 'harborcoffee', 'tiktok'],
    ['LinkedIn', 'Maya Chen', 'linkedin'],
    ['YouTube', 'Harbor Coffee TV', 'youtube'],
    ['Facebook', 'Harbor Coffee Roasters', 'facebook'],
  ];
  for (const [platform, name] of accounts) await c.account(platform, name).check();
  const limits: Record<string, number> = {
    x: 280,
    bluesky: 300,
    threads: 500,
    instagram: 2200,
    tiktok: 2200,
    linkedin: 3000,
    youtube: 5000,
    facebook: 63206,
  };
  const counter = (p: string) => c.dialog.getByTestId(`counter-0-${p}`);
  for (const length of [...new Set(Object.values(limits))]) {
    for (const n of [length, length + 1]) {
      await c.text().fill('b'.repeat(n));
      for (const [p, limit] of Object.entries(limits)) {
        const over = n > limit;
        // Past the caps (the longest limit, and for X the longest post there can be) nothing is counted.
        const shown =
          n > (p === 'x' ? X_MAX_TEXT_LENGTH : MAX_TEXT_LENGTH)
            ? `too long to count (limit ${limit})`
            : `${n}/${limit}${over ? ` (${n - limit} over)` : ''}`;
        await expect(counter(p)).toContainText(shown);
        await expect(counter(p)).toHaveClass(over ? /composer-counter-over/ : /^(?!.*over).*$/);
      }
    }
  }
  await c.text().fill('b'.repeat(281));
  await expect(c.block(1)).toContainText(
    'Harbor Coffee: X allows 280 characters; this block has 281. Shorten it by 1.',
  );
  await expect(c.text()).toHaveAttribute('aria-invalid', 'true');
  // X weighs an emoji 2 and a link 23; the others count what a reader sees.
  await c.text().fill('👍'.repeat(140));
  await expect(counter('x')).toHaveText('X 280/280');
  await expect(counter('bluesky')).toHaveText('Bluesky 140/300');
  await c.text().fill(`${'👍'.repeat(129)} https://example.com/a/very/long/path/that/keeps/going`);
  await expect(counter('x')).toHaveText('X 282/280 (2 over)');
  await snap(page, 'composer-05-counters');
  // 64 KB of "a." took twitter-text ~5 s: longer than any X post can be, it is refused uncounted.
  await c.text().fill('a.'.repeat(32_000));
  await expect(counter('x')).toHaveText('X too long to count (limit 280)');
  await expect(c.block(1)).toContainText(
    'X allows 280 characters; this block is 64,000 characters long, too long to count.',
  );
  await snap(page, 'composer-06-too-long');
});

test('a file uploads with a progress bar and can be cancelled; a finished one shows its thumbnail and is reusable', async ({
  page,
  app,
  connectWithSandboxKey,
}) => {
  await connectWithSandboxKey();
  const dir = await mkdtemp(join(tmpdir(), 'postdeck-composer-upload-'));
  const big = join(dir, 'long-take.mp4');
  await writeFile(big, smallMp4(300 * 1024 * 1024));
  const image = join(dir, 'latte.png');
  await sharp({ create: { width: 120, height: 80, channels: 3, background: '#3f6b4f' } })
    .png()
    .toFile(image);
  await app.registerFile(big, 'long-take.mp4');
  await app.registerFile(image, 'latte.png');

  const c = new ComposerDialog(page);
  await c.open();
  await c.account('X', 'Harbor Coffee').check();
  await c.text().fill('Upload check');
  await c.dialog.getByLabel('Files for Block 1').setInputFiles(big);
  const progress = c.dialog.getByRole('progressbar', { name: 'Uploading long-take.mp4' });
  await expect(progress).toBeVisible();
  await expect.poll(async () => Number(await progress.getAttribute('value'))).toBeGreaterThan(0);
  await snap(page, 'composer-06-upload-progress');
  await c.dialog.getByRole('button', { name: 'Cancel upload of long-take.mp4' }).click();
  // The file's name alone: while the cancel is on its way, the Cancel button's hidden words name the
  // file too, and a locator matching both fails at once instead of waiting.
  await expect(c.dialog.getByText('long-take.mp4', { exact: true })).toBeHidden();
  await expect(c.dialog.getByRole('button', { name: 'Cancel upload of long-take.mp4' })).toHaveCount(0);
  const outbox = await page.evaluate(() => window.api.listOutbox({}));
  expect(outbox.ok && outbox.value).toEqual([]);

  await c.dialog.getByLabel('Files for Block 1').setInputFiles(image);
  await expect(c.block(1).getByRole('button', { name: 'Remove latte.png' })).toBeVisible();
  await expect(c.block(1).getByRole('list', { name: 'Media of Block 1' }).locator('img')).toHaveAttribute(
    'src',
    /^http:\/\/127\.0\.0\.1/,
  );
  const media = await page.evaluate(() => window.api.listMedia({}));
  expect(media.ok && media.value.map((m) => m.name)).toEqual(['latte.png']);

  // Already uploaded media is offered again in the next block.
  await c.button('Add a block to the thread').click();
  await c.block(2).getByRole('button', { name: 'Uploaded media for Block 2' }).click();
  await c.block(2).getByRole('button', { name: 'Use latte.png' }).click();
  await expect(c.block(2).getByRole('button', { name: 'Remove latte.png' })).toBeVisible();

  // A file dropped from the desktop, and one pasted into the text, reach main as paths and upload.
  for (const name of ['dropped.png', 'pasted.png']) {
    const path = join(dir, name);
    await sharp({ create: { width: 60, height: 60, channels: 3, background: '#33415c' } })
      .png()
      .toFile(path);
    await app.registerFile(path, name);
  }
  await c.block(2).evaluate((el) => {
    const data = new DataTransfer();
    data.items.add(new File([new Uint8Array([137, 80, 78, 71])], 'dropped.png', { type: 'image/png' }));
    for (const type of ['dragenter', 'dragover', 'drop']) {
      el.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: data }));
    }
  });
  await expect(c.block(2).getByRole('button', { name: 'Remove dropped.png' })).toBeVisible();
  await c.text(1).evaluate((el) => {
    const data = new DataTransfer();
    data.items.add(new File([new Uint8Array([137, 80, 78, 71])], 'pasted.png', { type: 'image/png' }));
    el.dispatchEvent(new ClipboardEvent('paste', { bubbles: true, cancelable: true, clipboardData: data }));
  });
  await expect(c.block(1).getByRole('button', { name: 'Remove pasted.png' })).toBeVisible();
  await expect(c.text(1)).toHaveValue('Upload check');
  await snap(page, 'composer-06b-media');
  await rm(dir, { recursive: true, force: true });
});

test('offline, a server draft and a schedule wait in the outbox and reach the service on reconnect', async ({
  page,
  service,
  connectWithSandboxKey,
}) => {
  await connectWithSandboxKey();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  const tag = randomUUID().slice(0, 8);
  const c = new ComposerDialog(page);
  // The accounts are known once the calendar has read posts.
  await c.open();
  await expect(c.account('X', 'Harbor Coffee')).toBeVisible();
  await c.button('Close').click();
  await service.stop();

  await c.open();
  await c.account('X', 'Harbor Coffee').check();
  await c.text().fill(`Offline idea ${tag}`);
  await c.button('Save as server draft').click();
  await expect(c.dialog).toBeHidden();
  await expect(page.getByText(/outbox/i).first()).toBeVisible();

  await c.open();
  await c.account('Bluesky', 'harborcoffee').check();
  await c.text().fill(`Offline schedule ${tag}`);
  await c.scheduleIn(2 * DAY);
  await c.button('Schedule').click();
  await expect(c.dialog).toBeHidden();
  const queued = await page.evaluate(() => window.api.listOutbox({}));
  expect(queued.ok && queued.value.filter((o) => o.kind === 'create')).toHaveLength(2);
  await snap(page, 'composer-07-offline-queued');

  // Opened in the calendar, the queued post shows its text and that it waits, not a failure.
  const listed = await page.evaluate((input) => window.api.listPosts(input), {
    start: new Date(Date.now() - DAY).toISOString(),
    end: new Date(Date.now() + 4 * DAY).toISOString(),
  });
  const local = listed.ok
    ? listed.value.posts.find((p) => p.content === `Offline schedule ${tag}`)
    : undefined;
  expect(local?.localOnly).toBe(true);
  const cal = new CalendarPage(page);
  // The day view shows every post of the day; a month cell may fold it under "+N more" when the
  // sandbox's posts crowd that day.
  await cal.view('Day');
  await cal.jumpTo(wallDateKey(new Date(local!.publishDate)));
  await cal.post(local!.id).click();
  const details = page.locator('.cal-details');
  await expect(details.getByTestId('details-local')).toContainText('Waiting in the Outbox');
  await expect(details).toContainText(`Offline schedule ${tag}`);
  await expect(details.getByRole('alert')).toHaveCount(0);
  await details.getByRole('button', { name: 'Close details' }).click();

  await service.start();
  await page.evaluate(() => window.api.syncNow({}));
  await expect
    .poll(async () => (await postsOnService(service, (p) => (p.content ?? '').includes(tag))).length, {
      timeout: 20_000,
    })
    .toBe(2);
  const posts = await postsOnService(service, (p) => (p.content ?? '').includes(tag));
  const states = Object.fromEntries(posts.map((p) => [p.value[0]?.content, p.state]));
  expect(states).toEqual({ [`Offline idea ${tag}`]: 'draft', [`Offline schedule ${tag}`]: 'scheduled' });
});

test('editing a scheduled post leaves exactly one version, with the new text', async ({
  page,
  service,
  connectWithSandboxKey,
}) => {
  await connectWithSandboxKey();
  const tag = randomUUID().slice(0, 8);
  const c = new ComposerDialog(page);
  await c.open();
  await c.account('X', 'Harbor Coffee').check();
  await c.account('Bluesky', 'harborcoffee').check();
  await c.text().fill(`Before the edit ${tag}`);
  await c.scheduleIn(3 * 60 * 60 * 1000);
  await c.button('Schedule').click();
  await expect(c.dialog).toBeHidden();
  const before = await postsOnService(service, (p) => (p.content ?? '').includes(tag));
  expect(before).toHaveLength(2);
  const group = before[0]!.group;

  // From the calendar: the post's details, then Edit.
  await page
    .getByRole('group', { name: 'View' })
    .getByRole('button', { name: 'Agenda', exact: true })
    .click();
  await page.locator(`[data-post-id="${before[0]!.id}"]`).first().click();
  await snap(page, 'composer-08a-calendar-details');
  await page.getByRole('complementary').getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(c.dialog.getByRole('heading', { name: 'Edit post' })).toBeVisible();
  await expect(c.text()).toHaveValue(`Before the edit ${tag}`);
  await expect(c.account('X', 'Harbor Coffee')).toBeChecked();
  await expect(c.account('Bluesky', 'harborcoffee')).toBeChecked();
  await c.text().fill(`After the edit ${tag}`);
  await snap(page, 'composer-08-edit');
  await c.button('Save changes').click();
  await expect(c.dialog).toBeHidden();

  await expect
    .poll(
      async () =>
        (await postsOnService(service, (p) => (p.content ?? '').includes(tag))).map(
          (p) => p.value[0]?.content,
        ),
      {
        timeout: 15_000,
      },
    )
    .toEqual([`After the edit ${tag}`, `After the edit ${tag}`]);
  const after = await postsOnService(service, (p) => (p.content ?? '').includes(tag));
  expect(after.every((p) => p.group !== group)).toBe(true);
  expect(new Set(after.map((p) => p.group)).size).toBe(1);
  expect(after.map((p) => p.publishDate)).toEqual(before.map((p) => p.publishDate));

  // Duplicate opens a copy with no time and nothing to replace.
  await page.getByRole('button', { name: 'Close details' }).click();
  await page.locator(`[data-post-id="${after[0]!.id}"]`).first().click();
  await page.getByRole('complementary').getByRole('button', { name: 'Duplicate', exact: true }).click();
  await expect(c.dialog.getByRole('heading', { name: 'Copy of a post' })).toBeVisible();
  await expect(c.text()).toHaveValue(`After the edit ${tag}`);
  await expect(c.dialog.getByLabel(/^Publish at/)).toHaveValue('');
  await expect(c.button('Save as server draft')).toBeVisible();
});

test('what is typed is saved as it is typed and comes back after a reload; local drafts open and delete', async ({
  page,
  connectWithSandboxKey,
}) => {
  await connectWithSandboxKey();
  const c = new ComposerDialog(page);
  await page.keyboard.press('Control+n');
  await expect(c.dialog.getByRole('heading', { name: 'New post' })).toBeVisible();
  await c.account('X', 'Harbor Coffee').check();
  // The account alone is saved first: "Saved" must not stay on screen while newer typing waits.
  await expect(c.dialog.getByTestId('save-status')).toContainText('Saved on this device');
  await c.text().pressSequentially('Half a thought', { delay: 20 });
  await expect(c.dialog.getByTestId('save-status')).toContainText('Saved on this device');

  await page.reload();
  await expect(c.dialog.getByRole('heading', { name: 'Draft' })).toBeVisible();
  await expect(c.text()).toHaveValue('Half a thought');
  await expect(c.account('X', 'Harbor Coffee')).toBeChecked();

  // Closed, it stays in the list of local drafts; a new post does not reopen it by itself.
  await c.button('Close').click();
  await expect(c.dialog).toBeHidden();
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(c.dialog).toBeHidden();
  await c.open();
  await c.button('Local drafts').click();
  const list = c.dialog.getByRole('region', { name: 'Local drafts' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Half a thought');
  await snap(page, 'composer-09-drafts');
  await list.getByRole('button', { name: /^Open draft/ }).click();
  await expect(c.text()).toHaveValue('Half a thought');
  await c.button('Local drafts').click();
  await c.button('Close').click();
  await c.open();
  await c.button('Local drafts').click();
  await c.dialog
    .getByRole('region', { name: 'Local drafts' })
    .getByRole('button', { name: /^Delete draft/ })
    .click();
  await expect(c.dialog.getByText('No other drafts on this device')).toBeVisible();
});
