import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { PackData } from '../../shared/review/model.js';
import { PackPage } from './PackPage.js';
import './pack.css';

/*
 * The review pack's page: runs inside the one HTML file main writes (electron/desktop/offline-page.ts),
 * offline, under a CSP that allows this script alone. It reads the embedded data, draws each post
 * as its network shows it, and saves the reviewer's verdicts as a small reply file (a download).
 */

const root = document.getElementById('root');
const raw = document.getElementById('pack-data')?.textContent ?? '';
function readPack(): ReturnType<typeof PackData.safeParse> | null {
  try {
    return PackData.safeParse(JSON.parse(raw));
  } catch {
    return null;
  }
}
const parsed = readPack();
if (root) {
  // Drawn at once, while the script runs: the page is whole by its load event (printToPDF waits on it).
  if (parsed?.success) {
    const data = parsed.data;
    flushSync(() => createRoot(root).render(<PackPage data={data} />));
  } else root.textContent = 'This review pack is damaged: ask for a new one.';
}
