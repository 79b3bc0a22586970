/*
 * Runs anywhere (pure). An RFC 4180 CSV reader: quoted fields may hold commas, line breaks and
 * doubled quotes; lines end in CRLF or LF; a UTF-8 byte-order mark is ignored. Spreadsheet exports
 * vary, so a stray quote inside an unquoted field is kept as text rather than refused.
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

/** The file's records as arrays of cells; blank lines are skipped. */
export function parseCsv(input: string): string[][] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  let wasQuoted = false;
  let line = 1;
  let quoteLine = 1;
  const endCell = () => {
    record.push(cell);
    cell = '';
    wasQuoted = false;
  };
  const endRecord = () => {
    endCell();
    if (record.length > 1 || record[0] !== '') records.push(record);
    record = [];
  };
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 1;
        } else {
          quoted = false;
        }
      } else {
        if (ch === '\n') line += 1;
        cell += ch;
      }
      continue;
    }
    if (ch === '"' && cell === '' && !wasQuoted) {
      quoted = true;
      wasQuoted = true;
      quoteLine = line;
    } else if (ch === ',') {
      endCell();
    } else if (ch === '\r' && text[i + 1] === '\n') {
      // CRLF: the LF ends the record.
    } else if (ch === '\n' || ch === '\r') {
      endRecord();
      line += 1;
    } else {
      cell += ch;
    }
  }
  if (quoted)
    throw new CsvError(
      `A quoted cell opened on line ${quoteLine} is never closed; add the closing ".`,
      quoteLine,
    );
  if (cell !== '' || record.length > 0) endRecord();
  return records;
}
