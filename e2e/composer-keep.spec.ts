import { expect, firstBrandX, test } from './fixtures.js';
import { snap } from './support/pages.js';

/*
 * No key press loses work in the composer: Escape keeps what was typed as a local draft and says
 * so; "Add to queue" is disabled with its reason when an account has no posting slots, and offers
 * the Queue page (keeping the post as a draft on the way).
 */

test('Escape keeps the post as a local draft and says so; no slots disable "Add to queue" with the way to the Queue', async ({
  page,
  service,
  connectWithSandboxKey,
}) => {
  await connectWithSandboxKey('full-test');
  const { x } = firstBrandX(service);
  const dialog = page.getByRole('dialog');
  const text = `Kept by Escape ${Date.now()}`;

  await page.getByRole('button', { name: 'New post' }).click();
  await dialog
    .getByRole('group', { name: 'X', exact: true })
    .getByRole('checkbox', { name: x.name, exact: true })
    .check();
  await dialog.getByRole('textbox', { name: 'Text of Block 1', exact: true }).fill(text);
  // The brand has no posting slots: the button says why it cannot queue, and where to fix it.
  const addToQueue = dialog.getByRole('button', { name: 'Add to queue', exact: true });
  await expect(addToQueue).toBeDisabled();
  await expect(addToQueue).toHaveAccessibleDescription(/has no posting slots yet: add some in the Queue/);
  await snap(page, 'composer-no-slots');

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Kept as a local draft on this device')).toBeVisible();
  const drafts = await page.evaluate(() => window.api.listDrafts({}));
  if (!drafts.ok) throw new Error(drafts.error.message);
  expect(JSON.stringify(drafts.value)).toContain(text);

  // "Open the Queue" keeps the post too, and lands on the Queue page.
  await page.getByRole('button', { name: 'New post' }).click();
  await dialog
    .getByRole('group', { name: 'X', exact: true })
    .getByRole('checkbox', { name: x.name, exact: true })
    .check();
  await dialog.getByRole('textbox', { name: 'Text of Block 1', exact: true }).fill(`${text} again`);
  await dialog.getByRole('button', { name: 'Open the Queue' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Brand default: weekly slots' })).toBeVisible();
  await expect(page.getByText('Kept as a local draft on this device')).toHaveCount(2);
});

test('a notice shows beside the open Outbox in a 1024 px window, never under it', async ({
  page,
  service,
  connectWithSandboxKey,
}) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await connectWithSandboxKey('full-test');
  const { x } = firstBrandX(service);
  await page.getByRole('button', { name: 'New post' }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByRole('group', { name: 'X', exact: true })
    .getByRole('checkbox', { name: x.name, exact: true })
    .check();
  await dialog
    .getByRole('textbox', { name: 'Text of Block 1', exact: true })
    .fill(`Beside the outbox ${Date.now()}`);
  await page.keyboard.press('Escape');
  const notice = page.getByText('Kept as a local draft on this device');
  await expect(notice).toBeVisible();
  // The Outbox opened while the notice still shows (to see where the post went).
  await page.getByRole('button', { name: /^Outbox/ }).click();
  const outbox = page.getByRole('complementary', { name: 'Outbox' });
  await expect(outbox).toBeVisible();
  // Every corner of the notice's card is the card itself on screen, not the Outbox drawn over it.
  const covered = await notice.evaluate((text) => {
    const card = text.closest('.notice-card')!;
    const r = card.getBoundingClientRect();
    const corners = [
      [r.left + 4, r.top + 4],
      [r.right - 4, r.top + 4],
      [r.left + 4, r.bottom - 4],
      [r.right - 4, r.bottom - 4],
    ] as const;
    return corners.filter(([cx, cy]) => !card.contains(document.elementFromPoint(cx, cy))).length;
  });
  expect(covered).toBe(0);
  await snap(page, 'notice-beside-outbox-1024');
});
