import { expect, firstBrandX, test } from './fixtures.js';
import { snap } from './support/pages.js';

/*
 * A recurring series as a new user makes one: in the composer, "Repeat…" on Mondays at 9:00 New
 * York, six times, starting so that the six Mondays cross New York's next DST change after the
 * clock's "now". The calendar shows six posts, each at 9:00 local with the series mark; the
 * service holds exactly six, each once, at the right UTC instants; a second run and a restart of
 * the window make none more.
 */

const NY = 'America/New_York';
const DAY = 86_400_000;

/** New York's offset from UTC in minutes at an instant (−300 in winter, −240 in summer). */
function offsetOf(ms: number): number {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone: NY, timeZoneName: 'longOffset' })
      .formatToParts(new Date(ms))
      .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d\d):(\d\d)/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

/** Six Mondays (as "YYYY-MM-DD") crossing New York's next DST change: three before it where the clock allows. */
function mondaysAcrossDst(now: number): string[] {
  let change = now;
  while (offsetOf(change + DAY) === offsetOf(now)) change += DAY;
  let start = Math.max(change - 21 * DAY, now + 2 * DAY);
  while (new Date(start).getUTCDay() !== 1) start += DAY;
  return Array.from({ length: 6 }, (_, i) => new Date(start + i * 7 * DAY).toISOString().slice(0, 10));
}

/** 9:00 in New York on a day, as a UTC instant (the offset of that morning, after any 2:00 change). */
function nineInNewYork(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, 9, 0);
  return new Date(wall - offsetOf(Date.UTC(y, m - 1, d, 14)) * 60_000).toISOString();
}

