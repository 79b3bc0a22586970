import { expect, test } from './fixtures.js';

/*
 * Help → About and Diagnostics: the versions and the last lines of the real log file, with no key
 * in them. The bridge plays the menu's part (a menuCommand event), as in settings-menu.spec.ts.
 */

test('the diagnostics view lists versions and the last log lines, redacted', async ({
  app,
  page,
  service,
  connectWithSandboxKey,
}) => {
  test.skip(app.host === 'electron', 'the bridge stands in for the native menu');
  await connectWithSandboxKey('full-test');
  await page.evaluate(() =>
    (window as unknown as { __postdeckEmit(n: string, p: unknown): void }).__postdeckEmit('menuCommand', {
      command: 'openDiagnostics',
    }),
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account');
  const section = page.getByRole('region', { name: 'About and diagnostics' });
  await expect(section.getByRole('heading', { name: 'About and diagnostics' })).toBeFocused();
  await expect(section.getByTestId('version-app')).toHaveText('e2e');
  await expect(section.getByText(process.versions.node, { exact: true })).toBeVisible();
  const tail = section.getByTestId('log-tail');
  await expect(tail).toContainText('[store] migrated to schema');
  await expect(section.getByTestId('log-folder')).toContainText('logs');
  expect(await tail.textContent()).not.toContain(service.key('full-test'));
  await section.screenshot({ path: test.info().outputPath('diagnostics.png') });
});

test('before any connection the welcome screen offers the diagnostics too', async ({ page }) => {
  await expect(page.getByRole('heading', { name: 'Welcome to Postdeck' })).toBeVisible();
  await page.getByRole('button', { name: 'About and diagnostics' }).click();
  const section = page.getByRole('region', { name: 'About and diagnostics' });
  await expect(section.getByRole('heading', { name: 'About and diagnostics' })).toBeFocused();
  await expect(section.getByTestId('log-tail')).toContainText('[store] migrated to schema');
});
