import { describe, expect, it } from 'vitest';
import { toClashPost } from '../bulk/plan.js';
import { clashTextKey, findClashes } from '../clash/clashes.js';
import { fromPostChips, toPostChips } from './chip-columns.js';
import { CHIP_TEXT_CHARS, PostChips } from './chips.js';
import type { CalendarPost } from './ipc.js';

const post = (n: number, over: Partial<CalendarPost> = {}): CalendarPost => ({
  id: `post_${n}`,
  group: `group_${n}`,
  state: 'scheduled',
  publishDate: new Date(Date.UTC(2026, 10, 1, 9) + n * 3_600_000).toISOString(),
  integration: { id: `acc_${n % 3}`, platform: 'x', name: `Account ${n % 3}`, picture: null },
  content: `Post ${n}`,
  blockCount: 1,
  error: null,
  releaseURL: null,
  groupSize: 1,
  pending: false,
  localOnly: false,
  ...over,
});

const roundTrip = (posts: CalendarPost[]) => {
  const chips = toPostChips({ posts, source: 'cache', syncedAt: null }, Date.UTC(2026, 9, 27));
  // What crosses the IPC gate is checked against the contract.
  return fromPostChips(PostChips.parse(JSON.parse(JSON.stringify(chips))));
};

describe("the calendar's lean range answer", () => {
  it('gives back every field a chip shows, unchanged, for posts whose text is one short line', () => {
    const posts = [
      post(1),
      post(2, { pending: true, groupSize: 3, blockCount: 2, state: 'draft' }),
      post(3, {
        localOnly: true,
        error: 'Refused',
        releaseURL: 'https://x.com/1',
        thumbnail: 'https://t/1.jpg',
      }),
      post(4, { profileId: 'org', brandId: 'b1', thumbnail: null }),
      post(5, { review: { state: 'approved', comment: null, changedSinceReview: null, held: null } }),
      // A date with milliseconds and one written with an offset keep their exact text.
      post(6, { publishDate: '2026-11-02T10:00:00.250Z' }),
      post(7, { publishDate: '2026-11-02T12:00:00+01:00' }),
    ];
    expect(roundTrip(posts).posts).toEqual(posts);
  });

  it('cuts a long or many-line text to its first line, says so, and keeps the whole text’s clash key', () => {
    const long = 'A'.repeat(CHIP_TEXT_CHARS + 20);
    const [cut, lines] = roundTrip([
      post(1, { content: long }),
      post(2, { content: 'First\nsecond line' }),
    ]).posts;
    expect(cut).toMatchObject({
      content: `${'A'.repeat(CHIP_TEXT_CHARS)}…`,
      textCut: true,
      textKey: clashTextKey(long),
    });
    expect(lines).toMatchObject({
      content: 'First…',
      textCut: true,
      textKey: clashTextKey('First\nsecond line'),
    });
  });

  it('never cuts inside an emoji', () => {
    const text = `${'a'.repeat(CHIP_TEXT_CHARS - 1)}😀 and more`;
    const [p] = roundTrip([post(1, { content: text })]).posts;
    expect(p!.content).toBe(`${'a'.repeat(CHIP_TEXT_CHARS - 1)}…`);
  });

  it('lists accounts, brands and states once, and stays under 100 bytes a post for a busy month', () => {
    const posts = Array.from({ length: 2_000 }, (_, i) =>
      post(i, {
        content: `Cached post ${i}: a line of text like the ones people schedule`,
        profileId: 'org',
        brandId: `brand_${i % 10}`,
      }),
    );
    const chips = toPostChips({ posts, source: 'server', syncedAt: null }, Date.UTC(2026, 9, 27));
    expect(chips.accounts).toHaveLength(3);
    expect(chips.brands).toHaveLength(10);
    expect(chips.states).toEqual(['scheduled']);
    expect(JSON.stringify(chips).length / posts.length).toBeLessThan(100);
  });

  it('finds the same text twice on one account by key when the calendar holds only its start', () => {
    const text = `The same long announcement, written once and scheduled twice by mistake`;
    const [held] = roundTrip([post(3, { content: text })]).posts;
    const candidate = {
      ...toClashPost(post(6, { content: text })),
      at: Date.parse(held!.publishDate) + 86_400_000,
    };
    const other = { ...candidate, text: `${text}!` };
    const dup = findClashes([candidate], [toClashPost(held!)], { gapMinutes: 0 });
    expect(dup.map((w) => w.kind)).toEqual(['duplicate']);
    expect(findClashes([other], [toClashPost(held!)], { gapMinutes: 0 })).toEqual([]);
  });

  it('refuses columns of different lengths or an account it does not list', () => {
    const chips = toPostChips({ posts: [post(1)], source: 'cache', syncedAt: null }, Date.UTC(2026, 9, 27));
    expect(() => fromPostChips({ ...chips, text: [] })).toThrow(/columns/);
    expect(() => fromPostChips({ ...chips, account: [4] })).toThrow(/does not list/);
  });
});
