import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarPost } from '../../../test/support/calendar-post.js';
import type { PostDetail } from '../../../shared/api/resources.js';
import type { CalendarPost } from '../../../shared/posts/ipc.js';
import { csvCells, csvColumns, type PostRecord } from '../../../shared/posts-file/columns.js';
import { toCsv, toIcs, toJson } from '../../export/formats.js';
import { postRecords, zonedIso } from '../../export/post-records.js';
import { readCsv } from '../../import/csv.js';

/* The bytes of an export, checked by reading them back: CSV with the import's reader, .ics with ical.js. */

const META = { brandName: 'Harbor Coffee', timezone: 'Europe/Berlin', now: new Date('2026-11-23T12:00:00Z') };

function post(id: string, over: Partial<CalendarPost> & { platform?: string } = {}): CalendarPost {
  const { platform = 'x', ...rest } = over;
  return calendarPost({
    id,
    group: 'g1',
    publishDate: '2027-01-10T08:30:00.000Z',
    integration: { id: `int-${id}`, platform, name: `Account ${id}`, picture: null },
    ...rest,
  });
}

function detail(
  p: CalendarPost,
  blocks: string[],
  settings: Record<string, unknown> = {},
  media: string[] = [],
): PostDetail {
  return {
    id: p.id,
    group: p.group ?? p.id,
    state: p.state,
    publishDate: p.publishDate,
    integration: { id: p.integration.id, platform: p.integration.platform ?? undefined },
    value: blocks.map((content, i) => ({
      content,
      image: i === 0 ? media.map((path, n) => ({ id: `m${n}`, path })) : [],
    })),
    settings: { __type: p.integration.platform ?? 'x', ...settings },
  };
}

const RECORD: PostRecord = {
  blocks: [
    {
      text: 'Café; crème, "flat white"\\backslash\nnew line 🔥 ' + 'long '.repeat(40),
      media: ['https://cdn.example/a.png'],
    },
    { text: 'Second block', media: [] },
  ],
  accounts: [
    { id: 'int-1', name: 'Harbor, Coffee' },
    { id: 'int-2', name: 'Maya Chen' },
  ],
  date: '2027-01-10T09:30:00+01:00',
  settings: { youtube: { title: 'Tour', type: 'public' } },
  state: 'scheduled',
  postIds: ['p1', 'p2'],
};

describe('postRecords', () => {
  it('makes one row of the posts of a send that share time, text and settings, and splits the rest', () => {
    const a = post('a');
    const b = post('b', { platform: 'linkedin' });
    const c = post('c'); // same platform as a, other settings
    const d = post('d', { publishDate: '2027-01-11T08:30:00.000Z' }); // moved on its own
    const records = postRecords(
      [
        { post: b, detail: detail(b, ['Hello']) },
        { post: a, detail: detail(a, ['Hello'], { reply: 'everyone' }) },
        { post: c, detail: detail(c, ['Hello'], { reply: 'following' }) },
        { post: d, detail: detail(d, ['Hello'], { reply: 'everyone' }) },
      ],
      'Europe/Berlin',
    );
    expect(records.map((r) => [r.accounts.map((x) => x.id), r.date, r.settings])).toEqual([
      [['int-a', 'int-b'], '2027-01-10T09:30:00+01:00', { x: { reply: 'everyone' } }],
      [['int-c'], '2027-01-10T09:30:00+01:00', { x: { reply: 'following' } }],
      [['int-d'], '2027-01-11T09:30:00+01:00', { x: { reply: 'everyone' } }],
    ]);
  });

  it('keeps threads and media from the detail, and falls back to the calendar copy without one', () => {
    const a = post('a', { blockCount: 2 });
    const b = post('b', { group: 'g2', content: 'Only the first block' });
    const [withDetail, without] = postRecords(
      [
        { post: a, detail: detail(a, ['One', 'Two'], {}, ['https://cdn.example/x.png']) },
        { post: b, detail: null },
      ],
      'UTC',
    );
    expect(withDetail?.blocks).toEqual([
      { text: 'One', media: ['https://cdn.example/x.png'] },
      { text: 'Two', media: [] },
    ]);
    expect(without?.blocks).toEqual([{ text: 'Only the first block', media: [] }]);
  });
});

describe('zonedIso', () => {
  it('writes the brand zone’s offset, summer and winter, and UTC with milliseconds', () => {
    expect(zonedIso('2027-01-10T08:30:00.000Z', 'Europe/Berlin')).toBe('2027-01-10T09:30:00+01:00');
    expect(zonedIso('2027-07-10T08:30:00.000Z', 'Europe/Berlin')).toBe('2027-07-10T10:30:00+02:00');
    expect(zonedIso('2027-07-10T08:30:00.000Z', 'America/New_York')).toBe('2027-07-10T04:30:00-04:00');
    expect(zonedIso('2027-07-10T08:30:00.250Z', 'Europe/Berlin')).toBe('2027-07-10T08:30:00.250Z');
  });
});

describe('CSV and JSON', () => {
  it('CSV reads back with the import’s reader into the same cells', () => {
    const text = toCsv([RECORD]);
    expect(text.startsWith('\uFEFF')).toBe(true);
    const { records, delimiter } = readCsv(text);
    expect(delimiter).toBe(',');
    const [header, row] = records;
    expect(header).toEqual(csvColumns([RECORD]));
    expect(Object.fromEntries(header!.map((c, i) => [c, row![i]]))).toEqual(csvCells(RECORD));
  });

  it('JSON holds the posts with a thread as a list', () => {
    const file = JSON.parse(toJson([RECORD], META)) as { posts: Record<string, unknown>[]; timezone: string };
    expect(file.timezone).toBe('Europe/Berlin');
    expect(file.posts[0]).toMatchObject({
      thread: RECORD.blocks.map((b) => b.text),
      accounts: ['int-1', 'int-2'],
      date: RECORD.date,
      media: ['https://cdn.example/a.png'],
      settings: RECORD.settings,
    });
  });
});

describe('.ics (RFC 5545)', () => {
  const text = toIcs([RECORD], META);

  it('ends lines in CRLF and folds them at 75 octets, never inside a character', () => {
    const lines = text.split('\r\n');
    expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(lines.some((l) => l.startsWith(' '))).toBe(true);
    expect(text).not.toContain('\uFFFD');
  });

  it('escapes commas, semicolons, backslashes and line breaks, and parses back to the same text', () => {
    expect(text).toContain('Café\\; crème\\, "flat white"\\\\backslash\\nnew line');
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Postdeck: Harbor Coffee');
    const [vevent] = calendar.getAllSubcomponents('vevent');
    const event = new ICAL.Event(vevent);
    expect(event.uid).toBe('p1@postdeck');
    expect(event.startDate.toJSDate().toISOString()).toBe('2027-01-10T08:30:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2027-01-10T08:45:00.000Z');
    expect(event.summary).toBe('Café; crème, "flat white"\\backslash (Harbor, Coffee, Maya Chen)');
    expect(event.description).toContain(RECORD.blocks[0]!.text);
    expect(event.description).toContain('Media: https://cdn.example/a.png');
    expect(event.description).toContain('2/2\nSecond block');
  });
});