test('a weekly series on Mondays at 9:00 New York, six times across DST: six posts, each once', async ({
  page,
  service,
  connectWithSandboxKey,
}) => {
  test.setTimeout(120_000);
  await connectWithSandboxKey('full-test');
  const { brand, x } = firstBrandX(service);
  const zone = await page.evaluate(
    (id) => window.api.setBrandTimezone({ brandId: id, timezone: 'America/New_York' }),
    brand.id,
  );
  expect(zone.ok).toBe(true);
  // The window reads the brand's zone when it starts.
  await page.reload();
  await expect(page.getByRole('button', { name: 'New post' })).toBeVisible();
  const mondays = mondaysAcrossDst(Date.now());
  const expected = mondays.map(nineInNewYork);
  // The six cross a change: two different UTC hours, 9:00 local each.
  expect(new Set(expected.map((iso) => iso.slice(11, 16))).size).toBe(2);
  const texts = [`Monday tip ${Date.now()}: plan the week first.`, 'Monday tip: one thing at a time.'];

  await page.getByRole('button', { name: 'New post' }).click();
  const composer = page.getByRole('dialog').first();
  await composer
    .getByRole('group', { name: 'X', exact: true })
    .getByRole('checkbox', { name: x.name, exact: true })
    .check();
  await composer.getByRole('textbox', { name: 'Text of Block 1', exact: true }).fill(texts[0]!);
  await composer.getByRole('button', { name: 'Repeat…' }).click();

  const repeat = page.getByRole('dialog', { name: 'Repeat this post' });
  await expect(repeat).toBeVisible();
  await repeat.getByLabel('Repeats').selectOption({ label: 'Weekly' });
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'])
    await repeat.getByRole('checkbox', { name: day, exact: true }).setChecked(day === 'Monday');
  await repeat.getByLabel('Starts').fill(mondays[0]!);
  await repeat.getByLabel(`At (${NY})`).fill('09:00');
  await repeat.getByLabel('Ends', { exact: true }).selectOption({ label: 'After a number of times' });
  await repeat.getByLabel('How many times').fill('6');
  const preview = repeat.getByRole('region', { name: 'What gets scheduled' });
  await expect(preview).toContainText('Every Monday at 9:00, 6 times');
  // X refuses the same text twice: one text that repeats is warned, a second text clears it.
  await expect(preview).toContainText('X refuses a post with the same text');
  await repeat.getByRole('button', { name: 'Add a text' }).click();
  await repeat.getByRole('textbox', { name: 'Text 2' }).fill(texts[1]!);
  await expect(preview).not.toContainText('X refuses');
  await expect(preview.getByRole('list', { name: 'Next dates' }).getByRole('listitem')).toHaveCount(6);
  await snap(page, 'series-1-repeat');
  await repeat.getByRole('button', { name: 'Create series' }).click();
  await expect(
    page.getByText('Series created: Every Monday at 9:00, 6 times. 6 posts scheduled.'),
  ).toBeVisible();

  // The service, once the outbox has sent them: exactly six, each once, at 9:00 New York.
  const headers = { authorization: `Bearer ${service.key('full-test')}`, 'x-brand-id': brand.id };
  const from = Date.parse(expected[0]!) - DAY;
  const onService = async () => {
    const out: { id: string; content?: string; publishDate: string; integration: { id: string } }[] = [];
    for (let start = from; start < Date.parse(expected[5]!) + DAY; start += 28 * DAY) {
      const range = `startDate=${new Date(start).toISOString()}&endDate=${new Date(start + 28 * DAY).toISOString()}`;
      const list = (await (await fetch(`${service.baseUrl}/posts?${range}`, { headers })).json()) as {
        posts: typeof out;
      };
      out.push(...list.posts.filter((p) => texts.includes(p.content ?? '')));
    }
    return out;
  };
  await expect.poll(async () => (await onService()).length, { timeout: 30_000 }).toBe(6);
  const made = (await onService()).sort((a, b) => a.publishDate.localeCompare(b.publishDate));
  expect(made.map((p) => new Date(p.publishDate).toISOString())).toEqual(expected);
  expect(made.map((p) => p.integration.id)).toEqual(Array(6).fill(x.id));
  // The texts take turns.
  expect(made.map((p) => p.content)).toEqual([0, 1, 0, 1, 0, 1].map((i) => texts[i]));

  // A second plan makes none; nor does a restart of the window and a plan after it.
  const again = await page.evaluate(() => window.api.runSeries({}));
  expect(again.ok && again.value.created).toBe(0);
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  const afterReload = await page.evaluate(() => window.api.runSeries({}));
  expect(afterReload.ok && afterReload.value.created).toBe(0);
  await page.evaluate(() => window.api.syncNow({}));
  expect(await onService()).toHaveLength(6);

  // The calendar: each Monday's post at 9:00 with the series mark, two weeks to an agenda page.
  const views = page.getByRole('group', { name: 'View' });
  await page.getByLabel('Jump to date').fill(mondays[0]!);
  await views.getByRole('button', { name: 'Agenda', exact: true }).click();
  const marks: string[] = [];
  const times: (string | null)[] = [];
  for (let pageNo = 0; pageNo < 3; pageNo += 1) {
    const chips = page.locator('[data-post-id]').filter({ has: page.locator('.series-mark') });
    await expect(chips).toHaveCount(2, { timeout: 15_000 });
    for (const chip of await chips.all()) {
      marks.push((await chip.locator('.series-mark').getAttribute('aria-label')) ?? '');
      times.push(await chip.locator('time').getAttribute('datetime'));
      // 9:00 on the brand's clock, however the locale writes it ("9am", "9:00", "09:00").
      await expect(chip.locator('time')).toHaveText(/^0?9(:00)?\s*(am)?$/i);
    }
    if (pageNo === 0) await snap(page, 'series-2-agenda');
    if (pageNo < 2) await page.getByRole('button', { name: /^Next / }).click();
  }
  expect(times).toEqual(expected);
  expect(marks).toEqual([1, 2, 3, 4, 5, 6].map((n) => `Series ${n} of 6: Every Monday at 9:00, 6 times`));

  // The details say it in words and offer the series' changes.
  await page
    .locator('[data-post-id]', { has: page.locator('.series-mark') })
    .first()
    .click();
  const details = page.getByRole('complementary');
  await expect(details.getByTestId('details-series')).toHaveText(
    'Part of a series: every Monday at 9:00, 6 times (5 of 6).',
  );
  await expect(details.getByRole('button', { name: 'Edit this and the following…' })).toBeVisible();
  await expect(details.getByRole('button', { name: 'Delete the series' })).toBeVisible();
  await snap(page, 'series-3-details');

  // Skipping that date takes its post off the service; deleting the series takes the rest.
  await details.getByRole('button', { name: 'Skip this date' }).click();
  await page
    .getByRole('dialog', { name: 'Skip this date?' })
    .getByRole('button', { name: 'Skip the date' })
    .click();
  await expect.poll(async () => (await onService()).length, { timeout: 30_000 }).toBe(5);
  expect((await onService()).map((p) => p.publishDate).sort()).toEqual(expected.filter((_, i) => i !== 4));
  await page
    .locator('[data-post-id]', { has: page.locator('.series-mark') })
    .first()
    .click();
  await details.getByRole('button', { name: 'Delete the series' }).click();
  await page
    .getByRole('dialog', { name: 'Delete the series?' })
    .getByRole('button', { name: 'Delete the series' })
    .click();
  await expect.poll(async () => (await onService()).length, { timeout: 30_000 }).toBe(0);
});
