import { describe, expect, it } from 'vitest';
import type { CalendarPost } from '../../shared/posts/ipc.js';
import {
  applyFilters,
  countByState,
  firstLine,
  initials,
  NO_FILTERS,
  orderedStates,
  postAccessibleName,
  toPostEvent,
  whyNotMovable,
} from './posts.js';
import { stateLabel } from '../../shared/posts/names.js';
import { platformName } from '../../shared/platforms/names.js';
import { useKeyAccess } from '../ui/key-access.js';
import { calendarPost } from '../../test/support/calendar-post.js';

let n = 0;
const post = (over: Partial<CalendarPost> = {}): CalendarPost =>
  calendarPost({ id: `p${++n}`, publishDate: '2026-07-01T12:00:00.000Z', ...over });

describe('toPostEvent', () => {
  it('maps a post to its wall-clock slot in the brand zone and reuses the event for the same post', () => {
    const p = post({ publishDate: '2026-07-01T23:30:00.000Z', content: '\n  First line  \nsecond' });
    const e = toPostEvent(p, 'Asia/Tokyo');
    expect([e.start.getDate(), e.start.getHours(), e.start.getMinutes()]).toEqual([2, 8, 30]);
    expect(e.end.getTime() - e.start.getTime()).toBe(30 * 60_000);
    expect(e.title).toBe('First line');
    expect(toPostEvent(p, 'Asia/Tokyo')).toBe(e);
    expect(toPostEvent(p, 'UTC')).not.toBe(e);
  });

  it('gives a post without text a visible title', () => {
    expect(toPostEvent(post({ content: '' }), 'UTC').title).toBe('(no text)');
  });
});

describe('labels', () => {
  it('names states tolerantly and shows unknown ones as they came', () => {
    expect(stateLabel('QUEUE')).toBe('Scheduled');
    expect(stateLabel('failed')).toBe('Failed');
    expect(stateLabel('archived')).toBe('archived');
  });

  it('names platforms from shared/platforms', () => {
    expect(platformName('linkedin-page')).toBe('LinkedIn page');
    expect(platformName('mastodon')).toBe('Other platform');
    expect(platformName(null)).toBe('Unknown platform');
  });

  it('makes initials from account names', () => {
    expect(initials('Acme Coffee')).toBe('AC');
    expect(initials('@acme_news')).toBe('AN');
    expect(initials('zed')).toBe('ZE');
    expect(initials(null)).toBe('?');
  });

  it('says in the accessible name everything a cell shows', () => {
    const e = toPostEvent(
      post({ groupSize: 3, pending: true, state: 'error', error: 'Account disconnected', blockCount: 2 }),
      'UTC',
    );
    expect(postAccessibleName(e, '12:00 PM')).toBe(
      'Failed post, X, Acme on X, 12:00 PM, Hello, one of a group of 3, thread of 2, change pending sync, error: Account disconnected',
    );
  });

  it('cuts the first line', () => {
    expect(firstLine('a'.repeat(500))).toHaveLength(140);
  });

  it('takes the first line with text, as splitting every line did', () => {
    const bySplit = (content: string) =>
      (content.split(/\r?\n/).find((l) => l.trim() !== '') ?? '').trim().slice(0, 140);
    for (const content of [
      '',
      '\n',
      '  \r\n\r\n  Hello  \nworld',
      'One line',
      '\n\n\t\nlast',
      'a\rb\nc',
      '\rstart',
      'ends with newline\n',
      `  ${'b'.repeat(300)}\nnext`,
      ' \u00a0\n\u2003x',
    ])
      expect(firstLine(content), JSON.stringify(content)).toBe(bySplit(content));
  });
});

describe('movability', () => {
  it('lets drafts, scheduled and failed posts move, not published or publishing ones', () => {
    expect(whyNotMovable(post({ state: 'draft' }))).toBeNull();
    expect(whyNotMovable(post({ state: 'QUEUE' }))).toBeNull();
    expect(whyNotMovable(post({ state: 'error' }))).toBeNull();
    expect(whyNotMovable(post({ state: 'published' }))).toMatch(/Published/);
    expect(whyNotMovable(post({ state: 'publishing' }))).toMatch(/being published/);
    expect(whyNotMovable(post({ state: 'mystery' }))).toMatch(/mystery/);
    expect(whyNotMovable(post({ localOnly: true }))).toMatch(/not reached the service yet/);
    useKeyAccess.setState({ scopes: ['posts:read', 'brands:read'] });
    expect(whyNotMovable(post({ state: 'draft' }))).toMatch(/“Write posts” permission/);
    useKeyAccess.setState({ scopes: ['posts:read', 'posts:write'] });
    expect(whyNotMovable(post({ state: 'draft' }))).toBeNull();
    useKeyAccess.setState({ scopes: null });
  });
});

describe('filters and counts', () => {
  const posts = [
    post({ state: 'scheduled' }),
    post({
      state: 'QUEUE',
      integration: { id: 'acc-li', platform: 'linkedin', name: 'Acme', picture: null },
    }),
    post({ state: 'error' }),
    post({
      state: 'published',
      integration: { id: 'acc-li', platform: 'linkedin', name: 'Acme', picture: null },
    }),
    post({ state: 'archived' }),
  ];

  it('filters by platform, account and state together', () => {
    expect(applyFilters(posts, NO_FILTERS)).toHaveLength(5);
    expect(applyFilters(posts, { ...NO_FILTERS, platforms: ['linkedin'] })).toHaveLength(2);
    expect(
      applyFilters(posts, { ...NO_FILTERS, accounts: ['acc-x'], states: ['scheduled', 'error'] }),
    ).toHaveLength(2);
    expect(applyFilters(posts, { ...NO_FILTERS, states: ['scheduled'] })).toHaveLength(2);
  });

  it('counts per state ignoring the state filter but honouring the others', () => {
    const all = countByState(posts, NO_FILTERS);
    expect(Object.fromEntries(all)).toEqual({ scheduled: 2, error: 1, published: 1, archived: 1 });
    expect(
      Object.fromEntries(countByState(posts, { ...NO_FILTERS, platforms: ['linkedin'], states: ['error'] })),
    ).toEqual({
      scheduled: 1,
      published: 1,
    });
    expect(orderedStates(all)).toEqual([
      'draft',
      'scheduled',
      'publishing',
      'published',
      'error',
      'archived',
    ]);
  });
});
