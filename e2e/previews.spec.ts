import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Locator, Page } from '@playwright/test';
import { wallDateKey } from '../renderer/calendar/time.js';
import { expect, test } from './fixtures.js';
import { aCachedPost, CalendarPage } from './support/calendar.js';

/*
 * Previews as each network shows the post: one post for X, Instagram and LinkedIn reads three
 * different ways (X's short links and thread, Instagram's cropped square-ish frame and "… more",
 * LinkedIn's "…see more" and link style). Each preview is kept as a picture in e2e/screenshots/
 * at the two window sizes, light and dark, for a person to look at.
 */

const sizes = [
  { width: 1024, height: 700 },
  { width: 1440, height: 900 },
];

async function keepPictures(page: Page, previews: Record<string, Locator>, name: string): Promise<void> {
  await mkdir('e2e/screenshots', { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const size of sizes) {
      await page.setViewportSize(size);
      await page.screenshot({ path: `e2e/screenshots/${name}-${size.width}-${scheme}.png` });
      for (const [platform, preview] of Object.entries(previews)) {
        await preview.scrollIntoViewIfNeeded();
        await preview
          .screenshot({ path: `e2e/screenshots/${name}-${platform}-${size.width}-${scheme}.png` })
          .catch((e: unknown) => {
            throw new Error(`The ${platform} preview at ${size.width} (${scheme}): ${String(e)}`);
          });
      }
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('one post for X, Instagram and LinkedIn shows three recognisable previews', async ({
  page,
  app,
  connectWithSandboxKey,
}) => {
  await connectWithSandboxKey();
  const dir = await mkdtemp(join(tmpdir(), 'postdeck-previews-'));
  const tall = join(dir, 'tall.png');
  // 1:2, taller than Instagram's 4:5 and X's 3:4: both frames cut it.
  await sharp({ create: { width: 400, height: 800, channels: 3, background: '#8d5b3f' } })
    .png()
    .toFile(tall);
  await app.registerFile(tall, 'tall.png');

  await page.getByRole('button', { name: 'New post' }).click();
  const dialog = page.getByRole('dialog');
  const account = (platform: string, name: string) =>
    dialog.getByRole('group', { name: platform, exact: true }).getByRole('checkbox', { name, exact: true });
  await account('X', 'Harbor Coffee').check();
  await account('Instagram', 'harbor.coffee').check();
  await account('LinkedIn', 'Maya Chen').check();
  const tag = randomUUID().slice(0, 8);
  const url = 'https://www.example.com/menu/autumn-2026/specials?ref=deck';
  const text =
    `Autumn menu is here ☕🍂 with @maya — read it at ${url} #coffee #harbor ${tag}\n` +
    'قهوة الخريف وصلت\n' +
    'Pumpkin spice, maple oat latte and a single origin from Huila roasted on Friday morning. ' +
    'Come by the roastery on Saturday for a free tasting and a tour.';
  await dialog.getByRole('textbox', { name: 'Text of Block 1', exact: true }).fill(text);
  await dialog.getByLabel('Files for Block 1').setInputFiles(tall);
  await expect(dialog.getByRole('button', { name: 'Remove tall.png' })).toBeVisible();

  const card = (name: string) => dialog.getByRole('article', { name });
  const x = card('Preview for Harbor Coffee on X').getByRole('group', { name: 'X post' });
  const instagram = card('Preview for harbor.coffee on Instagram').getByRole('group', {
    name: 'Instagram post',
  });
  const linkedin = card('Preview for Maya Chen on LinkedIn').getByRole('group', { name: 'LinkedIn post' });

  // X: the whole post (under 280), the link as the 23 characters it counts, mention and hashtag marked.
  await expect(x.locator('.pv-link')).toHaveText('example.com/menu/autum…');
  await expect(x.locator('.pv-mention')).toHaveText('@maya');
  await expect(x.locator('.pv-hashtag')).toHaveText(['#coffee', '#harbor']);
  await expect(x.getByRole('button', { name: 'Show more' })).toHaveCount(0);
  await expect(x.getByRole('note')).toContainText('X cuts');

  // Instagram: the caption folds after two lines with "… more"; links are plain text; the 4:5 frame cuts.
  await expect(instagram.getByRole('button', { name: '… more' })).toBeVisible();
  await expect(instagram.locator('.pv-link')).toHaveCount(0);
  await expect(instagram).not.toContainText('Pumpkin spice');
  await expect(instagram.getByRole('note')).toHaveText(
    '⚠ Instagram cuts 38% of this picture (top and bottom).',
  );

  // LinkedIn: the link as written, folded at three lines with "…see more", which opens the rest.
  await expect(linkedin.locator('.pv-link')).toHaveText(url);
  await expect(linkedin).not.toContainText('free tasting');
  await linkedin.getByRole('button', { name: '…see more' }).click();
  await expect(linkedin).toContainText('free tasting');

  // Right-to-left lines and emoji: each paragraph picks its own direction.
  await expect(linkedin.locator('p.pv-text').first()).toHaveAttribute('dir', 'auto');

  // Three different layouts, not one card three times.
  const kinds = await dialog
    .locator('[data-preview]')
    .evaluateAll((els) =>
      els.map(
        (e) => `${e.getAttribute('data-preview')}:${e.children[0]?.className ?? e.children[0]?.tagName}`,
      ),
    );
  expect(new Set(kinds).size).toBe(3);

  await keepPictures(page, { x, instagram, linkedin }, 'previews-composer');
});

test('a first comment for LinkedIn and Facebook: hashtags moved into it, shown under the post, sent as the second block with its delay', async ({
  page,
  service,
  connectWithSandboxKey,
}) => {
  await connectWithSandboxKey();
  await page.getByRole('button', { name: 'New post' }).click();
  const dialog = page.getByRole('dialog');
  const account = (platform: string, name: string) =>
    dialog.getByRole('group', { name: platform, exact: true }).getByRole('checkbox', { name, exact: true });
  const tag = randomUUID().slice(0, 8);
  await account('LinkedIn', 'Maya Chen').check();
  await account('Facebook', 'Harbor Coffee Roasters').check();
  const text = dialog.getByRole('textbox', { name: 'Text of Block 1', exact: true });
  await text.fill(`Fresh roast on Friday ${tag} #coffee #harbor`);

  const comment = dialog.getByRole('textbox', { name: 'First comment', exact: true });
  await comment.fill('Menu: example.com/menu');
  await dialog.getByRole('button', { name: 'Move hashtags to the first comment' }).click();
  await expect(text).toHaveValue(`Fresh roast on Friday ${tag}`);
  await expect(comment).toHaveValue('Menu: example.com/menu\n#coffee #harbor');
  await expect(dialog.getByTestId('first-comment-counter-linkedin')).toHaveText('LinkedIn 38/1250');
  await expect(dialog.getByTestId('first-comment-counter-facebook')).toHaveText('Facebook 38/8000');
  await dialog.getByLabel('Minutes after the post').fill('5');

  const linkedin = dialog
    .getByRole('article', { name: 'Preview for Maya Chen on LinkedIn' })
    .getByRole('group', { name: 'LinkedIn post' });
  await expect(linkedin.getByRole('list', { name: 'Comments' })).toContainText('#coffee #harbor');
  await keepPictures(page, { linkedin }, 'previews-first-comment');

  const value = await page.evaluate(() => {
    const d = new Date(Date.now() + 2 * 86_400_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  });
  await dialog.getByLabel(/^Publish at/).fill(value);
  await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(dialog).toBeHidden();

  const brandId = service.brandsOf('full-test')[0]!.id;
  const headers = { authorization: `Bearer ${service.key('full-test')}`, 'x-brand-id': brandId };
  const start = new Date(Date.now() - 86_400_000).toISOString();
  const end = new Date(Date.now() + 30 * 86_400_000).toISOString();
  await expect
    .poll(async () => {
      const list = (await (
        await fetch(`${service.baseUrl}/posts?startDate=${start}&endDate=${end}`, { headers })
      ).json()) as { posts: { id: string; content?: string }[] };
      const mine = list.posts.filter((p) => p.content?.includes(tag));
      const details = await Promise.all(
        mine.map(
          async (p) =>
            (await (await fetch(`${service.baseUrl}/posts/${p.id}`, { headers })).json()) as {
              value: { content: string }[];
              commentDelays: number[];
            },
        ),
      );
      return details.map((d) => ({ value: d.value.map((b) => b.content), delays: d.commentDelays }));
    })
    .toEqual([
      { value: [`Fresh roast on Friday ${tag}`, 'Menu: example.com/menu\n#coffee #harbor'], delays: [5] },
      { value: [`Fresh roast on Friday ${tag}`, 'Menu: example.com/menu\n#coffee #harbor'], delays: [5] },
    ]);
});

test('every network has its own preview, Instagram as a post and as a story', async ({
  page,
  app,
  connectWithSandboxKey,
}) => {
  // Nine previews pictured at two sizes, light and dark: more than the default 30 s on a busy machine.
  test.setTimeout(180_000);
  await connectWithSandboxKey();
  const dir = await mkdtemp(join(tmpdir(), 'postdeck-previews-'));
  const wide = join(dir, 'wide.png');
  // 2:1, wider than Instagram's 1.91:1 and far wider than a story's 9:16.
  await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#3f6b4f' } })
    .png()
    .toFile(wide);
  await app.registerFile(wide, 'wide.png');

  await page.getByRole('button', { name: 'New post' }).click();
  const dialog = page.getByRole('dialog');
  const accounts: [string, string, string][] = [
    ['X', 'Harbor Coffee', 'x'],
    ['Instagram', 'harbor.coffee', 'instagram'],
    ['LinkedIn page', 'Harbor Coffee Co.', 'linkedin-page'],
    ['Facebook', 'Harbor Coffee Roasters', 'facebook'],
    ['Threads', 'harbor.coffee', 'threads'],
    ['TikTok', 'harborcoffee', 'tiktok'],
    ['YouTube', 'Harbor Coffee TV', 'youtube'],
    ['Bluesky', 'harborcoffee', 'bluesky'],
  ];
  for (const [group, name] of accounts)
    await dialog
      .getByRole('group', { name: group, exact: true })
      .getByRole('checkbox', { name, exact: true })
      .check();
  await dialog
    .getByRole('textbox', { name: 'Text of Block 1', exact: true })
    .fill(
      'Saturday tasting at the roastery 🎉 with @maya, details at https://example.com/events/tasting #coffee',
    );
  await dialog.getByLabel('Files for Block 1').setInputFiles(wide);
  await expect(dialog.getByRole('button', { name: 'Remove wide.png' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Add a block to the thread' }).click();
  await dialog
    .getByRole('textbox', { name: 'Text of Block 2', exact: true })
    .fill('مرحبا! Doors open at 10.');

  const previews: Record<string, Locator> = {};
  for (const [, , platform] of accounts)
    previews[platform] = dialog.locator(`article[data-platform="${platform}"] [data-preview]`).first();
  const names = await dialog
    .locator('[data-preview]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-preview')));
  expect(names).toEqual(accounts.map(([, , p]) => p));
  // The thread: replies on X, Threads and Bluesky; a comment on Facebook; one block on TikTok.
  await expect(previews.x!.locator('.pv-thread-item')).toHaveCount(2);
  await expect(previews.facebook!.getByRole('list', { name: 'Comments' })).toContainText('Doors open');
  await expect(previews.tiktok!).not.toContainText('Doors open');
  await expect(previews.instagram!.getByRole('note')).toContainText('Instagram cuts');

  await dialog
    .getByRole('group', { name: 'Instagram · harbor.coffee' })
    .getByRole('radio', { name: 'Story' })
    .check();
  await expect(dialog.getByRole('group', { name: 'Instagram story' }).getByRole('note')).toHaveText(
    '⚠ Instagram cuts 72% of this picture (sides).',
  );
  previews['instagram-story'] = dialog.getByRole('group', { name: 'Instagram story' });
  await keepPictures(page, previews, 'previews-all');
});

test('a published post is previewed with when it went out, never "now"', async ({
  page,
  connectWithSandboxKey,
}) => {
  await connectWithSandboxKey();
  // A published post of a network whose preview writes a time under the name, once main's cache
  // holds the first pull (the pull worker writes it a moment after connecting).
  const published = await aCachedPost(
    page,
    (p) =>
      p.state === 'published' &&
      ['x', 'threads', 'bluesky', 'linkedin', 'facebook'].includes(p.integration.platform ?? '') &&
      Date.now() - Date.parse(p.publishDate) > 3_600_000,
    'published post of a text network an hour old',
    { fromDays: -30, toDays: 0 },
  );
  const cal = new CalendarPage(page);
  await cal.jumpTo(wallDateKey(new Date(published.publishDate)));
  await cal.post(published.id).click();
  const preview = page.getByRole('region', { name: 'Preview' }).getByRole('group').first();
  await expect(preview).toBeVisible();
  const byline = preview.locator('.pv-byline, .pv-who').first();
  await expect(byline).not.toContainText(/\bnow\b/i);
  await expect(byline).toContainText(/\d+[mhd]\b|[A-Z][a-z]{2} \d{1,2}/);
});
