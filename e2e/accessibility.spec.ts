import { mkdir, writeFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { samplesAhead } from '../test/support/samples.js';
import { expect, test } from './fixtures.js';
import { snap } from './support/pages.js';

/*
 * Accessibility: axe-core (a checker no one here wrote) over every main screen, light and dark, and
 * a screenshot of each at 1024×700 and 1440×900 for a human to look at. A serious or critical
 * violation fails the run, and so does an internal value on screen (an id, a scope, an enum value);
 * every finding is written to e2e/screenshots/axe-<theme>.json.
 */

const SIZES = [
  { width: 1024, height: 700 },
  { width: 1440, height: 900 },
] as const;

interface Finding {
  screen: string;
  id: string;
  impact: string;
  help: string;
  targets: string[];
  /** axe's own words about the first element, to fix it without rerunning. */
  first: string;
  html: string;
}

/** What only a developer should see: ids, scope values, enum values (human words only). */
const INTERNALS =
  /\b(?:group|int|post|media)_[a-z0-9]{8,}|\b(?:posts|media|analytics|brands):(?:read|write)\b|\b[A-Z]{3,}_[A-Z_]{3,}\b/;

async function check(page: Page, theme: string, screen: string, found: Finding[]): Promise<void> {
  // Let transitions and late paints settle before reading colours.
  await page.waitForTimeout(300);
  const internal = INTERNALS.exec(await page.locator('body').innerText());
  if (internal) {
    found.push({
      screen,
      id: 'internal-value-on-screen',
      impact: 'serious',
      help: `Shows "${internal[0]}"`,
      targets: [],
      first: '',
      html: '',
    });
  }
  const result = await new AxeBuilder({ page }).analyze();
  for (const v of result.violations) {
    found.push({
      screen,
      id: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
      first: v.nodes[0]?.failureSummary ?? '',
      html: v.nodes[0]?.html.slice(0, 400) ?? '',
    });
  }
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    await snap(page, `a11y-${theme}-${screen}-${size.width}x${size.height}`);
  }
  await page.setViewportSize(SIZES[1]);
}

for (const theme of ['light', 'dark'] as const) {
  test(`every main screen has no serious or critical axe violation (${theme})`, async ({
    page,
    app,
    connectWithSandboxKey,
  }) => {
    test.setTimeout(240_000);
    await page.emulateMedia({ colorScheme: theme });
    await page.setViewportSize(SIZES[1]);
    const found: Finding[] = [];

    await expect(page.getByRole('heading', { name: 'Welcome to Postdeck' })).toBeVisible();
    await check(page, theme, 'onboarding', found);

    await connectWithSandboxKey('full-test');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Calendar' }).click();
    await expect(page.locator('[data-post-box]').first()).toBeVisible();
    const views = page.getByRole('group', { name: 'View' });
    for (const view of ['Month', 'Week', 'Day', 'Agenda'] as const) {
      await views.getByRole('button', { name: view, exact: true }).click();
      await expect(views.getByRole('button', { name: view, exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await check(page, theme, `calendar-${view.toLowerCase()}`, found);
    }

    await views.getByRole('button', { name: 'Month', exact: true }).click();
    await page.locator('[data-post-box]').first().click();
    await expect(page.getByRole('complementary')).toBeVisible();
    await check(page, theme, 'post-details', found);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: /^Outbox/ }).click();
    await expect(page.getByRole('complementary', { name: 'Outbox' })).toBeVisible();
    await check(page, theme, 'outbox', found);
    await page.getByRole('button', { name: /^Outbox/ }).click();

    await page.getByRole('button', { name: 'New post' }).click();
    const composer = page.getByRole('dialog');
    await expect(composer.getByRole('heading', { name: 'New post' })).toBeVisible();
    await composer
      .getByRole('group', { name: 'X', exact: true })
      .getByRole('checkbox', { name: 'Harbor Coffee', exact: true })
      .check();
    await check(page, theme, 'composer', found);
    await page.keyboard.press('Escape');
    await expect(composer).toBeHidden();

    await page.keyboard.press('Control+K');
    await expect(page.getByRole('dialog', { name: 'Search and commands' })).toBeVisible();
    await check(page, theme, 'palette', found);
    await page.keyboard.press('Escape');

    for (const [route, screen] of [
      ['Queue', 'queue'],
      ['Instagram grid', 'instagram-grid'],
      ['Evergreen', 'evergreen'],
      ['Feeds', 'feeds'],
      ['Snippets', 'snippets'],
      ['Media', 'media-library'],
      ['Analytics', 'analytics'],
      ['Account', 'account'],
    ] as const) {
      await nav.getByRole('button', { name: route }).click();
      await expect(nav.getByRole('button', { name: route })).toHaveAttribute('aria-current', 'page');
      await page.waitForLoadState('networkidle').catch(() => undefined);
      await page.waitForTimeout(700);
      await check(page, theme, screen, found);
    }

    await nav.getByRole('button', { name: 'Import' }).click();
    // The sample with its dates in the year after the run's clock (E2E_NOW may have passed March 2027).
    const SAMPLE = (await samplesAhead(test.info().outputPath('samples'))).csv;
    await app.registerFile(SAMPLE, 'posts-sample.csv');
    await page.getByLabel('Import file').setInputFiles(SAMPLE);
    await expect(page.getByRole('heading', { name: 'posts-sample.csv: 9 rows' })).toBeVisible();
    await check(page, theme, 'import-preview', found);

    await mkdir('e2e/screenshots', { recursive: true });
    await writeFile(`e2e/screenshots/axe-${theme}.json`, JSON.stringify(found, null, 2));
    const counts: Record<string, number> = {};
    for (const f of found) counts[f.screen] = (counts[f.screen] ?? 0) + 1;
    console.log(`axe ${theme}: ${JSON.stringify(counts)}`);
    const blocking = found.filter((f) => f.impact === 'serious' || f.impact === 'critical');
    expect(blocking, JSON.stringify(blocking, null, 2)).toEqual([]);
  });
}
