import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { CalendarPage, quietDay } from './support/calendar.js';
import { snap } from './support/pages.js';

/*
 * Labels and notes as a new user meets them: a label made and
 * picked in the composer, a note added there, the post scheduled; the label shows on the calendar
 * chip, a label chip filters the calendar, `label:` finds the post in the palette, and the note's
 * words find it too. axe checks the new controls in both themes; screenshots at both sizes.
 */

const SIZES = [
  { width: 1024, height: 700 },
  { width: 1440, height: 900 },
] as const;

async function shots(page: Page, name: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.waitForTimeout(150);
      await snap(page, `labels-${name}-${theme}-${size.width}x${size.height}`);
    }
    // Colours are read in each theme: no serious contrast (or other) violation in either.
    const { violations } = await new AxeBuilder({ page }).analyze();
    const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      blocking.map((v) => `${theme} ${name}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(SIZES[1]);
}

const palette = (page: Page) => page.getByRole('dialog', { name: 'Search and commands' });

test('a label picked in the composer shows on the chip, filters the calendar and is found with label:; a note is found by its words', async ({
  page,
  connectWithSandboxKey,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(SIZES[1]);
  await connectWithSandboxKey('full-test');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Calendar' }).click();
  await expect(page.locator('[data-post-id]').first()).toBeVisible();
  const stamp = Date.now().toString(36);
  const text = `Spring menu tasting ${stamp}`;

  await page.getByRole('button', { name: 'New post' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'New post' })).toBeVisible();
  await dialog
    .getByRole('group', { name: 'X', exact: true })
    .getByRole('checkbox', { name: 'Harbor Coffee', exact: true })
    .check();
  await dialog.getByRole('textbox', { name: 'Text of Block 1', exact: true }).fill(text);

  // A new label, made and picked in the composer.
  await dialog.getByText('Labels', { exact: true }).click();
  await dialog.getByRole('textbox', { name: 'New label' }).fill('Spring sale');
  await dialog.getByLabel('Colour of the new label').selectOption({ label: 'Green' });
  await dialog.getByRole('button', { name: 'Create label' }).click();
  await expect(dialog.getByRole('checkbox', { name: 'Spring sale' })).toBeChecked();
  await expect(dialog.getByRole('list', { name: 'Labels' }).getByText('Spring sale')).toBeVisible();
  // A name that would break an export cell is refused with a sentence, and nothing is lost.
  await dialog.getByRole('textbox', { name: 'New label' }).fill('Sale, spring');
  await dialog.getByRole('button', { name: 'Create label' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'cannot hold a comma' })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'New label' }).fill('');

  // A note for the team, signed with the connection's user name.
  await dialog.getByRole('textbox', { name: 'New note' }).fill('Check the oat milk price with Ana');
  await dialog.getByRole('button', { name: 'Add note' }).click();
  const note = dialog.locator('.post-note').filter({ hasText: 'Check the oat milk price with Ana' });
  await expect(note).toBeVisible();
  await dialog.getByRole('textbox', { name: 'New note' }).focus();
  await shots(page, 'composer');

  // A day with room in its month cell, so the chip is drawn rather than folded under "+N more".
  const quiet = await quietDay(page);
  const when = await page.evaluate((at) => {
    const d = new Date(at);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  }, quiet.getTime());
  await dialog.getByLabel(/^Publish at/).fill(when);
  await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await new CalendarPage(page).jumpTo(when.slice(0, 10));

  // The chip carries the label (a dot, and its name in the chip's accessible name).
  const chip = page.locator('[data-post-id]').filter({ hasText: stamp });
  await expect(chip).toHaveCount(1, { timeout: 20_000 });
  await expect(chip.getByTestId('post-labels').locator('[data-label="Spring sale"]')).toBeVisible();
  await expect(chip).toHaveAttribute('aria-label', /labels: Spring sale/);
  const before = await page.locator('[data-post-id]').count();
  expect(before).toBeGreaterThan(1);

  // The label chip filters the calendar to the posts carrying it.
  const labelChips = page.getByRole('group', { name: 'Labels' });
  await labelChips.getByRole('button', { name: 'Spring sale' }).click();
  await expect(labelChips.getByRole('button', { name: 'Spring sale' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.locator('[data-post-id]')).toHaveCount(1);
  await expect(chip).toBeVisible();
  await shots(page, 'calendar-filtered');
  await labelChips.getByRole('button', { name: 'All labels' }).click();
  await expect.poll(() => page.locator('[data-post-id]').count()).toBe(before);

  // The post's details show its label and note.
  await chip.click();
  const details = page.getByRole('complementary');
  await expect(details.getByRole('list', { name: 'Labels' }).getByText('Spring sale')).toBeVisible();
  await expect(details.getByText('Check the oat milk price with Ana')).toBeVisible();
  await shots(page, 'details');
  await page.keyboard.press('Escape');

  // label: in the palette finds it, and the note's words find it too.
  await page.keyboard.press('Control+k');
  await expect(palette(page)).toBeVisible();
  const field = palette(page).getByRole('combobox');
  await field.fill('label:"Spring sale"');
  const options = palette(page).getByRole('listbox').getByRole('option');
  await expect(options.filter({ hasText: stamp })).toHaveCount(1);
  await expect(palette(page).getByRole('status')).toHaveText('1 match.');
  await shots(page, 'palette-label');
  await field.fill('oat milk');
  const byNote = options.filter({ hasText: stamp });
  await expect(byNote).toHaveCount(1);
  await expect(byNote).toContainText('in a note');
  await expect(byNote.locator('mark')).toHaveText(['oat', 'milk']);
  await shots(page, 'palette-note');
  await field.fill('label:Nothing');
  await expect(palette(page)).toContainText('No label is called “Nothing”');
  await page.keyboard.press('Escape');

  // The bulk bar gives the label to every picked post's group.
  const otherId = await page
    .locator('[data-post-id]')
    .filter({ hasNotText: stamp })
    .first()
    .getAttribute('data-post-id');
  const other = page.locator(`[data-post-id="${otherId}"]`);
  await chip.click({ modifiers: ['ControlOrMeta'] });
  await other.click({ modifiers: ['ControlOrMeta'] });
  const bar = page.getByRole('region', { name: 'Bulk changes' });
  await expect(bar).toContainText('2 selected');
  await bar.getByText('Labels', { exact: true }).click();
  const box = bar.getByRole('checkbox', { name: 'Spring sale' });
  await expect(box).not.toBeChecked();
  await box.click();
  await expect(box).toBeChecked();
  await expect(other.locator('[data-label="Spring sale"]')).toBeVisible();
  await shots(page, 'bulk');
  await box.click();
  await expect(other.locator('[data-label="Spring sale"]')).toHaveCount(0);
  await expect(chip.locator('[data-label="Spring sale"]')).toHaveCount(0);
  await box.click();
  await expect(chip.locator('[data-label="Spring sale"]')).toBeVisible();
  await bar.getByRole('button', { name: 'Clear', exact: true }).click();
  await expect(bar).toBeHidden();

  // Settings: the label made a campaign shows as a band over the calendar.
  await nav.getByRole('button', { name: 'Account' }).click();
  const row = page.getByRole('form', { name: 'Label Spring sale' });
  const today = await page.evaluate(() => {
    const d = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  });
  await row.getByLabel('Campaign from').fill(today);
  // To the post's day, so the band shows in the month the calendar is on.
  await row.getByLabel('to').fill(when.slice(0, 10));
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved the label “Spring sale”.')).toBeVisible();
  await page.getByRole('form', { name: 'Label Spring sale' }).scrollIntoViewIfNeeded();
  await shots(page, 'settings');
  await nav.getByRole('button', { name: 'Calendar' }).click();
  await expect(
    page
      .getByRole('list', { name: 'Campaigns in view' })
      .getByRole('listitem')
      .filter({ hasText: 'Spring sale' }),
  ).toBeVisible();
  await shots(page, 'calendar-campaign');
});
