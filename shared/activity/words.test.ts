import { describe, expect, it } from 'vitest';
import { ActivityChange, ActivityOrigin, ActivityWho, loggedText, MAX_LOGGED_TEXT } from './model.js';
import { describeChange, describeEntry, describeOrigin, describeWho } from './words.js';

/* Every kind of entry reads as human words: no enum value, no id, no empty sentence. */

const time = (iso: string) => `at ${iso.slice(11, 16)}`;
const AT = '2026-12-01T09:00:00.000Z';
const LATER = '2026-12-02T10:30:00.000Z';

const CHANGES: ActivityChange[] = [
  { kind: 'created', text: 'Fresh roast', date: AT, accounts: ['Harbor Coffee'] },
  {
    kind: 'edited',
    textBefore: 'Old',
    textAfter: 'New',
    dateBefore: AT,
    dateAfter: LATER,
    accountsBefore: ['A'],
    accountsAfter: ['A', 'B'],
  },
  { kind: 'moved', from: AT, to: LATER },
  { kind: 'deleted', text: 'Gone' },
  { kind: 'restored' },
  { kind: 'labels', before: [], after: ['Spring'] },
  { kind: 'category', before: null, after: 'Tips' },
  { kind: 'review', state: 'changesRequested', comment: 'Warmer', changedSince: false },
  { kind: 'confirmed', what: 'create', posts: 2 },
  { kind: 'refused', what: 'reschedule', reason: 'The post does not exist.' },
  { kind: 'willRetry', reason: 'The service did not answer.' },
  { kind: 'retried' },
  { kind: 'discarded', what: 'create', puttingRight: true },
  { kind: 'decided', action: 'reschedule', date: LATER },
];

const ORIGINS: ActivityOrigin[] = ActivityOrigin.options.map((o) => {
  const kind = o.shape.kind.value;
  if (kind === 'import') return { kind, file: 'december.csv' };
  if (kind === 'reviewReply') return { kind, packDate: AT };
  return { kind } as ActivityOrigin;
});

const WHO: ActivityWho[] = [
  { kind: 'connectionUser', name: 'Ana', source: 'service' },
  { kind: 'connectionUser', name: 'Agency laptop', source: 'connectionName' },
  { kind: 'approver', name: 'Jo' },
  { kind: 'approver', name: null },
  { kind: 'service' },
];

/** Words a machine would write: camelCase enum values and the like. */
const MACHINE = /\b[a-z]+[A-Z][a-zA-Z]*\b|undefined|null|\[object/;

describe('activity words', () => {
  it('write every change, origin and who as plain words', () => {
    expect(CHANGES.map((c) => c.kind).sort()).toEqual(
      ActivityChange.options.map((o) => o.shape.kind.value).sort(),
    );
    for (const change of CHANGES) {
      ActivityChange.parse(change);
      const text = describeChange(change, time);
      expect(text.length, change.kind).toBeGreaterThan(5);
      expect(text, change.kind).not.toMatch(MACHINE);
    }
    for (const origin of ORIGINS) {
      const text = describeOrigin(origin, time);
      expect(text.length, origin.kind).toBeGreaterThan(3);
      expect(text, origin.kind).not.toMatch(MACHINE);
    }
    for (const who of WHO) expect(describeWho(who)).not.toMatch(MACHINE);
  });

  it('says the move with its times, where it came from and which kind of name "who" is', () => {
    const line = describeEntry(
      {
        id: 'e1',
        brand: { profileId: 'p', brandId: 'b' },
        group: 'g',
        at: AT,
        who: { kind: 'connectionUser', name: 'Ana', source: 'service' },
        origin: { kind: 'drag' },
        change: { kind: 'moved', from: AT, to: LATER },
      },
      time,
    );
    expect(line).toBe('Moved from at 09:00 to at 10:30 by dragging in the calendar · Ana (connection user)');
    expect(describeOrigin({ kind: 'import', file: 'december.csv' }, time)).toBe('by importing december.csv');
    expect(describeWho({ kind: 'connectionUser', name: 'Laptop', source: 'connectionName' })).toContain(
      'the service named no user',
    );
  });

  it('keeps a long text bounded', () => {
    const long = loggedText('x'.repeat(MAX_LOGGED_TEXT * 2));
    expect(long.length).toBe(MAX_LOGGED_TEXT);
    expect(ActivityChange.safeParse({ kind: 'deleted', text: long }).success).toBe(true);
  });
});
