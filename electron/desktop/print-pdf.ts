import { BrowserWindow, session } from 'electron';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * A review pack as PDF: the pack's page loaded in a hidden, sandboxed window of its own session
 * (every request but the file itself is cancelled: the pack needs none), drawn, then printed with
 * Electron's printToPDF. The tests stand in Chromium's page.pdf() for this (e2e/fixtures.ts).
 */

const PARTITION = 'postdeck-review-pack-print';
/** How long the pack's script may take to draw before printing anyway. */
const DRAW_TIMEOUT_MS = 20_000;

export async function printPackToPdf(html: string): Promise<Uint8Array> {
  const dir = await mkdtemp(join(tmpdir(), 'postdeck-pack-'));
  const file = join(dir, 'pack.html');
  const printing = session.fromPartition(PARTITION);
  printing.webRequest.onBeforeRequest((details, callback) =>
    callback({ cancel: !details.url.startsWith('file:') && !details.url.startsWith('data:') }),
  );
  const window = new BrowserWindow({
    show: false,
    webPreferences: { partition: PARTITION, sandbox: true, contextIsolation: true, nodeIntegration: false },
  });
  try {
    await writeFile(file, html, { mode: 0o600 });
    await window.loadFile(file);
    await window.webContents.executeJavaScript(
      `new Promise((done) => { const t = Date.now(); (function wait() { if (document.querySelector('.rp-post') || Date.now() - t > ${DRAW_TIMEOUT_MS}) done(true); else setTimeout(wait, 50); })(); })`,
    );
    const pdf = await window.webContents.printToPDF({ printBackground: true, pageSize: 'A4' });
    return new Uint8Array(pdf);
  } finally {
    window.destroy();
    await rm(dir, { recursive: true, force: true });
  }
}
