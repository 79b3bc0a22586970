import { describe, expect, it } from 'vitest';
import type { CalendarPost } from '../../shared/posts/ipc.js';
import { whyNotMovable } from '../../shared/posts/movable.js';
import { TIME_PASSED } from '../../shared/posts/time-passed.js';
import { calendarPost } from '../../test/support/calendar-post.js';
import { draftTime, gridTiles, planSwap, type GridTile } from './grid-plan.js';

const IG = { id: 'acc-ig', platform: 'instagram', name: 'harbor.coffee', picture: null };
const now = Date.parse('2026-03-10T12:00:00.000Z');
const HOUR = 3_600_000;
const at = (hours: number) => new Date(now + hours * HOUR).toISOString();
const post = (id: string, hours: number, over: Partial<CalendarPost> = {}) =>
  calendarPost({ id, publishDate: at(hours), integration: IG, ...over });
const ctx = { integrationId: IG.id, now, whyNotMovable };
const tile = (tiles: GridTile[], id: string) => tiles.find((t) => t.id === id)!;

describe('gridTiles', () => {
  it('orders the profile newest first: posts to come (latest top-left), then the last published', () => {
    const tiles = gridTiles(
      [
        post('old', -48, { state: 'published' }),
        post('soon', 2),
        post('later', 30),
        post('recent', -3, { state: 'published' }),
        post('going', -0.01, { state: 'publishing' }),
      ],
      ctx,
    );
    expect(tiles.map((t) => t.id)).toEqual(['later', 'soon', 'going', 'recent', 'old']);
  });

  it("leaves out other accounts' posts, server drafts and failed posts, and keeps nine published", () => {
    const published = Array.from({ length: 12 }, (_, i) => post(`pub${i}`, -(i + 1), { state: 'published' }));
    const tiles = gridTiles(
      [
        ...published,
        post('draft', 5, { state: 'draft' }),
        post('failed', -5, { state: 'error' }),
        calendarPost({ id: 'x', publishDate: at(4) }),
      ],
      ctx,
    );
    expect(tiles.map((t) => t.id)).toEqual(published.slice(0, 9).map((p) => p.id));
  });

  it('places free slots among the posts to come by their time, never in the past or on a post', () => {
    const tiles = gridTiles([post('a', 2), post('b', 10)], {
      ...ctx,
      freeSlots: [now - HOUR, now + 2 * HOUR, now + 5 * HOUR, now + 20 * HOUR],
    });
    expect(tiles.map((t) => t.id)).toEqual([`slot:${at(20)}`, 'b', `slot:${at(5)}`, 'a']);
  });

  it('says on a published tile why it cannot move', () => {
    const tiles = gridTiles([post('p', -2, { state: 'published' }), post('s', 2)], ctx);
    expect(tile(tiles, 'p')).toMatchObject({ published: true, fixed: 'Published posts cannot be moved.' });
    expect(tile(tiles, 's')).toMatchObject({ published: false, fixed: null });
  });
});

describe('planSwap', () => {
  const tiles = gridTiles(
    [
      post('a', 2),
      post('b', 26),
      post('p', -2, { state: 'published' }),
      post('local', 8, { localOnly: true }),
    ],
    { ...ctx, freeSlots: [now + 50 * HOUR] },
  );

  it('trades the two times, as the two moves of one bulk change', () => {
    expect(planSwap(tile(tiles, 'a'), tile(tiles, 'b'), now)).toEqual({
      ok: true,
      moves: [
        { id: 'a', from: at(2), to: at(26) },
        { id: 'b', from: at(26), to: at(2) },
      ],
    });
  });

  it('moves a post dropped on a free slot to the slot time alone', () => {
    expect(planSwap(tile(tiles, 'a'), tile(tiles, `slot:${at(50)}`), now)).toEqual({
      ok: true,
      moves: [{ id: 'a', from: at(2), to: at(50) }],
    });
  });

  it('refuses a published tile either way, in the shared sentence', () => {
    const refused = { ok: false, reason: 'Published posts cannot be moved.' };
    expect(planSwap(tile(tiles, 'p'), tile(tiles, 'a'), now)).toEqual(refused);
    expect(planSwap(tile(tiles, 'a'), tile(tiles, 'p'), now)).toEqual(refused);
  });

  it('refuses a post not on the service yet, the same tile, and a time that has passed', () => {
    expect(planSwap(tile(tiles, 'local'), tile(tiles, 'a'), now)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('has not reached the service yet'),
    });
    expect(planSwap(tile(tiles, 'a'), tile(tiles, 'a'), now).ok).toBe(false);
    // Three hours on, post a's time has passed: b cannot take it.
    expect(planSwap(tile(tiles, 'b'), tile(tiles, 'a'), now + 3 * HOUR)).toEqual({
      ok: false,
      reason: TIME_PASSED,
    });
  });
});

describe('draftTime', () => {
  const base = { now, freeSlots: [now + 30 * HOUR, now + 6 * HOUR], busy: [], gapMinutes: 60 };

  it('takes the free slot it is dropped on', () => {
    const slot: GridTile = { kind: 'slot', id: 's', at: now + 30 * HOUR };
    expect(draftTime(slot, base)).toBe(now + 30 * HOUR);
  });

  it("takes the account's next free slot when dropped on a post or placed from the keyboard", () => {
    expect(draftTime(null, base)).toBe(now + 6 * HOUR);
  });

  it('without posting slots, takes the first whole hour an hour ahead that keeps the gap to every post', () => {
    // now is 12:00; 13:00 and 14:00 are within 60 minutes of posts at 13:30 and 14:10.
    const busy = [now + 1.5 * HOUR, now + 2 * HOUR + 10 * 60_000];
    expect(new Date(draftTime(null, { ...base, freeSlots: [], busy })).toISOString()).toBe(at(4));
  });
});
