import { parseDeepLink } from '../electron/desktop/deep-links.js';
import { createOnService, expect, test } from './fixtures.js';

/*
 * Running in the background, as far as a page can show it: the Desktop settings (main applies them;
 * the tray and the login item are unit-tested against fakes of Electron), and what main asks the
 * window to open — a clicked notification's post, the tray's Outbox, a postdeck://compose link.
 * The bridge plays main's part with requestOpen, as setup-desktop.ts and main.ts do.
 */

test('the Desktop settings are saved in main and come back after a reload', async ({
  page,
  connectWithSandboxKey,
}) => {
  await connectWithSandboxKey('full-test');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Account' }).click();
  const section = page.getByRole('region', { name: 'Desktop' });
  const background = section.getByRole('checkbox', { name: 'Keep running in the background' });
  const login = section.getByRole('checkbox', { name: 'Open at login' });
  await expect(background).toBeChecked();
  await expect(login).not.toBeChecked();
  await login.check();
  await background.uncheck();
  await section.screenshot({ path: test.info().outputPath('desktop-settings.png') });
  await page.reload();
  await expect(section.getByRole('checkbox', { name: 'Open at login' })).toBeChecked();
  await expect(section.getByRole('checkbox', { name: 'Keep running in the background' })).not.toBeChecked();
});

test("a clicked notification opens its post in the calendar; the tray's Outbox and a postdeck://compose link open theirs", async ({
  app,
  page,
  service,
  connectWithSandboxKey,
}) => {
  test.skip(
    app.host === 'electron',
    'the bridge plays main (notifications and the tray are not clickable from here)',
  );
  const brand = service.sandbox.organizations
    .flatMap((o) => o.brands)
    .find((b) => b.id === service.brandsOf('full-test')[0]!.id)!;
  const x = brand.integrations.find((i) => i.platform === 'x' && !i.disconnected)!;
  const content = `Notification target ${Date.now()}`;
  const at = new Date(Date.now() + 40 * 24 * 3_600_000);
  const response = await createOnService(service, {
    type: 'schedule',
    date: at.toISOString(),
    shortLink: false,
    posts: [{ integration: { id: x.id }, value: [{ content }], settings: { __type: 'x' } }],
  });
  const created = (await response.json()) as { postId: string }[];
  await connectWithSandboxKey('full-test');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Account' }).click();

  app.services!.requestOpen({ kind: 'post', postId: created[0]!.postId });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Calendar');
  await expect(page.getByRole('complementary')).toContainText(content);

  app.services!.requestOpen({ kind: 'outbox' });
  const outbox = page.getByRole('complementary', { name: 'Outbox' });
  await expect(outbox).toBeVisible();
  await outbox.press('Escape');
  await expect(outbox).toBeHidden();

  // What main does with a postdeck:// link: parsed and checked, then the same request.
  app.services!.requestOpen(parseDeepLink('postdeck://compose?text=From%20a%20link')!);
  await expect(
    page.getByRole('dialog').getByRole('textbox', { name: 'Text of Block 1', exact: true }),
  ).toHaveValue('From a link');
});
