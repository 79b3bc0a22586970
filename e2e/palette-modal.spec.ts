import { expect, test } from './fixtures.js';

/*
 * The palette is modal: with it open, the page behind it cannot be changed by pointer or keyboard
 * (a click outside closes the palette and lands nowhere; Tab stays inside). A tour that changed the
 * selector with the palette open did it through Playwright's selectOption, which skips inertness.
 */

test('with the palette open, the brand selector behind it cannot be changed', async ({
  page,
  connectWithSandboxKey,
}) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await connectWithSandboxKey('full-test');
  const brand = page.getByRole('combobox', { name: 'Brand', exact: true });
  await expect(brand).toBeVisible();
  const before = await brand.inputValue();
  const box = (await brand.boundingBox())!;
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Search and commands' });
  await expect(palette).toBeVisible();
  // Tab and Shift+Tab ten times each: focus never reaches the page behind.
  for (const key of [...Array(10).fill('Tab'), ...Array(10).fill('Shift+Tab')] as string[]) {
    await page.keyboard.press(key);
    expect(await palette.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  // The palette is the document's modal dialog: the browser makes the page behind it inert.
  expect(await palette.evaluate((d) => d.matches(':modal'))).toBe(true);
  // A real click where the selector is: the palette closes, the brand stays.
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
  await expect(brand).toHaveValue(before);
});
