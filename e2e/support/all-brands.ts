import type { Page } from '@playwright/test';
import type { BrandScope } from '../../shared/brands/ipc.js';
import type { CalendarPost } from '../../shared/posts/ipc.js';
import { startFaultProxy } from '../../test/support/fault-proxy.js';
import { expect, type TestService } from '../fixtures.js';

/* The all-brands view's set-up, shared by its specs: two connections, three brands. */

/** Connects `label`'s key through a recording proxy, then the second organization's key beside it. */
export async function connectTwo(page: Page, service: TestService, label: 'full-test' | 'brand1-only') {
  const proxy = await startFaultProxy({ target: service.baseUrl, seed: 27, rate: 0 });
  const other = await page.evaluate((input) => window.api.connectProfile(input), {
    baseUrl: proxy.baseUrl,
    apiKey: service.key('other-org'),
    brandId: service.brandsOf('other-org')[0]?.id,
  });
  if (!other.ok) throw new Error(other.error.message);
  const first = await page.evaluate((input) => window.api.connectProfile(input), {
    baseUrl: proxy.baseUrl,
    apiKey: service.key(label),
    brandId: service.brandsOf(label)[0]?.id,
  });
  if (!first.ok) throw new Error(first.error.message);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Calendar' })).toBeVisible();
  return proxy;
}

/**
 * Picks All brands in the switcher, then waits until every brand's first pull reached main's cache
 * (`pulled: false` where a brand is meant never to sync).
 */
export async function pickAllBrands(page: Page, { pulled = true }: { pulled?: boolean } = {}): Promise<void> {
  const switcher = page.getByRole('combobox', { name: 'Brand', exact: true });
  await switcher.selectOption('all-brands');
  await expect(switcher).toHaveValue('all-brands');
  if (pulled) await everyBrandPulled(page);
}

/** The sandbox's three brands: two of the first organization (Harbor, Pine), one of the second (Lumen). */
export function sandboxBrands(service: TestService) {
  const [harbor, pine] = service.sandbox.organizations[0]!.brands;
  return { harbor: harbor!, pine: pine!, lumen: service.sandbox.organizations[1]!.brands[0]! };
}

/**
 * Waits until main's cache holds posts of every brand shown (each brand's first pull has landed,
 * the slow ones a moment after the first): a post picked from the month before then can fold under
 * "+N more" when another brand's posts arrive and the month is laid out again.
 */
export async function everyBrandPulled(page: Page): Promise<void> {
  const DAY = 86_400_000;
  await expect
    .poll(
      async () => {
        const [scope, listed] = await Promise.all([
          page.evaluate(() => window.api.getBrandScope({})),
          page.evaluate((input) => window.api.listPosts(input), {
            start: new Date(Date.now() - 30 * DAY).toISOString(),
            end: new Date(Date.now() + 60 * DAY).toISOString(),
          }),
        ]);
        if (!scope.ok) throw new Error(scope.error.message);
        if (!listed.ok) throw new Error(listed.error.message);
        const withPosts = new Set((listed.value.posts as CalendarPost[]).map((p) => p.brandId));
        return (scope.value as BrandScope).brands
          .filter((b) => b.problem === null && !withPosts.has(b.brandId))
          .map((b) => b.name);
      },
      { message: 'The brands whose posts never reached the cache', timeout: 30_000 },
    )
    .toEqual([]);
}
