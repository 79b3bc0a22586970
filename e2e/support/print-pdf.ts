import type { Browser } from '@playwright/test';

/**
 * Chromium's page.pdf standing in for Electron's printToPDF (electron/desktop/print-pdf.ts), as
 * the app prints an offline page (a review pack, a client report): a fresh context with no
 * network, every request but data: refused, printed once the page's script has drawn it.
 */
export async function printWithChromium(browser: Browser, html: string): Promise<Uint8Array> {
  const context = await browser.newContext({ offline: true });
  try {
    const page = await context.newPage();
    await page.route(
      (url) => url.protocol !== 'data:' && url.protocol !== 'about:',
      (route) => route.abort(),
    );
    await page.setContent(html, { waitUntil: 'load' });
    // A review pack draws its posts, a client report its sections, as their scripts run.
    await page.locator('.rp-post, .cr-section').first().waitFor();
    return await page.pdf({ format: 'A4', printBackground: true });
  } finally {
    await context.close();
  }
}
