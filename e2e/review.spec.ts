import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { snap } from './support/pages.js';

/*
 * Issue 29, tried as a new user would: a brand that needs approval, a week's posts exported as a
 * review pack, the pack opened in Chromium with the network off (any request fails the test),
 * approvals and a change request saved as a reply (a download), the reply imported back: states,
 * comments, and the outbox still holding what is not approved. Also: a post edited since the pack
 * was made is marked "changed since review", a forged reply is refused, a hostile text stays text,
 * and the same pack as PDF reads back with pdftoppm.
 */

const HOSTILE = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">';

/** Queues a post through the window's own calls (the composer's path), scheduled in `minutes`. */
async function queuePost(page: Page, text: string, minutes: number): Promise<void> {
  const ok = await page.evaluate(
    async ({ text, minutes }) => {
      const accounts = await window.api.listIntegrations({});
      const brands = await window.api.listBrands({});
      if (!accounts.ok || !brands.ok) return false;
      const x = accounts.value.find((a) => a.platform === 'x' && !a.disconnected);
      const brand = brands.value.find((b) => b.active) ?? brands.value[0];
      if (!x || !brand) return false;
      const draft = await window.api.saveDraft({
        brandId: brand.id,
        blocks: [{ content: text, media: [] }],
        targets: [{ integrationId: x.id, platform: 'x', settings: {}, blocks: null }],
        commentDelays: [],
        shortLink: false,
        date: null,
        replacesGroup: null,
      });
      if (!draft.ok) return false;
      const date = new Date(Date.now() + minutes * 60_000).toISOString();
      return (await window.api.sendDraft({ draftId: draft.value.id, type: 'schedule', date })).ok;
    },
    { text, minutes },
  );
  expect(ok).toBe(true);
}

/** A context that may not reach anything: offline, and any request but the file itself recorded and refused. */
async function offlineContext(page: Page): Promise<{ context: BrowserContext; requests: string[] }> {
  const context = await page.context().browser()!.newContext({ offline: true, acceptDownloads: true });
  const requests: string[] = [];
  const local = (url: string) => /^(file|data|blob|about):/.test(url);
  context.on('request', (r) => {
    if (!local(r.url())) requests.push(r.url());
  });
  await context.route(
    (url) => !local(url.href),
    (route) => {
      requests.push(route.request().url());
      return route.abort();
    },
  );
  return { context, requests };
}

async function dropFile(page: Page, name: string): Promise<void> {
  await page.evaluate((name) => {
    const data = new DataTransfer();
    data.items.add(new File(['{}'], name, { type: 'application/json' }));
    document.body.dispatchEvent(
      new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }),
    );
  }, name);
}

