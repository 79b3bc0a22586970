import { mkdir } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';

/** The size and scheme every picture in the user manual is taken at, so the pages look alike. */
export const DOCS_VIEWPORT = { width: 1440, height: 900 };

/**
 * Saves the window (or only `part` of it, where the rest would show the test run's own paths and
 * versions) as `docs/images/<name>.png`, the picture a page of the user manual shows. Unlike `snap`
 * (e2e/screenshots/, never committed), these are committed: each e2e run takes them again, so the
 * manual shows the app as it is.
 */
export async function docsImage(page: Page, name: string, part?: Locator): Promise<void> {
  await mkdir('docs/images', { recursive: true });
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  await page.setViewportSize(DOCS_VIEWPORT);
  // The mouse is parked in a corner, so no hover card or tooltip covers what the picture shows.
  await page.mouse.move(0, DOCS_VIEWPORT.height - 1);
  const path = `docs/images/${name}.png`;
  if (part) await part.screenshot({ path });
  else await page.screenshot({ path });
}
