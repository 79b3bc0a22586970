import { describe, expect, it } from 'vitest';
import type { ValidationIssue } from '../../shared/api/errors.js';
import { addTarget, emptyDraft, startOverride } from './draft-model.js';
import { placeIssues } from './issue-placement.js';

const names: Record<string, string> = { x1: 'Harbor X', b1: 'Harbor Bluesky' };
const name = (id: string) => names[id] ?? id;
const issue = (target: number | null, path: string, message: string): ValidationIssue => ({
  target,
  path,
  message,
});

describe('where each problem of a draft is shown', () => {
  let draft = emptyDraft('d1', 'b1', null);
  draft = addTarget(draft, { id: 'x1', platform: 'x' });
  draft = addTarget(draft, { id: 'b1', platform: 'bluesky' });
  const issues = [
    issue(0, 'value.0.content', 'Too long for X.'),
    issue(1, 'value.0.content', 'Too long for Bluesky.'),
    issue(1, 'value.0.image', 'Too many images.'),
    issue(0, 'settings.who_can_reply_post', 'Choose who can reply.'),
    issue(1, 'settings.__type', 'Unknown platform.'),
    issue(0, 'value', 'Thread too long.'),
    issue(null, 'date', 'The time has passed.'),
    issue(5, 'value.0.content', 'An account no longer chosen.'),
  ];

  it('names the account beside a shared block when several share the text', () => {
    const placed = placeIssues(issues, draft, null, name);
    expect(placed.inBlock('text', 0)).toEqual([
      'Harbor X: Too long for X.',
      'Harbor Bluesky: Too long for Bluesky.',
    ]);
    expect(placed.inBlock('media', 0)).toEqual(['Harbor Bluesky: Too many images.']);
    expect(placed.inBlock('text', 1)).toEqual([]);
  });

  it("shows only the chosen account's problems, unnamed, when it has its own text", () => {
    const own = startOverride(draft, 'b1');
    const placed = placeIssues(issues, own, 'b1', name);
    expect(placed.inBlock('text', 0)).toEqual(['Too long for Bluesky.']);
    // The shared text is now X's alone.
    expect(placeIssues(issues, own, null, name).inBlock('text', 0)).toEqual(['Too long for X.']);
  });

  it('puts whole-account issues on the card, settings beside their field, the rest below', () => {
    const placed = placeIssues(issues, draft, null, name);
    expect(placed.ofAccount(0)).toEqual(['Thread too long.']);
    expect(placed.ofAccount(1)).toEqual(['Unknown platform.']);
    expect(placed.ofSetting(0, 'who_can_reply_post').map((i) => i.message)).toEqual([
      'Choose who can reply.',
    ]);
    expect(placed.countOf(1)).toBe(3);
    expect(placed.other.map((i) => i.message)).toEqual([
      'The time has passed.',
      'An account no longer chosen.',
    ]);
  });
});
