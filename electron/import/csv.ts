import Papa from 'papaparse';

/*
 * Pure. Reads CSV as spreadsheets write it, with papaparse: the delimiter is
 * detected (comma; semicolon, as Excel writes where the comma is the decimal mark; tab), quoted
 * fields may hold delimiters, line breaks and doubled quotes, lines end in CRLF, LF or CR, and a
 * byte-order mark is ignored. A stray quote inside an unquoted field is kept as text.
 */

export class CsvError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
    this.name = 'CsvError';
  }
}

export const CSV_DELIMITERS = [',', ';', '\t'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

export interface CsvRecords {
  records: string[][];
  delimiter: CsvDelimiter;
}

/**
 * A cell a spreadsheet program would run as a formula (OWASP's CSV injection: `= + - @`, tab, CR)
 * is written with a leading apostrophe, as papaparse's `escapeFormulae` does, and read back without
 * it. Cells already starting with apostrophes before such a character get one more, so a text that
 * itself starts with `'=` also comes back exactly. (papaparse's own pattern ends in `.*$`, which
 * misses a cell whose formula is followed by a line break: hence this one.)
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/** A cell as written, without the apostrophe writeCsv added before a formula character. */
export function unescapeFormula(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell) ? cell.slice(1) : cell;
}

/** The file's records as arrays of cells, and the delimiter found; blank lines are skipped. */
export function readCsv(input: string): CsvRecords {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const parsed = Papa.parse<string[]>(text, {
    delimitersToGuess: [...CSV_DELIMITERS],
    skipEmptyLines: true,
  });
  const unclosed = parsed.errors.find((e) => e.code === 'MissingQuotes');
  if (unclosed) {
    const at = unclosed.index ?? text.length;
    const line = text.slice(0, at).split(/\r\n|\r|\n/).length;
    throw new CsvError(`A quoted cell opened on line ${line} is never closed; add the closing ".`, line);
  }
  const found = parsed.meta.delimiter;
  const delimiter = CSV_DELIMITERS.find((d) => d === found) ?? ',';
  return { records: parsed.data.map((row) => row.map(unescapeFormula)), delimiter };
}

/** The file's records as arrays of cells; blank lines are skipped. */
export function parseCsv(input: string): string[][] {
  return readCsv(input).records;
}

/** Writes records as CSV (comma, CRLF, quoted where needed, formulas escaped) with papaparse. */
export function writeCsv(columns: readonly string[], rows: readonly Record<string, string>[]): string {
  return Papa.unparse(
    { fields: [...columns], data: rows.map((row) => columns.map((c) => row[c] ?? '')) },
    { newline: '\r\n', quotes: false, escapeFormulae: FORMULA_START },
  );
}
