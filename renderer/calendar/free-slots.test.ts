import { describe, expect, it } from 'vitest';
import type { CalendarPost } from '../../shared/posts/ipc.js';
import type { QueueSlotsView } from '../../shared/queue/ipc.js';
import { freeSlotEvents, slotSources } from './free-slots.js';

const NY = 'America/New_York';

const view = (slots: QueueSlotsView['slots'], integrationId: string | null = null): QueueSlotsView => ({
  integrationId,
  slots,
  inherited: false,
  timezone: NY,
});

const post = (id: string, account: string, publishDate: string): CalendarPost => ({
  id,
  group: id,
  state: 'scheduled',
  publishDate,
  integration: { id: account, platform: 'x', name: account, picture: null },
  content: id,
  blockCount: 1,
  groupSize: 1,
  pending: false,
  localOnly: false,
  error: null,
  releaseURL: null,
});

const wallText = (d: Date) => `${d.getDate()} ${d.getHours()}:${String(d.getMinutes()).padStart(2, '0')}`;

// Monday 2026-03-02 to Sunday 2026-03-08 in New York; clocks spring forward on the Sunday at 02:00.
const week = { start: '2026-03-02T05:00:00.000Z', end: '2026-03-09T03:59:59.999Z' };

describe('freeSlotEvents', () => {
  it('draws the brand default slots at their New York wall times, without busy or past ones', () => {
    const slots = view([
      { weekday: 1, time: '09:00' }, // Mon 2 Mar, 14:00Z: taken by a post
      { weekday: 3, time: '09:00' }, // Wed 4 Mar, 14:00Z: in the past for `now`
      { weekday: 5, time: '17:30' }, // Fri 6 Mar, 22:30Z
      { weekday: 0, time: '09:00' }, // Sun 8 Mar, after the jump: 13:00Z
    ]);
    const posts = [
      post('a', 'acc', '2026-03-02T14:00:00.000Z'),
      post('b', 'acc', '2026-03-05T10:00:00.000Z'),
    ];
    const now = Date.parse('2026-03-04T15:00:00.000Z');
    const events = freeSlotEvents(slotSources(slots, [], [], posts), week, now, NY, 30);
    expect(events.map((e) => e.instant.toISOString())).toEqual([
      '2026-03-06T22:30:00.000Z',
      '2026-03-08T13:00:00.000Z',
    ]);
    expect(events.map((e) => wallText(e.start))).toEqual(['6 17:30', '8 9:00']);
    expect(events.map((e) => (e.end.getTime() - e.start.getTime()) / 60_000)).toEqual([30, 30]);
  });

  it('with accounts chosen, uses each account’s own slots, busy only with its own posts, once per time', () => {
    const a = view([{ weekday: 2, time: '10:00' }], 'a');
    const b = view(
      [
        { weekday: 2, time: '10:00' },
        { weekday: 4, time: '08:15' },
      ],
      'b',
    );
    // Account a has a post at Tue 10:00; b does not, so the slot stays free (for b), drawn once.
    const posts = [post('p', 'a', '2026-03-03T15:00:00.000Z')];
    const events = freeSlotEvents(slotSources(view([]), ['a', 'b'], [a, b], posts), week, 0, NY, 30);
    expect(events.map((e) => wallText(e.start))).toEqual(['3 10:00', '5 8:15']);

    // Both accounts busy at Tue 10:00: no slot there.
    const both = [...posts, post('q', 'b', '2026-03-03T15:00:00.000Z')];
    const busy = freeSlotEvents(slotSources(view([]), ['a', 'b'], [a, b], both), week, 0, NY, 30);
    expect(busy.map((e) => wallText(e.start))).toEqual(['5 8:15']);
  });

  it('draws nothing for a source whose slots are not loaded yet', () => {
    expect(freeSlotEvents(slotSources(undefined, [], [], []), week, 0, NY, 30)).toEqual([]);
  });
});