test('a client reviews a week offline; the reply comes back with states, comments and held posts', async ({
  page,
  app,
  connectWithSandboxKey,
}) => {
  test.skip(app.exportsDir === null, 'Needs the bridge: under Electron the save dialog is the system’s.');
  test.setTimeout(120_000);
  await connectWithSandboxKey('full-test');
  const nav = page.getByRole('navigation', { name: 'Main' });

  // The brand needs approval: its posts wait in the outbox until approved.
  await nav.getByRole('button', { name: 'Account' }).click();
  await page.getByLabel(/need approval before they are sent/).click();
  await expect(page.getByLabel(/need approval before they are sent/)).toBeChecked();

  const tag = `rv${Date.now()}`;
  await queuePost(page, `${HOSTILE} ${tag} hostile`, 90);
  await queuePost(page, `Autumn menu ${tag} edit-me`, 120);
  await queuePost(page, `Pumpkin latte ${tag} fine`, 150);

  await nav.getByRole('button', { name: 'Calendar' }).click();
  await page.getByRole('button', { name: 'Week', exact: true }).click();
  const chip = (text: string) => page.locator('[data-post-id]').filter({ hasText: text });
  await expect(chip('edit-me')).toBeVisible();
  await expect(chip('edit-me').locator('[data-review]')).toHaveAttribute('data-review', 'draft');

  // Export the week as a review pack.
  await page.getByRole('button', { name: 'Export posts in view' }).click();
  await page.getByRole('menuitem', { name: /Review pack for the client/ }).click();
  const saved = page.getByRole('status').filter({ hasText: /^Saved a review pack of \d+ posts?/ });
  await expect(saved).toBeVisible({ timeout: 30_000 });
  const packName = /as (.+\.html)\./.exec(await saved.innerText())?.[1] ?? '';
  const packPath = join(app.exportsDir!, packName);
  await expect(chip('edit-me').locator('[data-review]')).toHaveAttribute('data-review', 'inReview');

  // Open it with the network off.
  const { context, requests } = await offlineContext(page);
  const pack = await context.newPage();
  const errors: string[] = [];
  pack.on('pageerror', (e) => errors.push(e.message));
  // Opened offline and drawn (waited for with Playwright's polling deadline); how fast a pack of
  // many posts opens is bench/review.bench.ts's figure (nothing timed is a test).
  await pack.goto(pathToFileURL(packPath).href);
  await expect(pack.locator('.rp-post').first()).toBeVisible();
  await expect(pack.getByRole('heading', { level: 1 })).toBeVisible();
  // The hostile text shows as text and never runs.
  await expect(pack.getByText('<script>window.__pwned = 1</script>', { exact: false })).toBeVisible();
  expect(await pack.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  await expect(pack.getByRole('heading', { name: 'Instagram grid' })).toBeVisible();
  await snap(pack, 'review-pack');

  const card = (text: string) => pack.getByRole('article').filter({ hasText: text });
  await card('edit-me').getByLabel('Approve').check();
  await card('fine').getByLabel('Approve').check();
  await card('hostile').getByLabel('Request changes').check();
  await card('hostile').getByLabel('What should change?').fill('No code in posts, please.');
  const download = pack.waitForEvent('download');
  await pack.getByRole('button', { name: 'Save reply' }).click();
  const replyPath = join(app.exportsDir!, 'reply.json');
  await (await download).saveAs(replyPath);
  await expect(pack.getByRole('status').filter({ hasText: /Saved as/ })).toBeVisible();
  expect(requests).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();

  // The edit-me post is edited after the pack was made.
  const edited = await page.evaluate(async (tag) => {
    const outbox = await window.api.listOutbox({});
    if (!outbox.ok) return false;
    const drafts = await window.api.listDrafts({});
    if (!drafts.ok) return false;
    const draft = drafts.value.find((d) => d.blocks[0]?.content.includes(`${tag} edit-me`));
    const op = outbox.value.find((o) => o.draftId === draft?.id);
    if (!draft || !op) return false;
    await window.api.discardOutbox({ id: op.id });
    const changed = await window.api.saveDraft({
      ...draft,
      blocks: [{ content: `Autumn menu, now with soup ${tag} edit-me`, media: [] }],
    });
    if (!changed.ok) return false;
    const date = new Date(Date.now() + 120 * 60_000).toISOString();
    return (await window.api.sendDraft({ draftId: draft.id, type: 'schedule', date })).ok;
  }, tag);
  expect(edited).toBe(true);

  // A forged reply (what the reviewer saw, changed) is refused, and changes nothing.
  const reply = JSON.parse(await readFile(replyPath, 'utf8')) as { verdicts: { seen: string }[] };
  reply.verdicts[0]!.seen = 'f'.repeat(64);
  const forgedPath = join(app.exportsDir!, 'forged.json');
  await writeFile(forgedPath, JSON.stringify(reply));
  await app.registerFile(forgedPath, 'forged.json');
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Search and commands' });
  await palette.getByRole('combobox').fill('Import review');
  const chooser = page.waitForEvent('filechooser');
  await palette.getByRole('option', { name: /Import review/ }).click();
  await (await chooser).setFiles(forgedPath);
  await expect(page.getByText('This reply does not match the pack it names')).toBeVisible();
  await expect(chip('fine').locator('[data-review]')).toHaveAttribute('data-review', 'inReview');

  // The real reply, dropped on the window.
  await app.registerFile(replyPath, 'reply.json');
  await dropFile(page, 'reply.json');
  const summary = page.getByText(/1 post with changes requested; 1 post changed since review/);
  await expect(summary).toBeVisible();
  await expect(page.getByText(/^1 post approved/)).toBeVisible();
  await expect(chip('hostile').locator('[data-review]')).toHaveAttribute('data-review', 'changesRequested');
  await expect(chip('edit-me').locator('[data-review]')).toHaveAttribute('data-review', 'inReview');
  await snap(page, 'review-imported');

  await chip('hostile').click();
  await expect(page.getByTestId('review-comment')).toHaveText('Reviewer: “No code in posts, please.”');
  await page.keyboard.press('Escape');
  await chip('edit-me').click();
  await expect(page.getByTestId('review-changed')).toContainText('Changed since review');
  await snap(page, 'review-details');
  await page.keyboard.press('Escape');

  // The outbox holds the posts not approved, and says why; the approved one went out.
  await page.getByRole('button', { name: /^Outbox/ }).click();
  const outbox = page.getByRole('complementary', { name: 'Outbox' });
  await expect(outbox.getByText(/Waiting for approval/)).toHaveCount(2);
  await expect(outbox.getByText(/fine/)).toHaveCount(0);
  await snap(page, 'review-outbox');

  // The same reply again changes nothing.
  await dropFile(page, 'reply.json');
  await expect(page.getByText('This reply was imported before; nothing changed.')).toBeVisible();
});

test('the same pack as PDF, for clients who print, and the review screens at two sizes, light and dark', async ({
  page,
  app,
  connectWithSandboxKey,
}) => {
  test.skip(app.exportsDir === null, 'Needs the bridge: Chromium’s page.pdf() stands in for printToPDF.');
  test.setTimeout(120_000);
  await connectWithSandboxKey('full-test');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Calendar' }).click();
  await page.getByRole('button', { name: 'Week', exact: true }).click();
  await expect(page.locator('[data-post-id]').first()).toBeVisible();
  await page.getByRole('button', { name: 'Export posts in view' }).click();
  await page.getByRole('menuitem', { name: /Review pack as PDF/ }).click();
  const saved = page.getByRole('status').filter({ hasText: /^Saved a review pack of \d+ posts?/ });
  await expect(saved).toBeVisible({ timeout: 30_000 });
  const pdfName = /as (.+\.pdf)\./.exec(await saved.innerText())?.[1] ?? '';
  const pdfPath = join(app.exportsDir!, pdfName);
  const pdf = await readFile(pdfPath);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  // pdftoppm draws its first page: a real picture, mostly light paper with the brand's words on it.
  const out = join(app.exportsDir!, 'pack-page');
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', pdfPath, out]);
  const png = await readFile(`${out}-1.png`).catch(() => readFile(`${out}-01.png`));
  expect(png.length).toBeGreaterThan(5_000);
  const text = execFileSync('pdftotext', ['-f', '1', '-l', '1', pdfPath, '-']).toString();
  expect(text).toContain('Posts for review');
  expect(text).toContain('Harbor Coffee');
  // Printed, the verdict reads as boxes to tick, not as buttons.
  expect(text).toContain('Verdict:');

  // Screens: the pack (an HTML one) and the app's review screens, 1024x700 and 1440x900, light and dark.
  await page.getByRole('button', { name: 'Export posts in view' }).click();
  await page.getByRole('menuitem', { name: /Review pack for the client/ }).click();
  const html = page.getByRole('status').filter({ hasText: /\.html\./ });
  await expect(html).toBeVisible({ timeout: 30_000 });
  const packPath = join(app.exportsDir!, /as (.+\.html)\./.exec(await html.innerText())?.[1] ?? '');
  const context = await page.context().browser()!.newContext({ offline: true });
  const pack = await context.newPage();
  await pack.goto(pathToFileURL(packPath).href);
  await pack.getByRole('article').first().getByLabel('Request changes').check();
  await pack.getByRole('article').first().getByLabel('What should change?').fill('Shorter, please.');
  const first = page.locator('[data-post-id]').first();
  const sizes = [
    { width: 1024, height: 700 },
    { width: 1440, height: 900 },
  ];
  const schemes = ['light', 'dark'] as const;
  for (const size of sizes) {
    for (const scheme of schemes) {
      const name = `${size.width}x${size.height}-${scheme}`;
      await pack.setViewportSize(size);
      await pack.emulateMedia({ colorScheme: scheme });
      await snap(pack, `review-pack-${name}`);
      await pack.getByRole('heading', { name: 'Instagram grid' }).scrollIntoViewIfNeeded();
      await snap(pack, `review-pack-grid-${name}`);
      await pack.evaluate(() => window.scrollTo(0, 0));
      await page.setViewportSize(size);
      await page.emulateMedia({ colorScheme: scheme });
      await first.click();
      await expect(page.getByRole('region', { name: 'Client review' })).toBeVisible();
      await snap(page, `review-app-details-${name}`);
      await page.keyboard.press('Escape');
    }
  }
  await page.setViewportSize(sizes[1]!);
  await nav.getByRole('button', { name: 'Account' }).click();
  for (const size of sizes) {
    for (const scheme of schemes) {
      await page.setViewportSize(size);
      await page.emulateMedia({ colorScheme: scheme });
      await page.getByLabel(/need approval before they are sent/).scrollIntoViewIfNeeded();
      await snap(page, `review-app-settings-${size.width}x${size.height}-${scheme}`);
    }
  }
  await context.close();
});
