import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import type { PostDetail, PostListItem } from '../shared/api/resources.js';
import { expect, test, type TestService } from './fixtures.js';
import { snap } from './support/pages.js';

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

test('a post for three accounts, one with its own text, becomes one group with the right text on each', async ({
  page,
  service,
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
  await c.button('Schedule').click();
  await expect(c.dialog).toBeHidden();
  await expect(page.getByText('Scheduled for 3 accounts.')).toBeVisible();

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
