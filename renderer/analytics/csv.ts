/*
 * Pure. CSV as RFC 4180 has it: comma separated, CRLF line ends, a field quoted
 * when it holds a comma, a quote or a line break, with quotes doubled inside.
 */

export type CsvCell = string | number | null | undefined;

function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value;
  // A cell starting with = + - @ is run as a formula by spreadsheets; a leading quote keeps it text.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole file: a header row, then one row per record. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
