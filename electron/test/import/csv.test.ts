import { describe, expect, it } from 'vitest';
import { CsvError, parseCsv } from '../../import/csv.js';

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
