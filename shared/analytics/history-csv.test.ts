import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PLATFORM_TYPES } from '../platforms/types.js';
import {
  HistoryCsvError,
  matchHistory,
  MAX_HISTORY_CSV_CHARS,
  parseCount,
  parseHistoryCsv,
  refusalSentences,
  rowList,
  writeHistoryCsv,
  type HistoryCsvLine,
} from './history-csv.js';

const csv = (...lines: string[]) => lines.join('\n');

describe('parseHistoryCsv', () => {
  it('reads a Postdeck file: date, account, platform and metric names in words', () => {
    const t = parseHistoryCsv(
      csv(
        'Date,Account,Platform,Followers,Impressions,Engagements',
        '2026-03-01,Harbor Coffee,Instagram,1200,3400,120',
        '2026-03-02,Harbor Coffee,Instagram,1204,,98',
      ),
    );
    expect(t.refused).toEqual([]);
    expect(t.metrics).toEqual(['followers', 'impressions', 'engagements']);
    expect(t.rows).toEqual([
      {
        row: 2,
        date: '2026-03-01',
        account: 'Harbor Coffee',
        platform: 'instagram',
        metrics: { followers: 1200, impressions: 3400, engagements: 120 },
      },
      // A blank cell is a metric the day does not have, never a zero.
      {
        row: 3,
        date: '2026-03-02',
        account: 'Harbor Coffee',
        platform: 'instagram',
        metrics: { followers: 1204, engagements: 98 },
      },
    ]);
  });

  it('reads the column names other tools export, a BOM, CRLF, semicolons and quoted thousands', () => {
    const t = parseHistoryCsv(
      '\uFEFF"Date";"Profile";"Network";"Fans";"Post Impressions";"Interactions";"Reactions";"Link clicks";"Engagement rate (%)";"Notes"\r\n' +
        '2026-03-01;@harborcoffee;Twitter;"1,204";"3,400";120;80;12;3.5;launch day\r\n',
    );
    expect(t.refused).toEqual([]);
    expect(t.rows[0]).toMatchObject({
      account: '@harborcoffee',
      platform: 'x',
      metrics: { followers: 1204, impressions: 3400, engagements: 120, likes: 80, clicks: 12 },
    });
    // A rate is worked out from its counts, and a note is no metric: both are named as not read.
    expect(t.ignoredColumns).toEqual(['Engagement rate (%)', 'Notes']);
  });

  it('skips a title above the column names, as some exports write one', () => {
    const t = parseHistoryCsv(
      csv(
        'Harbor Coffee: profile report',
        'Period,2026-03-01 to 2026-03-31',
        '',
        'Date,Account,Followers',
        '2026-03-01,A,7',
      ),
    );
    expect(t.rows).toEqual([
      { row: 5, date: '2026-03-01', account: 'A', platform: null, metrics: { followers: 7 } },
    ]);
    expect(() => parseHistoryCsv(csv('Report', 'Date,Followers', '2026-03-01,7'))).toThrow(
      /This file's first row reads: Report\./,
    );
  });

  it('reads "Name (Platform)" when the file has no platform column', () => {
    const t = parseHistoryCsv(csv('date,account,impressions', '2026-03-01,Lumen Labs (LinkedIn page),10'));
    expect(t.rows[0]).toMatchObject({ account: 'Lumen Labs', platform: 'linkedin-page' });
    const plain = parseHistoryCsv(csv('date,account,impressions', '2026-03-01,Lumen (Labs),10'));
    expect(plain.rows[0]).toMatchObject({ account: 'Lumen (Labs)', platform: null });
  });

  it('reads slashed dates only when the file says which part is the day', () => {
    const us = parseHistoryCsv(
      csv('Date,Account,Reach', '03/01/2026,A,1', '03/15/2026,A,2', '2026-03-20 00:00:00,A,3'),
    );
    expect(us.rows.map((r) => r.date)).toEqual(['2026-03-01', '2026-03-15', '2026-03-20']);
    const eu = parseHistoryCsv(csv('Date,Account,Reach', '03/01/2026,A,1', '15/03/2026,A,2'));
    expect(eu.rows.map((r) => r.date)).toEqual(['2026-01-03', '2026-03-15']);
    expect(() => parseHistoryCsv(csv('Date,Account,Reach', '03/01/2026,A,1', '04/02/2026,A,2'))).toThrow(
      /could be read as day\/month or as month\/day/,
    );
    expect(() => parseHistoryCsv(csv('Date,Account,Reach', '13/01/2026,A,1', '01/13/2026,A,2'))).toThrow(
      /mix day-first/,
    );
  });

  it('refuses bad rows with their row numbers and keeps the good ones', () => {
    const t = parseHistoryCsv(
      csv(
        'Date,Account,Impressions,Followers',
        '2026-02-30,A,1,1',
        'yesterday,A,1,1',
        '',
        '2026-03-01,A,-5,1',
        '2026-03-02,A,12.5,1',
        '2026-03-03,A,=1+2,1',
        '2026-03-04,,1,1',
        '2026-03-05,A,,',
        '2026-03-06,A,7,100',
        '2026-03-06,a,8,100',
        '2026-12-01,A,1,1',
        '1985-01-01,A,1,1',
      ),
      { today: '2026-11-28' },
    );
    expect(t.rows.map((r) => r.row)).toEqual([10]);
    expect(t.refused.map((r) => r.row)).toEqual([2, 3, 5, 6, 7, 8, 9, 11, 12, 13]);
    const reason = (row: number) => t.refused.find((r) => r.row === row)!.reason;
    expect(reason(2)).toMatch(/not a day of the calendar/);
    expect(reason(3)).toMatch(/YYYY-MM-DD/);
    expect(reason(5)).toMatch(/Impressions is negative/);
    expect(reason(6)).toMatch(/not a whole number/);
    expect(reason(7)).toMatch(/not a number/);
    expect(reason(8)).toMatch(/account is blank/);
    expect(reason(9)).toMatch(/no numbers/);
    expect(reason(11)).toMatch(/repeats the account and day of row 10/);
    expect(reason(12)).toMatch(/has not come yet/);
    expect(reason(13)).toMatch(/before 1990; check the year/);
  });

  it('refuses a file it cannot read as a whole, saying what to change', () => {
    expect(() => parseHistoryCsv('')).toThrow(/empty/);
    expect(() => parseHistoryCsv(csv('When,Who,Impressions', '2026-03-01,A,1'))).toThrow(
      /one called Date and one called Account.*When, Who, Impressions/,
    );
    expect(() => parseHistoryCsv(csv('Date,Account,Mood', '2026-03-01,A,1'))).toThrow(
      /No column holds a metric/,
    );
    expect(() => parseHistoryCsv(csv('Date,Account,Views,Impressions', '2026-03-01,A,1,2'))).toThrow(
      /Views and Impressions both hold Impressions/,
    );
    expect(() => parseHistoryCsv(csv('Date,Account,Reach', '2026-03-01,"A,1'))).toThrow(/never closed/);
    expect(() => parseHistoryCsv('x'.repeat(MAX_HISTORY_CSV_CHARS + 1))).toThrow(HistoryCsvError);
    expect(() => parseHistoryCsv('x'.repeat(MAX_HISTORY_CSV_CHARS + 1))).toThrow(/larger than 20 MB/);
  });

  it('stops at the row cap instead of reading a huge file whole', () => {
    const body = '2026-03-01,A,1\n'.repeat(200_002);
    expect(() => parseHistoryCsv(`Date,Account,Reach\n${body}`)).toThrow(/more than 200,000 rows/);
  });

  it('reads back a cell written with a formula escape, and never runs one', () => {
    const text = writeHistoryCsv([
      { date: '2026-03-01', account: '=cmd|x', platform: 'x', metrics: { reach: 4 } },
    ]);
    expect(text).toContain("'=cmd|x");
    expect(parseHistoryCsv(text).rows[0]).toMatchObject({ account: '=cmd|x', metrics: { reach: 4 } });
  });
});

