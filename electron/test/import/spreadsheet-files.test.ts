import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCsv } from '../../import/csv.js';
import { decodeText } from '../../import/decode.js';
import { readImportFile } from '../../import/import-file.js';

/*
 * Files as spreadsheets write them, byte for byte: the encodings Excel, LibreOffice and Numbers
 * save, and the delimiters they use, read into the same rows.
 */

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'postdeck-spreadsheet-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const CSV = 'text,accounts,date\r\n"Café crème, à emporter",Harbor Coffee,2027-03-02 09:30\r\n';
const ROW = { text: 'Café crème, à emporter', accounts: 'Harbor Coffee', date: '2027-03-02 09:30' };

const utf16le = (s: string) => Buffer.from(s, 'utf16le');
const utf16be = (s: string) => {
  const le = utf16le(s);
  for (let i = 0; i < le.length; i += 2) [le[i], le[i + 1]] = [le[i + 1]!, le[i]!];
  return le;
};
/** Windows-1252 of Latin-1 text: one byte per character (é is 0xE9). */
const cp1252 = (s: string) => Buffer.from(s, 'latin1');

async function read(name: string, bytes: Uint8Array) {
  const path = join(dir, name);
  await writeFile(path, bytes);
  return readImportFile(path);
}

describe('decodeText', () => {
  it.each([
    ['UTF-8 without BOM', Buffer.from(CSV, 'utf8'), 'utf-8'],
    ['UTF-8 with BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(CSV, 'utf8')]), 'utf-8'],
    ['UTF-16 LE with BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), utf16le(CSV)]), 'utf-16le'],
    ['UTF-16 BE with BOM', Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(CSV)]), 'utf-16be'],
    ['UTF-16 LE without BOM', utf16le(CSV), 'utf-16le'],
    ['UTF-16 BE without BOM', utf16be(CSV), 'utf-16be'],
    ['Windows-1252', cp1252(CSV), 'windows-1252'],
  ])('reads %s', (_name, bytes, encoding) => {
    const decoded = decodeText(bytes);
    expect(decoded.encoding).toBe(encoding);
    expect(decoded.text).toBe(CSV);
  });

  it('reads Windows-1252 bytes that are not Latin-1 (€ is 0x80, “ ” are 0x93 0x94)', () => {
    expect(decodeText(Uint8Array.from([0x80, 0x20, 0x93, 0x68, 0x69, 0x94, 0x20, 0xe9]))).toEqual({
      text: '€ “hi” é',
      encoding: 'windows-1252',
    });
  });

  it('takes an empty file as empty UTF-8', () => {
    expect(decodeText(new Uint8Array())).toEqual({ text: '', encoding: 'utf-8' });
  });
});

describe('readCsv delimiters', () => {
  it('finds semicolons, tabs and commas, with quoted delimiters and line breaks inside cells', () => {
    expect(readCsv('a;b\n"1;x";"2\nnext"\n')).toEqual({
      records: [
        ['a', 'b'],
        ['1;x', '2\nnext'],
      ],
      delimiter: ';',
    });
    expect(readCsv('a\tb\n"1\tx"\t2\n').delimiter).toBe('\t');
    expect(readCsv('a,b\n1,"x;y;z"\n2,"p;q"\n')).toEqual({
      records: [
        ['a', 'b'],
        ['1', 'x;y;z'],
        ['2', 'p;q'],
      ],
      delimiter: ',',
    });
  });
});

describe('readImportFile on spreadsheet exports', () => {
  it.each([
    ['utf8-bom.csv', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(CSV, 'utf8')])],
    ['utf16le.csv', Buffer.concat([Buffer.from([0xff, 0xfe]), utf16le(CSV)])],
    ['utf16be.csv', Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(CSV)])],
    ['cp1252.csv', cp1252(CSV)],
    [
      'tabs.txt.csv',
      Buffer.concat([
        Buffer.from([0xff, 0xfe]),
        utf16le(
          CSV.replaceAll(',H', '\tH')
            .replaceAll(',2', '\t2')
            .replace('text,accounts,date', 'text\taccounts\tdate'),
        ),
      ]),
    ],
  ])('%s reads as the same row', async (name, bytes) => {
    const file = await read(name, bytes);
    expect(file.columns).toEqual(['text', 'accounts', 'date']);
    expect(file.rows).toEqual([ROW]);
  });

  it('reads a German Excel file: Windows-1252, semicolons, a quoted line break, a decimal comma', async () => {
    // What Excel on a German Windows writes for "CSV (Trennzeichen-getrennt)".
    const german = [
      'text;accounts;date;settings.youtube.title',
      '"Neue Röstung: 2,5 kg für Größen ab 250 g.',
      'Mehr im Café!";Harbor Coffee;2027-03-02 09:30;Rösterei',
      'Öffnungszeiten übers Wochenende;Harbor Coffee Roasters;2027-03-06 08:00;',
      '',
    ].join('\r\n');
    const file = await read('german-excel.csv', cp1252(german));
    expect(file.encoding).toBe('windows-1252');
    expect(file.delimiter).toBe(';');
    expect(file.columns).toEqual(['text', 'accounts', 'date', 'settings.youtube.title']);
    expect(file.rows).toEqual([
      {
        text: 'Neue Röstung: 2,5 kg für Größen ab 250 g.\r\nMehr im Café!',
        accounts: 'Harbor Coffee',
        date: '2027-03-02 09:30',
        'settings.youtube.title': 'Rösterei',
      },
      {
        text: 'Öffnungszeiten übers Wochenende',
        accounts: 'Harbor Coffee Roasters',
        date: '2027-03-06 08:00',
        'settings.youtube.title': '',
      },
    ]);
  });

  it('reads the sample file as comma-separated UTF-8', async () => {
    const file = await readImportFile(join(import.meta.dirname, '../../../samples/posts-sample.csv'));
    expect(file.delimiter).toBe(',');
    expect(file.encoding).toBe('utf-8');
    expect(file.rows).toHaveLength(9);
    expect(file.rows[0]?.accounts).toBe('Harbor Coffee;Maya Chen');
  });
});
