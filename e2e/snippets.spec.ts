import { measureText } from '../shared/platforms/text-length.js';
import { expect, firstBrandX, test } from './fixtures.js';
import { snap } from './support/pages.js';

/*
 * Snippets and signatures: saved on the Snippets screen, a snippet typed as /name in the composer
 * (listbox, keyboard) or picked from its menu, and the account's signature shown in the preview,
 * counted by the counter, and left off with the per-post switch.
 */

test('a /snippet expands from the keyboard, and the signature is shown, counted and removable', async ({
  page,
  service,
  connectWithSandboxKey,
}) => {
  await connectWithSandboxKey('full-test');
  const { x } = firstBrandX(service);

  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Calendar' }).click();
  await expect(page.locator('[data-post-id]').first()).toBeVisible();
  await nav.getByRole('button', { name: 'Snippets' }).click();
  const fresh = page.getByRole('form', { name: 'New snippet' });
  await fresh.getByLabel('Name of new snippet').fill('tags');
  await fresh.getByLabel('Text of new snippet').fill('#coffee #barista');
  await fresh.getByRole('button', { name: 'Add snippet' }).click();
  await expect(page.getByRole('form', { name: 'Snippet /tags' })).toBeVisible();
  await fresh.getByLabel('Name of new snippet').fill('hours');
  await fresh.getByLabel('Text of new snippet').fill('Open 7 to 19.');
  await fresh.getByRole('button', { name: 'Add snippet' }).click();
  await expect(page.getByRole('form', { name: 'Snippet /hours' })).toBeVisible();
  const signature = page.getByRole('form', { name: `Signature of ${x.name} (X)`, exact: true });
  await signature.getByRole('textbox', { name: `Signature of ${x.name} (X)`, exact: true }).fill('— Harbor');
  await signature.getByRole('button', { name: 'Save signature' }).click();
  await expect(signature.getByRole('button', { name: 'Save signature' })).toBeDisabled();
  await page.screenshot({ path: '/tmp/evergreen-snippets.png' });

  await page.getByRole('button', { name: 'New post' }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByRole('group', { name: 'X', exact: true })
    .getByRole('checkbox', { name: x.name, exact: true })
    .check();
  const text = dialog.getByRole('textbox', { name: 'Text of Block 1', exact: true });
  await text.pressSequentially('Fresh roast /ta');
  const list = dialog.getByRole('listbox', { name: 'Snippets' });
  await expect(list.getByRole('option')).toHaveText([/\/tags/]);
  // Escape closes the list, not the composer; the text stays as typed.
  await text.press('Escape');
  await expect(list).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(text).toHaveValue('Fresh roast /ta');
  await text.pressSequentially('g');
  await expect(list).toBeHidden();
  // A new slash offers them again.
  for (let i = 0; i < 4; i += 1) await text.press('Backspace');
  await text.pressSequentially('/ta');
  await expect(list.getByRole('option')).toHaveText([/\/tags/]);
  // A bare slash offers every snippet, by name; arrows move, Enter inserts.
  await text.press('Backspace');
  await text.press('Backspace');
  await expect(list.getByRole('option')).toHaveText([/\/hours/, /\/tags/]);
  await expect(list.getByRole('option', { name: /\/hours/ })).toHaveAttribute('aria-selected', 'true');
  await text.press('ArrowDown');
  await expect(list.getByRole('option', { name: /\/tags/ })).toHaveAttribute('aria-selected', 'true');
  await page.screenshot({ path: '/tmp/evergreen-listbox.png' });
  await text.press('Enter');
  await expect(text).toHaveValue('Fresh roast #coffee #barista');
  await expect(list).toBeHidden();
  // The caret is after the snippet: typing goes on from there.
  await text.pressSequentially('!');
  await expect(text).toHaveValue('Fresh roast #coffee #barista!');

  // The signature: in the preview, in the counter (X weighs as the service does), removable.
  const typed = 'Fresh roast #coffee #barista!';
  const sent = `${typed}\n\n— Harbor`;
  const preview = dialog.getByRole('article', { name: `Preview for ${x.name} on X` });
  await expect(preview).toContainText('— Harbor');
  const counter = dialog.getByTestId('counter-0-x');
  await expect(counter).toHaveText(`X ${measureText('x', sent) as number}/280`);
  await snap(page, 'snippets-1-composer');
  await page.screenshot({ path: '/tmp/evergreen-composer.png' });
  await dialog.getByRole('checkbox', { name: /Add signatures/ }).uncheck();
  await expect(counter).toHaveText(`X ${measureText('x', typed) as number}/280`);
  await expect(preview).not.toContainText('— Harbor');

  // The menu inserts at the caret.
  await text.press('End');
  await dialog.getByRole('button', { name: 'Insert a snippet into Block 1' }).click();
  await dialog.getByRole('menuitem', { name: /\/hours/ }).click();
  await expect(text).toHaveValue(`${typed} Open 7 to 19.`);
});

test('a snippet row says when its edit is not saved yet, and Ctrl/Cmd+Enter or Enter saves it', async ({
  page,
  connectWithSandboxKey,
}) => {
  await connectWithSandboxKey('full-test');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Snippets' }).click();
  const fresh = page.getByRole('form', { name: 'New snippet' });
  await fresh.getByLabel('Name of new snippet').fill('hours');
  await expect(fresh.getByRole('status')).toHaveText('Not saved yet');
  await fresh.getByLabel('Text of new snippet').fill('Open 7 to 19.');
  await fresh.getByLabel('Text of new snippet').press('ControlOrMeta+Enter');
  const row = page.getByRole('form', { name: 'Snippet /hours' });
  await expect(row).toBeVisible();

  await row.getByLabel('Text of snippet /hours').fill('Open 8 to 18.');
  await expect(row.getByRole('status')).toHaveText('Not saved yet');
  await row.getByLabel('Name of snippet /hours').press('Enter');
  await expect(row.getByRole('status')).toHaveText('Saved');
  const saved = await page.evaluate(() => window.api.listSnippets({}));
  expect(JSON.stringify(saved)).toContain('Open 8 to 18.');
});
