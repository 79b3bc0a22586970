import { describe, expect, it } from 'vitest';
import type { CalendarPost } from '../../shared/posts/ipc.js';
import { dropTarget, planMove, shiftTarget } from './moves.js';
import { calendarPost } from '../../test/support/calendar-post.js';

const post = (over: Partial<CalendarPost> = {}): CalendarPost =>
  calendarPost({
    id: 'p1',
    group: 'g1',
    publishDate: '2026-03-05T19:45:00.000Z',
    content: 'Spring launch\nmore text',
    ...over,
  });
const NY = 'America/New_York';
const now = new Date('2026-03-01T00:00:00Z');

describe('dropTarget', () => {
  it('keeps the time of day when dropped on a month-view day, across the DST change', () => {
    // 14:45 EST on 2026-03-05, dropped on 2026-03-12 (after the spring-forward): 14:45 EDT.
    const target = dropTarget(post(), new Date(2026, 2, 12), 'month', true, NY);
    expect(target.toISOString()).toBe('2026-03-12T18:45:00.000Z');
  });

  it('takes the row dropped on in the week view, keeping the minutes within the row, in the brand zone', () => {
    // 14:45 EST is 15 minutes into its 14:30 row; dropped on Monday's 10:30 row (EDT): 10:45 EDT.
    const target = dropTarget(post(), new Date(2026, 2, 9, 10, 30), 'week', false, NY);
    expect(target.toISOString()).toBe('2026-03-09T14:45:00.000Z');
  });

  it('takes the row time itself for a post at a row start, in the day view too', () => {
    const onTheHour = post({ publishDate: '2026-03-05T20:00:00.000Z' }); // 15:00 EST
    const target = dropTarget(onTheHour, new Date(2026, 2, 5, 9, 30), 'day', false, NY);
    expect(target.toISOString()).toBe('2026-03-05T14:30:00.000Z');
  });

  it('keeps the exact time when dropped on the same row of another day', () => {
    const target = dropTarget(
      post({ publishDate: '2026-06-15T12:25:00.000Z' }),
      new Date(2026, 5, 17, 12, 0),
      'week',
      false,
      'UTC',
    );
    expect(target.toISOString()).toBe('2026-06-17T12:25:00.000Z');
  });

  it('never lands at 23:59 or midnight in month view', () => {
    const target = dropTarget(
      post({ publishDate: '2026-03-05T14:05:00.000Z' }),
      new Date(2026, 2, 20, 0, 0),
      'month',
      true,
      'UTC',
    );
    expect(target.toISOString()).toBe('2026-03-20T14:05:00.000Z');
  });
});

describe('shiftTarget', () => {
  it('moves one slot in week view and one day sideways, keeping the wall time across DST', () => {
    const p = post({ publishDate: '2026-03-07T14:00:00.000Z' }); // 09:00 EST Saturday
    expect(shiftTarget(p, 'ArrowDown', 'week', 30, NY).toISOString()).toBe('2026-03-07T14:30:00.000Z');
    expect(shiftTarget(p, 'ArrowUp', 'day', 30, NY).toISOString()).toBe('2026-03-07T13:30:00.000Z');
    expect(shiftTarget(p, 'ArrowRight', 'week', 30, NY).toISOString()).toBe('2026-03-08T13:00:00.000Z');
    expect(shiftTarget(p, 'ArrowLeft', 'month', 30, NY).toISOString()).toBe('2026-03-06T14:00:00.000Z');
  });

  it('moves a week up or down in month view', () => {
    const p = post({ publishDate: '2026-03-07T14:00:00.000Z' });
    expect(shiftTarget(p, 'ArrowDown', 'month', 30, NY).toISOString()).toBe('2026-03-14T13:00:00.000Z');
    expect(shiftTarget(p, 'ArrowUp', 'agenda', 30, NY).toISOString()).toBe('2026-02-28T14:00:00.000Z');
  });
});

describe('planMove', () => {
  const ctx = { zone: NY, now, wholeGroup: false, known: [] as CalendarPost[] };

  it('moves one post (taking it back is the undo of its batch in main: electron/test/bulk)', () => {
    const plan = planMove(post(), new Date('2026-03-06T19:45:00Z'), ctx);
    expect(plan).toEqual({
      ok: true,
      skipped: [],
      moves: [
        {
          id: 'p1',
          title: 'Spring launch',
          from: '2026-03-05T19:45:00.000Z',
          to: '2026-03-06T19:45:00.000Z',
        },
      ],
    });
  });

  it('refuses published and publishing posts, and past times, with a reason', () => {
    expect(planMove(post({ state: 'published' }), new Date('2026-03-06T00:00:00Z'), ctx)).toEqual({
      ok: false,
      reason: 'Published posts cannot be moved.',
    });
    expect(planMove(post({ state: 'PUBLISHING' }), new Date('2026-03-06T00:00:00Z'), ctx).ok).toBe(false);
    const past = planMove(post(), new Date('2026-02-27T10:00:00Z'), ctx);
    expect(past).toEqual({ ok: false, reason: 'That time has already passed. Pick a time later than now.' });
  });

  it('accepts drafts and failed posts (moving a failed post is how it is retried)', () => {
    expect(planMove(post({ state: 'draft' }), new Date('2026-03-06T00:00:00Z'), ctx).ok).toBe(true);
    expect(planMove(post({ state: 'ERROR' }), new Date('2026-03-06T00:00:00Z'), ctx).ok).toBe(true);
  });

  it('moves the whole group by the same offset, skipping published members', () => {
    const a = post();
    const b = post({
      id: 'p2',
      publishDate: '2026-03-05T20:00:00.000Z',
      integration: { id: 'acc-li', platform: 'linkedin', name: 'Acme', picture: null },
    });
    const c = post({
      id: 'p3',
      state: 'published',
      integration: { id: 'acc-ig', platform: 'instagram', name: 'Acme IG', picture: null },
    });
    const other = post({ id: 'p4', group: 'g2' });
    const plan = planMove(a, new Date('2026-03-05T21:45:00Z'), {
      ...ctx,
      wholeGroup: true,
      known: [a, b, c, other, b],
    });
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.moves.map((m) => [m.id, m.to])).toEqual([
      ['p1', '2026-03-05T21:45:00.000Z'],
      ['p2', '2026-03-05T22:00:00.000Z'],
    ]);
    expect(plan.skipped).toEqual(['Acme IG: Published posts cannot be moved.']);
  });

  it('refuses a group move that would push a member into the past', () => {
    const a = post({ publishDate: '2026-03-05T19:45:00.000Z' });
    const b = post({ id: 'p2', publishDate: '2026-03-02T00:00:00.000Z' });
    const plan = planMove(a, new Date('2026-03-03T19:45:00Z'), { ...ctx, wholeGroup: true, known: [a, b] });
    expect(plan.ok).toBe(false);
  });

  it('does nothing when dropped where it already is', () => {
    expect(planMove(post(), new Date('2026-03-05T19:45:00Z'), ctx)).toEqual({
      ok: true,
      moves: [],
      skipped: [],
    });
  });
});