describe('parseCount', () => {
  it('takes whole counts as exports write them and refuses the rest', () => {
    expect(parseCount('1,234,567', 'Reach')).toEqual({ ok: true, value: 1234567 });
    expect(parseCount(' 42 ', 'Reach')).toEqual({ ok: true, value: 42 });
    expect(parseCount('42.00', 'Reach')).toEqual({ ok: true, value: 42 });
    expect(parseCount('', 'Reach')).toBeNull();
    for (const bad of ['1,23', '1e5', 'NaN', 'Infinity', '0x10', '−3', '99999999999999999999'])
      expect(parseCount(bad, 'Reach')).toMatchObject({ ok: false });
  });
});

describe('matchHistory', () => {
  const known = [
    { id: 'i1', name: 'Lumen Labs', platform: 'x' },
    { id: 'i2', name: 'Lumen Labs', platform: 'linkedin-page' },
    { id: 'i3', name: 'harborcoffee', platform: 'instagram' },
    { id: 'i4', name: 'harbor.coffee', platform: 'threads' },
  ];
  it('matches by name, narrowed by platform, and says which rows match nothing', () => {
    const t = parseHistoryCsv(
      csv(
        'Date,Account,Platform,Reach',
        '2026-03-01,lumen labs,X,1',
        '2026-03-01,Lumen Labs,,2',
        '2026-03-01,@HarborCoffee,,3',
        '2026-03-01,Nobody,,4',
        '2026-03-01,Lumen Labs,TikTok,5',
        '2026-03-01,Harbor  Coffee,,6',
        '2026-03-01, harbor.coffee ,,7',
      ),
    );
    const m = matchHistory(t.rows, known);
    expect(m.days.map((d) => [d.row, d.integrationId])).toEqual([
      [2, 'i1'],
      [4, 'i3'],
      [8, 'i4'],
    ]);
    expect(m.accounts.map((a) => a.id)).toEqual(['i1', 'i3', 'i4']);
    expect(m.refused).toEqual([
      {
        row: 3,
        reason:
          'Several accounts of this brand are called "Lumen Labs" (on X and LinkedIn page); add a Platform column, or write "Lumen Labs (X)", to say which.',
      },
      { row: 5, reason: 'No account of this brand is called "Nobody".' },
      { row: 6, reason: 'No TikTok account of this brand is called "Lumen Labs".' },
      // Punctuation counts: "Harbor Coffee" is not "harborcoffee" nor "harbor.coffee".
      { row: 7, reason: 'No account of this brand is called "Harbor  Coffee".' },
    ]);
  });
});

