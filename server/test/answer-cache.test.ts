import { describe, expect, it } from 'vitest';
import { AnswerCache } from '../http/answer-cache.js';

const answer = (body: string) => ({ body });

describe('AnswerCache', () => {
  it('serves the kept answer while the stamp holds, and builds again when it changes', () => {
    const cache = new AnswerCache<{ body: string }>();
    let builds = 0;
    const build = () => answer(`answer ${++builds}`);
    const a = cache.answer('month', 's1', build);
    expect(cache.answer('month', 's1', build)).toBe(a);
    expect(builds).toBe(1);
    expect(cache.answer('month', 's2', build).body).toBe('answer 2');
    expect(cache.answer('month', 's2', build).body).toBe('answer 2');
    expect(cache.answer('other month', 's2', build).body).toBe('answer 3');
    expect(builds).toBe(3);
    expect(cache.size.entries).toBe(2);
  });

  it('drops the least recently used entry past its entry or byte limit, and never keeps an answer larger than the budget', () => {
    const cache = new AnswerCache<{ body: string }>({ maxEntries: 2, maxBytes: 100 });
    cache.answer('a', 's', () => answer('x'.repeat(10)));
    cache.answer('b', 's', () => answer('y'.repeat(10)));
    cache.answer('a', 's', () => answer('never built'));
    cache.answer('c', 's', () => answer('z'.repeat(10)));
    // b was the least recently used: it is built again, a and c are kept.
    let rebuilt = '';
    cache.answer('b', 's', () => answer((rebuilt = 'b again')));
    expect(rebuilt).toBe('b again');
    expect(cache.size.entries).toBe(2);

    const bytes = new AnswerCache<{ body: string }>({ maxEntries: 10, maxBytes: 100 });
    bytes.answer('a', 's', () => answer('x'.repeat(20)));
    bytes.answer('b', 's', () => answer('y'.repeat(20)));
    bytes.answer('c', 's', () => answer('z'.repeat(20)));
    expect(bytes.size).toEqual({ entries: 2, bytes: 80 });
    const huge = bytes.answer('huge', 's', () => answer('h'.repeat(51)));
    expect(huge.body).toHaveLength(51);
    expect(bytes.size).toEqual({ entries: 2, bytes: 80 });
  });
});
