import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { normalizePostState } from '../shared/api/resources.js';
import { expect, test, type TestService } from './fixtures.js';

/*
 * The Instagram grid planner, as a new user tries it on the sandbox: open the grid of the brand's
 * Instagram account from the sidebar, see its posts newest first, drag one scheduled post onto
 * another and find the service holding the swapped times, then one Undo puts both back. The same by
 * keyboard (Space, arrows, Space; Ctrl+Z). A published tile refuses, says why, and nothing changes.
 * The grid is kept as pictures in e2e/screenshots/ at two window sizes, light and dark.
 */

const DAY = 86_400_000;

interface ServicePost {
  id: string;
  state: string;
  publishDate: string;
  integration: { id: string; name?: string | null; providerIdentifier?: string; platform?: string };
}

const headers = (service: TestService) => ({
  authorization: `Bearer ${service.key('full-test')}`,
  'x-brand-id': service.brandsOf('full-test')[0]!.id,
});

/** The posts of the brand's Instagram account as the service lists them. */
async function instagramPosts(service: TestService, integrationId: string): Promise<ServicePost[]> {
  const q = new URLSearchParams({
    startDate: new Date(Date.now() - 30 * DAY).toISOString(),
    endDate: new Date(Date.now() + 30 * DAY).toISOString(),
  });
  const res = await fetch(`${service.baseUrl}/posts?${q}`, { headers: headers(service) });
  const body = (await res.json()) as ServicePost[] | { posts: ServicePost[] };
  const posts = Array.isArray(body) ? body : body.posts;
  return posts.filter((p) => p.integration.id === integrationId);
}

/** Each post's time as the service has it. */
async function serviceTimes(service: TestService, ids: string[]): Promise<string[]> {
  return Promise.all(
    ids.map(async (id) => {
      const res = await fetch(`${service.baseUrl}/posts/${id}`, { headers: headers(service) });
      return new Date(((await res.json()) as { publishDate: string }).publishDate).toISOString();
    }),
  );
}

async function keepPictures(page: Page, name: string): Promise<void> {
  await mkdir('e2e/screenshots', { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const size of [
      { width: 1024, height: 700 },
      { width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(size);
      await page.screenshot({ path: `e2e/screenshots/${name}-${size.width}-${scheme}.png` });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the Instagram grid: swap two scheduled posts by drag and by keyboard, one undo each, a published tile refuses', async ({
  page,
  service,
  connectWithSandboxKey,
}) => {
  test.setTimeout(120_000);
  await connectWithSandboxKey();
  const brand = service.sandbox.organizations[0]!.brands[0]!;
  const instagram = brand.integrations.find((i) => i.platform === 'instagram' && !i.disconnected)!;
  const listed = await instagramPosts(service, instagram.id);
  const now = Date.now();
  const scheduled = listed
    .filter((p) => normalizePostState(p.state) === 'scheduled' && Date.parse(p.publishDate) > now + 60_000)
    .sort((a, b) => Date.parse(b.publishDate) - Date.parse(a.publishDate));
  const published = listed.filter((p) => normalizePostState(p.state) === 'published');
  expect(scheduled.length, 'the sandbox schedules two Instagram posts ahead').toBeGreaterThanOrEqual(2);
  expect(published.length, 'the sandbox has a published Instagram post').toBeGreaterThanOrEqual(1);
  const [later, sooner] = scheduled as [ServicePost, ServicePost];
  const ids = [later.id, sooner.id];
  const before = await serviceTimes(service, ids);

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Instagram grid' })
    .click();
  await expect(page.getByRole('heading', { name: 'Instagram grid', level: 1 })).toBeVisible();
  const grid = page.getByRole('list', { name: `Grid of ${instagram.name}, newest first` });
  await expect(grid).toBeVisible();
  const tile = (id: string) => grid.locator(`[data-grid-tile="${id}"]`);
  // What the grid says to a screen reader (and under the grid) after each key press.
  const said = page.getByRole('region', { name: instagram.name }).getByRole('status');

  // Newest top-left: the later scheduled post, then the sooner one, then the published ones below.
  const order = await grid
    .locator('[data-grid-tile]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-grid-tile')));
  const postsInOrder = order.filter((id) => id !== 'slot');
  expect(postsInOrder.indexOf(later.id)).toBeLessThan(postsInOrder.indexOf(sooner.id));
  expect(postsInOrder.indexOf(sooner.id)).toBeLessThan(postsInOrder.indexOf(published[0]!.id));
  // Each tile shows its post's picture, as the profile will.
  await expect(tile(later.id).locator('img')).toHaveCount(1);
  await keepPictures(page, 'grid-planner');

  // Drag the later post onto the sooner one: the service ends up with their times swapped.
  await tile(later.id).dragTo(tile(sooner.id));
  const swappedToast = page.locator('.notice-card').filter({ hasText: 'Swapped 2 posts' });
  await expect(swappedToast).toBeVisible();
  await expect.poll(() => serviceTimes(service, ids), { timeout: 20_000 }).toEqual([before[1], before[0]]);
  // The grid shows the new order: the post that was later now comes after.
  await expect(grid.locator('[data-grid-tile]').first()).not.toHaveAttribute('data-grid-tile', later.id);

  // One Undo takes both moves back.
  await swappedToast.getByRole('button', { name: 'Undo' }).click();
  await expect(page.locator('.notice-card').filter({ hasText: 'Undone: 2 posts back' })).toBeVisible();
  await expect.poll(() => serviceTimes(service, ids), { timeout: 20_000 }).toEqual(before);

  // By keyboard: Space picks the later post up, the arrows reach the sooner one, Space drops it there.
  await tile(later.id).focus();
  await page.keyboard.press('Space');
  await expect(said).toContainText('Picked up');
  await keepPictures(page, 'grid-planner-picked-up');
  await tile(later.id).focus();
  const to = order.indexOf(sooner.id);
  for (let i = order.indexOf(later.id); i < to; i++) await page.keyboard.press('ArrowRight');
  await expect(tile(sooner.id)).toBeFocused();
  await page.keyboard.press('Space');
  await expect.poll(() => serviceTimes(service, ids), { timeout: 20_000 }).toEqual([before[1], before[0]]);

  // Ctrl+Z anywhere on the screen (here: after a click on the account's name) undoes that swap in one step.
  await page.getByRole('heading', { name: instagram.name, exact: true }).click();
  await page.keyboard.press('Control+z');
  await expect.poll(() => serviceTimes(service, ids), { timeout: 20_000 }).toEqual(before);

  // A published tile cannot move, and says why: by keyboard, by dragging it, and as a drop target.
  const pub = published[0]!;
  const pubBefore = await serviceTimes(service, [pub.id]);
  await expect(tile(pub.id)).toContainText('Published');
  await tile(pub.id).focus();
  await page.keyboard.press('Space');
  await expect(said).toHaveText('Published posts cannot be moved.');
  await tile(sooner.id).dragTo(tile(pub.id));
  await expect(
    page.locator('.notice-card').filter({ hasText: 'Published posts cannot be moved.' }).first(),
  ).toBeVisible();
  const synced = await page.evaluate(() => window.api.syncNow({}));
  expect(synced.ok && synced.value.pending).toBe(0);
  expect(await serviceTimes(service, [pub.id, ...ids])).toEqual([...pubBefore, ...before]);
});

