import type { HistoryImportResult } from '../../shared/analytics/ipc.js';
import {
  HistoryCsvError,
  matchHistory,
  MAX_HISTORY_CSV_CHARS,
  parseHistoryCsv,
  type KnownAccount,
} from '../../shared/analytics/history-csv.js';
import { addDays } from '../../shared/analytics/ranges.js';
import type { BrandRef } from '../../shared/ipc/models.js';
import { AppFailure } from '../core/app-failure.js';
import { NotRegularFileError, openRegularFile } from '../files/open-regular.js';
import { decodeText } from '../import/decode.js';
import type { AnalyticsRepo } from './analytics-repo.js';

/*
 * The one door past history comes in by: a CSV the user chose ("Import history…") and the built-in
 * sandbox's first year both go through `importText`, so the sandbox shows exactly what an import
 * does. The file is read, checked row by row, matched to the brand's accounts, and written in one
 * transaction; refused rows are answered with their row numbers and reasons, and lose nothing else.
 */

/** Refused rows sent back at most (the count says how many in all): enough to show what to fix. */
const MAX_REFUSED_SHOWN = 2_000;
/** A file's bytes at most: its text is capped by the parser too; UTF-16 takes twice the bytes. */
const MAX_HISTORY_FILE_BYTES = MAX_HISTORY_CSV_CHARS * 2;

export interface HistoryImportDeps {
  repo: AnalyticsRepo;
  now: () => Date;
  /** The brand's accounts a row may name: the calendar's and those with kept history. */
  accountsOf: (brand: BrandRef) => KnownAccount[];
}

export class HistoryImport {
  constructor(private readonly deps: HistoryImportDeps) {}

  /** Reads, checks, matches and keeps a history CSV's text for the brand. */
  importText(brand: BrandRef, text: string): HistoryImportResult {
    const now = this.deps.now();
    // Days count in UTC, as the service's daily series does; a zone east of UTC is a day ahead.
    const today = addDays(now.toISOString().slice(0, 10), 1);
    let table;
    try {
      table = parseHistoryCsv(text, { today });
    } catch (error) {
      if (error instanceof HistoryCsvError) throw new AppFailure('INVALID_ARGUMENT', error.message);
      throw error;
    }
    const known = this.deps.accountsOf(brand);
    const match = matchHistory(table.rows, known);
    const { written, keptFromService } = this.deps.repo.importDays(
      brand,
      match.accounts.map((a) => ({ integrationId: a.id, name: a.name, platform: a.platform })),
      match.days,
      now,
    );
    const refused = [...table.refused, ...match.refused].sort((a, b) => a.row - b.row);
    let firstDay: string | null = null;
    let lastDay: string | null = null;
    for (const d of match.days) {
      if (firstDay === null || d.date < firstDay) firstDay = d.date;
      if (lastDay === null || d.date > lastDay) lastDay = d.date;
    }
    return {
      daysWritten: written,
      keptFromService,
      accounts: match.accounts.map((a) => ({ name: a.name, platform: a.platform })),
      firstDay,
      lastDay,
      refused: refused.slice(0, MAX_REFUSED_SHOWN),
      refusedCount: refused.length,
      ignoredColumns: table.ignoredColumns,
    };
  }
}

/** Reads a history file the user chose, once, checked as opened, in the encoding it was saved in. */
export async function readHistoryFile(path: string): Promise<string> {
  let opened;
  try {
    opened = await openRegularFile(path);
  } catch (error) {
    throw new AppFailure(
      'INVALID_ARGUMENT',
      error instanceof NotRegularFileError
        ? 'This is not a file (a folder, a pipe or a device); choose a CSV file.'
        : 'This file could not be opened; it may have been moved or deleted. Choose it again.',
    );
  }
  try {
    if (opened.size > MAX_HISTORY_FILE_BYTES)
      throw new AppFailure(
        'INVALID_ARGUMENT',
        `This file is larger than ${MAX_HISTORY_CSV_CHARS / 1024 / 1024} MB; split it into several files (a year or a few accounts each).`,
      );
    const bytes = await opened.handle.readFile();
    return decodeText(bytes).text;
  } finally {
    await opened.handle.close();
  }
}
