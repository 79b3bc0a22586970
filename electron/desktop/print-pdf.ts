import { BrowserWindow, session } from 'electron';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * A review pack (or a client report) as PDF: the page loaded in a hidden, sandboxed window of its own session
 * (every request but the file itself is cancelled: the pack needs none), drawn, then printed with
 * Electron's printToPDF. The tests stand in Chromium's page.pdf() for this (e2e/fixtures.ts).
 */

const PARTITION = 'postdeck-review-pack-print';

export async function printPackToPdf(html: string): Promise<Uint8Array> {
  const dir = await mkdtemp(join(tmpdir(), 'postdeck-pack-'));
  const file = join(dir, 'pack.html');
  const printing = session.fromPartition(PARTITION);
  printing.webRequest.onBeforeRequest((details, callback) =>
    callback({ cancel: !details.url.startsWith('file:') && !details.url.startsWith('data:') }),
  );
  const window = new BrowserWindow({
    show: false,
    webPreferences: {
      partition: PARTITION,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      // As the main window: no middle-click may open a link in a new window of ours.
      disableBlinkFeatures: 'Auxclick',
    },
  });
  try {
    await writeFile(file, html, { mode: 0o600 });
    // The pack draws itself synchronously as its script runs (renderer/review-pack/main.tsx), so
    // once the page has loaded (its pictures are data: URLs) it is ready to print.
    await window.loadFile(file);
    const pdf = await window.webContents.printToPDF({ printBackground: true, pageSize: 'A4' });
    return new Uint8Array(pdf);
  } finally {
    window.destroy();
    await rm(dir, { recursive: true, force: true });
  }
}
