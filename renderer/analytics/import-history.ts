import type { HistoryImportResult } from '../../shared/analytics/ipc.js';
import { refusalSentences } from '../../shared/analytics/history-csv.js';
import { accountWithPlatform } from '../../shared/platforms/names.js';
import { rangeLabel } from './view-model.js';

/*
 * What an import of past history did, in words a person reads: how many days for which accounts
 * over which dates, what was left as the service had it, which rows were skipped and why, and
 * which columns were not read.
 */

const count = (n: number, one: string, many: string) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

function listed(names: readonly string[], most = 4): string {
  const shown = names.length > most ? [...names.slice(0, most), `${names.length - most} more`] : [...names];
  return shown.length > 1 ? `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}` : (shown[0] ?? '');
}

export interface ImportSummary {
  /** The first line: what was imported (or that nothing was). */
  headline: string;
  /** Further lines: days left as the service had them, columns not read. */
  notes: string[];
  /** Why rows were skipped, one line per reason with its rows. */
  skipped: string[];
}

export function importSummary(r: HistoryImportResult): ImportSummary {
  const skippedRows = r.refusedCount > 0 ? `; ${count(r.refusedCount, 'row', 'rows')} skipped` : '';
  const written = r.daysWritten + r.keptFromService;
  const names = r.accounts.map((a) => accountWithPlatform(a.name, a.platform));
  const headline =
    written === 0
      ? `Nothing was imported${skippedRows}${r.refusedCount > 0 ? ':' : '.'}`
      : `Imported ${count(r.daysWritten, 'day', 'days')} for ${count(r.accounts.length, 'account', 'accounts')} (${listed(names)})` +
        `${r.firstDay && r.lastDay ? `, ${rangeLabel({ from: r.firstDay, to: r.lastDay })}` : ''}${skippedRows}${r.refusedCount > 0 ? ':' : '.'}`;
  const notes: string[] = [];
  if (r.keptFromService > 0)
    notes.push(
      `${count(r.keptFromService, 'day', 'days')} already held the service’s own numbers and kept them.`,
    );
  if (r.ignoredColumns.length > 0) {
    const rates = r.ignoredColumns.some((c) => /\brate\b/i.test(c));
    notes.push(
      `Columns not read: ${listed(r.ignoredColumns, 6)}.${rates ? ' Rates are worked out from their counts.' : ''}`,
    );
  }
  const skipped = refusalSentences(r.refused);
  if (r.refusedCount > r.refused.length)
    skipped.push(`${(r.refusedCount - r.refused.length).toLocaleString()} more rows were skipped.`);
  return { headline, notes, skipped };
}
