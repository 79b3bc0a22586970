import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { ReportData } from '../../shared/reports/model.js';
import { ReportPage } from './ReportPage.js';
import './report.css';

/*
 * The client report's page: runs inside the one HTML file main writes (electron/desktop/offline-page.ts),
 * offline, under a CSP that allows this script alone, and is what the PDF prints. It reads the
 * embedded data and draws the sections kept.
 */

const root = document.getElementById('root');
const raw = document.getElementById('report-data')?.textContent ?? '';
function readReport(): ReturnType<typeof ReportData.safeParse> | null {
  try {
    return ReportData.safeParse(JSON.parse(raw));
  } catch {
    return null;
  }
}
const parsed = readReport();
if (root) {
  // Drawn at once, while the script runs: the page is whole by its load event (printToPDF waits on it).
  if (parsed?.success) {
    const data = parsed.data;
    flushSync(() => createRoot(root).render(<ReportPage data={data} />));
  } else root.textContent = 'This report is damaged: ask for a new one.';
}
