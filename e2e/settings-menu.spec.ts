import { expect, test } from './fixtures.js';

/*
 * The native menu's commands as the window receives them (menuCommand events). The bridge plays
 * main's part by emitting the event; under real Electron the menu itself is not clickable from here.
 */

test('menu commands switch views and pages and open the composer', async ({
  app,
  page,
  connectWithSandboxKey,
}) => {
  test.skip(app.host === 'electron', 'the bridge stands in for the native menu');
  await connectWithSandboxKey('full-test');
  const menu = (command: string) =>
    page.evaluate(
      (c) =>
        (window as unknown as { __postdeckEmit(n: string, p: unknown): void }).__postdeckEmit('menuCommand', {
          command: c,
        }),
      command,
    );
  const title = page.getByRole('heading', { level: 1 });

  await menu('openSettings');
  await expect(title).toHaveText('Account');
  await menu('viewWeek');
  await expect(title).toHaveText('Calendar');
  await expect(page.getByRole('button', { name: 'Week', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await menu('viewAgenda');
  await expect(page.getByRole('button', { name: 'Agenda', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await menu('openAnalytics');
  await expect(title).toHaveText('Analytics');
  await menu('newPost');
  await expect(page.getByRole('dialog')).toBeVisible();
});
