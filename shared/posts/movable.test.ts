import { describe, expect, it } from 'vitest';
import { whyMoveCannotBeUndone, whyNotMovable } from './movable.js';

describe('whether a post can be moved (one rule for the calendar, main and the service)', () => {
  it('moves drafts, scheduled and failed posts, by any name a server gives them', () => {
    for (const state of ['draft', 'scheduled', 'QUEUE', 'error', 'ERROR', 'failed'])
      expect(whyNotMovable({ state })).toBeNull();
  });

  it('refuses published and publishing posts, and one not yet on the service, with the reason', () => {
    expect(whyNotMovable({ state: 'published' })).toBe('Published posts cannot be moved.');
    expect(whyNotMovable({ state: 'PUBLISHING' })).toMatch(/being published right now/);
    expect(whyNotMovable({ state: 'scheduled', localOnly: true })).toMatch(/not reached the service yet/);
  });

  it('refuses a state it does not know, naming it', () => {
    expect(whyNotMovable({ state: 'IN_REVIEW' })).toBe('Posts in state "IN_REVIEW" cannot be moved.');
  });

  it('says why a bulk move cannot be taken back: published since, or the reason it cannot move now', () => {
    expect(whyMoveCannotBeUndone({ state: 'scheduled' })).toBeNull();
    expect(whyMoveCannotBeUndone({ state: 'published' })).toBe(
      'It has been published since, so its time cannot change.',
    );
    // Undo said "published since" for any refusal, a post still going out among them.
    expect(whyMoveCannotBeUndone({ state: 'publishing' })).toMatch(/being published right now/);
    expect(whyMoveCannotBeUndone({ state: 'IN_REVIEW' })).toBe('Posts in state "IN_REVIEW" cannot be moved.');
  });
});
