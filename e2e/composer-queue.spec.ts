import { expect, firstBrandX, test } from './fixtures.js';
import { snap } from './support/pages.js';

/* "Add to queue" in the composer: the chosen slot is shown before sending, and the post lands there. */

test('Add to queue shows the next free slot first, then schedules the post exactly there', async ({
  page,
  service,
  ipcCalls,
  connectWithSandboxKey,
}) => {
  await connectWithSandboxKey('full-test');
  const { brand, x } = firstBrandX(service);
  // A brand default slot every day at a time no demo post uses.
  const slots = Array.from({ length: 7 }, (_, weekday) => ({ weekday, time: '06:17' }));
  const saved = await page.evaluate(
    (s) => window.api.setQueueSlots({ integrationId: null, slots: s }),
    slots,
  );
  expect(saved.ok).toBe(true);
  const preview = await page.evaluate((id) => window.api.previewQueue({ integrationIds: [id] }), x.id);
  if (!preview.ok) throw new Error(preview.error.message);
  const slot = preview.value.accounts[0]!.dates[0]!;

  await page.getByRole('button', { name: 'New post' }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByRole('group', { name: 'X', exact: true })
    .getByRole('checkbox', { name: x.name, exact: true })
    .check();
  const text = `Queued roast ${Date.now()}`;
  await dialog.getByRole('textbox', { name: 'Text of Block 1', exact: true }).fill(text);
  await expect(dialog.locator('#composer-queue-preview')).toContainText(`Add to queue: ${x.name} on`);
  await snap(page, 'composer-11-add-to-queue');
  // The typing's own autosave is done first: on a loaded machine it could land after the count
  // starts, and it is not the send's.
  await expect(dialog.getByTestId('save-status')).toContainText('Saved on this device');
  const callsBefore = ipcCalls?.length ?? 0;
  await dialog.getByRole('button', { name: 'Add to queue', exact: true }).click();
  await expect(page.getByText(`Queued: ${x.name} on`)).toBeVisible();
  // The send is one call (the bridge counts them): the draft's copy travels with it, no save first.
  const sends = /^(saveDraft|sendDraft|queueDraft)$/;
  if (ipcCalls)
    expect(ipcCalls.slice(callsBefore).filter((name) => sends.test(name))).toEqual(['queueDraft']);

  // The service holds the post at the slot that was shown, once the outbox has sent it.
  const headers = { authorization: `Bearer ${service.key('full-test')}`, 'x-brand-id': brand.id };
  const range = `startDate=${new Date(Date.parse(slot) - 60_000).toISOString()}&endDate=${new Date(Date.parse(slot) + 60_000).toISOString()}`;
  await expect
    .poll(async () => {
      const list = (await (await fetch(`${service.baseUrl}/posts?${range}`, { headers })).json()) as {
        posts: { content?: string; publishDate: string; integration: { id: string } }[];
      };
      return list.posts.filter((p) => p.content === text).map((p) => [p.integration.id, p.publishDate]);
    })
    .toEqual([[x.id, new Date(slot).toISOString()]]);
});
