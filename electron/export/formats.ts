import ical from 'ical-generator';
import type { ExportFormat } from '../../shared/export/ipc.js';
import { csvCells, csvColumns, jsonObject, type PostRecord } from '../../shared/posts-file/columns.js';
import { writeCsv } from '../import/csv.js';

/*
 * Pure. The bytes of an export: CSV and JSON in exactly the columns import reads
 * (shared/posts-file/columns.ts), and iCalendar (RFC 5545) through ical-generator, one event per
 * row, for calendar apps (read-only there: .ics does not import back).
 */

/** How long an event lasts in a calendar app: a post is an instant, shown as a short block. */
const EVENT_MINUTES = 15;

export interface ExportMeta {
  brandName: string;
  timezone: string;
  now: Date;
}

export function toCsv(records: readonly PostRecord[]): string {
  // A BOM makes Excel read the file as UTF-8 (without it, Excel on Windows assumes its ANSI code page).
  return `\uFEFF${writeCsv(csvColumns(records), records.map(csvCells))}\r\n`;
}

export function toJson(records: readonly PostRecord[], meta: ExportMeta): string {
  const file = {
    exportedBy: 'Postdeck',
    exportedAt: meta.now.toISOString(),
    brand: meta.brandName,
    timezone: meta.timezone,
    posts: records.map(jsonObject),
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

function eventSummary(record: PostRecord): string {
  const first = (record.blocks[0]?.text ?? '').split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
  const line = first.length > 80 ? `${first.slice(0, 79)}…` : first;
  const who = record.accounts.map((a) => a.name).join(', ');
  return line ? `${line} (${who})` : `Post (${who})`;
}

function eventDescription(record: PostRecord): string {
  const parts = record.blocks.map((b, i) => {
    const head = record.blocks.length > 1 ? `${i + 1}/${record.blocks.length}\n` : '';
    const media = b.media.length > 0 ? `\nMedia: ${b.media.join(' ')}` : '';
    return `${head}${b.text}${media}`;
  });
  const accounts = `Accounts: ${record.accounts.map((a) => a.name).join(', ')}`;
  const brand = record.brand ? [`Brand: ${record.brand}`] : [];
  return [...parts, accounts, ...brand, `State: ${record.state}`].join('\n\n');
}

export function toIcs(records: readonly PostRecord[], meta: ExportMeta): string {
  const calendar = ical({
    name: `Postdeck: ${meta.brandName}`,
    prodId: { company: 'Postdeck', product: 'Postdeck', language: 'EN' },
  });
  for (const record of records) {
    const start = new Date(Date.parse(record.date));
    calendar.createEvent({
      id: `${record.postIds[0] ?? start.getTime()}@postdeck`,
      start,
      end: new Date(start.getTime() + EVENT_MINUTES * 60_000),
      stamp: meta.now,
      summary: eventSummary(record),
      description: eventDescription(record),
      categories: [{ name: record.state }],
    });
  }
  return calendar.toString();
}

export function render(format: ExportFormat, records: readonly PostRecord[], meta: ExportMeta): string {
  if (format === 'csv') return toCsv(records);
  if (format === 'json') return toJson(records, meta);
  return toIcs(records, meta);
}

export const EXTENSION: Record<ExportFormat, string> = { ics: 'ics', csv: 'csv', json: 'json' };