describe('saying what happened', () => {
  it('lists rows as runs and groups refusals by reason', () => {
    expect(rowList([9, 2, 3, 4])).toBe('rows 2–4 and 9');
    expect(rowList([7])).toBe('row 7');
    expect(
      refusalSentences([
        { row: 2, reason: 'No account of this brand is called "Foo".' },
        { row: 3, reason: 'No account of this brand is called "Foo".' },
        { row: 9, reason: 'The date is blank.' },
      ]),
    ).toEqual(['Rows 2–3: No account of this brand is called "Foo".', 'Row 9: The date is blank.']);
  });
});

describe('round trip', () => {
  const day = fc
    .date({
      min: new Date('2000-01-01T00:00:00Z'),
      max: new Date('2030-12-31T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString().slice(0, 10));
  // Any name a person may give an account, quotes, delimiters, line breaks and formula starts
  // included; surrounding spaces are not kept (a cell is trimmed).
  const name = fc
    .string({
      minLength: 1,
      maxLength: 30,
      unit: fc.constantFrom('a', 'Z', ' ', ',', ';', '"', '\n', '=', '@', '+', '-', "'", 'é', '(', ')', '\t'),
    })
    .map((s) => s.trim())
    .filter((s) => s !== '' && !/^'+$/.test(s) && !s.startsWith("'"));
  const metrics = fc
    .record(
      {
        followers: fc.nat({ max: 10_000_000 }),
        impressions: fc.nat({ max: 10_000_000 }),
        reach: fc.nat(),
        engagements: fc.nat(),
        videoViews: fc.nat(),
      },
      { requiredKeys: [] },
    )
    .filter((m) => Object.keys(m).length > 0);
  const line = fc.record({
    date: day,
    account: name,
    platform: fc.constantFrom(...PLATFORM_TYPES),
    metrics,
  });

  it('reads back any valid table it writes', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(line, {
          minLength: 1,
          maxLength: 30,
          selector: (l) =>
            `${l.account
              .toLowerCase()
              .replace(/[^\p{L}\p{N}]+/gu, ' ')
              .trim()}|${l.platform}|${l.date}`,
        }),
        (lines: HistoryCsvLine[]) => {
          const table = parseHistoryCsv(writeHistoryCsv(lines));
          expect(table.refused).toEqual([]);
          expect(
            table.rows.map(({ date, account, platform, metrics: m }) => ({
              date,
              account,
              platform,
              metrics: m,
            })),
          ).toEqual(lines);
        },
      ),
      { numRuns: 200 },
    );
  });
});
