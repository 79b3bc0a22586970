import { expect, test } from './fixtures.js';

/*
 * A window main reloaded after its page crashed or hung: one sentence says so, and what the user
 * was doing comes back (the open draft with its text, the calendar's view). The bridge plays main's
 * part: it keeps the sentence (noteRecovery, as window-recovery.ts does) and reloads the page.
 */

test('after a crash the reloaded window says what happened and brings back the draft and the calendar', async ({
  app,
  page,
  connectWithSandboxKey,
}) => {
  test.skip(app.host === 'electron', 'the page cannot be crashed on purpose from here');
  await connectWithSandboxKey('full-test');
  await page.getByRole('button', { name: 'Week', exact: true }).click();
  await page.getByRole('button', { name: 'New post' }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByRole('textbox', { name: 'Text of Block 1', exact: true })
    .pressSequentially('Before the crash', { delay: 20 });
  await expect(dialog.getByTestId('save-status')).toContainText('Saved on this device');

  app.services!.noteRecovery(
    "Postdeck's window stopped unexpectedly and was reloaded. Your drafts, the outbox and your place in the calendar are as you left them.",
  );
  await page.reload();

  const alert = page.getByRole('alert').filter({ hasText: 'stopped unexpectedly' });
  await expect(alert).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Text of Block 1', exact: true })).toHaveValue(
    'Before the crash',
  );
  await alert.screenshot({ path: test.info().outputPath('recovery-notice.png') });
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Week', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await alert.getByRole('button', { name: 'Dismiss' }).click();
  await expect(alert).toBeHidden();

  // The sentence is said once: the next reload is a plain one.
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'stopped unexpectedly' })).toHaveCount(0);
});
