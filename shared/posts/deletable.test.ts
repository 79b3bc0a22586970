import { describe, expect, it } from 'vitest';
import { whyGroupNotDeletable, whyNotDeletable } from './deletable.js';

describe('whether a post can be deleted (one rule for one post, a bulk change, main and the calendar)', () => {
  it('deletes drafts, scheduled, failed and published posts', () => {
    for (const state of ['draft', 'QUEUE', 'scheduled', 'error', 'failed', 'published'])
      expect(whyNotDeletable({ state })).toBeNull();
  });

  it('refuses a post being published, and one not yet on the service, with the reason', () => {
    expect(whyNotDeletable({ state: 'publishing' })).toBe(
      'This post is being published right now; it can be deleted once it is out.',
    );
    expect(whyNotDeletable({ state: 'IN_PROGRESS' })).toMatch(/being published right now/);
    expect(whyNotDeletable({ state: 'scheduled', localOnly: true })).toMatch(/discard it in the Outbox/);
  });

  it('refuses a group when any of its posts cannot go', () => {
    expect(whyGroupNotDeletable([{ state: 'scheduled' }, { state: 'published' }])).toBeNull();
    expect(whyGroupNotDeletable([{ state: 'scheduled' }, { state: 'publishing' }])).toMatch(
      /being published/,
    );
    expect(whyGroupNotDeletable([])).toBeNull();
  });
});
