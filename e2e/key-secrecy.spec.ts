import { expect, test } from './fixtures.js';
import { AccountScreen, BrandChoiceScreen, WelcomeScreen } from './support/pages.js';

/*
 * The API key goes into main and never comes back: not in the page's HTML, not in its storage,
 * not in any answer that crossed the IPC bridge, whatever the user did.
 */

test("the key's text never reaches the page, its storage, any IPC result or event, or main's log", async ({
  page,
  service,
  ipcResults,
  ipcEvents,
  mainLog,
}) => {
  const token = service.key('full-test');
  const revoked = service.key('revoked');
  const consoleLines: string[] = [];
  page.on('console', (message) => consoleLines.push(message.text()));
  const welcome = new WelcomeScreen(page);

  // A failed attempt first, then the real connection, then the pages that show the key's status.
  await welcome.connect(service.baseUrl, revoked);
  await expect(welcome.apiKey).toHaveAttribute('aria-invalid', 'true');
  await welcome.connect(service.baseUrl, token);
  const choice = new BrandChoiceScreen(page);
  await expect(choice.heading).toBeVisible();
  await choice.continueButton.click();
  const account = new AccountScreen(page);
  await account.open();
  await expect(account.keyStatus).toContainText(token.slice(-4));
  await page.getByRole('button', { name: 'Add a connection' }).click();
  await page.reload();
  await account.open();
  await expect(account.organization).toBeVisible();

  const html = await page.content();
  const storage = await page.evaluate(() =>
    JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage } }),
  );
  const fieldValues = await page.evaluate(() =>
    [...document.querySelectorAll('input')].map((i) => i.value).join('\n'),
  );
  for (const secret of [token, revoked]) {
    expect(html).not.toContain(secret);
    expect(storage).not.toContain(secret);
    expect(fieldValues).not.toContain(secret);
    expect(consoleLines.join('\n')).not.toContain(secret);
    // The secret part alone, in case a prefix were stripped or the key split.
    expect(html).not.toContain(secret.slice(9));
  }
  if (mainLog) {
    // Main logged the refused key's failure; neither key appears in any line.
    expect(mainLog.join('\n')).toMatch(/connectProfile answered API/);
    for (const secret of [token, revoked]) expect(mainLog.join('\n')).not.toContain(secret.slice(9));
  }
  if (ipcResults && ipcEvents) {
    expect(ipcResults.length).toBeGreaterThan(5);
    expect(ipcEvents.length).toBeGreaterThan(0);
    const answers = JSON.stringify([ipcResults, ipcEvents]);
    expect(answers).not.toContain(token);
    expect(answers).not.toContain(revoked);
    expect(answers).not.toContain(token.slice(9));
  }
});