test('a local draft dropped on a free slot of the grid is scheduled at that slot, through the outbox', async ({
  page,
  service,
  connectWithSandboxKey,
}) => {
  test.setTimeout(90_000);
  await connectWithSandboxKey();
  const brand = service.sandbox.organizations[0]!.brands[0]!;
  const instagram = brand.integrations.find((i) => i.platform === 'instagram' && !i.disconnected)!;
  // A picture the service already has: the one on a seeded Instagram post.
  const seeded = (await instagramPosts(service, instagram.id))[0]!;
  const detail = (await (
    await fetch(`${service.baseUrl}/posts/${seeded.id}`, { headers: headers(service) })
  ).json()) as { value: { image?: { id: string; path: string }[] }[] };
  const image = detail.value[0]!.image![0]!;
  const text = `Grid planner draft ${Date.now()}`;
  const setUp = await page.evaluate(
    async ({ integrationId, image, text }) => {
      // A slot every day at 05:10 (the brand's zone is UTC here), so the grid shows free slots.
      const slots = await window.api.setQueueSlots({
        integrationId,
        slots: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, time: '05:10' })),
      });
      const draft = await window.api.saveDraft({
        brandId: null,
        blocks: [
          {
            content: text,
            media: [
              {
                localPath: null,
                mediaId: image.id,
                path: image.path,
                thumbnail: image.path,
                name: 'huila-beans.png',
                kind: 'image',
              },
            ],
          },
        ],
        targets: [
          {
            integrationId,
            platform: 'instagram',
            settings: { __type: 'instagram', post_type: 'post' },
            blocks: null,
          },
        ],
        commentDelays: [],
        shortLink: false,
        date: null,
        replacesGroup: null,
      });
      return { slots: slots.ok, draft: draft.ok };
    },
    { integrationId: instagram.id, image, text },
  );
  expect(setUp).toEqual({ slots: true, draft: true });

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Instagram grid' })
    .click();
  const grid = page.getByRole('list', { name: `Grid of ${instagram.name}, newest first` });
  const drafts = page.getByRole('complementary', { name: `Drafts for ${instagram.name}` });
  const draft = drafts.getByRole('button', { name: text });
  await expect(draft).toBeVisible();
  const slotTiles = grid.locator('[data-grid-tile="slot"]');
  await expect(slotTiles).toHaveCount(3);
  // The latest of the three free slots: dropped there, the draft takes exactly that time.
  const slot = slotTiles.first();
  const slotTime = await slot.locator('time').getAttribute('datetime');
  expect(slotTime).toMatch(/T05:10:00\.000Z$/);
  await keepPictures(page, 'grid-planner-draft');

  await draft.dragTo(slot);
  await expect(
    page.locator('.notice-card').filter({ hasText: `Scheduled “${text.slice(0, 39)}` }),
  ).toBeVisible();
  await expect(drafts.getByRole('button', { name: text })).toHaveCount(0);
  await expect
    .poll(
      async () =>
        (await instagramPosts(service, instagram.id))
          .filter((p) => (p as ServicePost & { content?: string }).content?.includes(text))
          .map((p) => new Date(p.publishDate).toISOString()),
      { timeout: 20_000 },
    )
    .toEqual([slotTime]);
});

test('an Instagram account with no posts says so', async ({ page, connectWithSandboxKey }) => {
  await connectWithSandboxKey();
  const added = await page.evaluate(() =>
    window.api.addIntegration({ id: 'ig-new-account', platform: 'instagram', name: 'harbor.roastery' }),
  );
  expect(added.ok).toBe(true);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Instagram grid' })
    .click();
  await page.getByLabel('Instagram account').selectOption({ label: 'harbor.roastery' });
  await expect(page.getByText('harbor.roastery has no published or scheduled posts yet')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Grid of harbor.roastery, newest first' })).toHaveCount(0);
  await keepPictures(page, 'grid-planner-empty');
});
