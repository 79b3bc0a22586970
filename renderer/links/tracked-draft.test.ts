import { describe, expect, it } from 'vitest';
import type { DraftTarget } from '../../shared/drafts/ipc.js';
import { DEFAULT_LINK_RULES } from '../../shared/links/model.js';
import { countedText } from '../snippets/counted-text.js';
import { measureText } from '../../shared/platforms/text-length.js';
import { linksOf, trackedDraft, trackedFor } from './tracked-draft.js';

/* The composer counts and previews the post as it will be sent: links tracked per network. */

const rules = { ...DEFAULT_LINK_RULES, enabled: true };
const typed = 'Spring menu https://shop.example.com/spring';
const target = (integrationId: string, platform: DraftTarget['platform']): DraftTarget => ({
  integrationId,
  platform,
  settings: {},
  blocks: null,
});
const draft = {
  blocks: [{ content: typed, media: [] }],
  targets: [target('x1', 'x'), target('li1', 'linkedin')],
};
const campaign = [{ name: 'Spring sale', campaign: true }];

describe('the composer’s tracked draft', () => {
  it('gives each account its tracked text, and X counts the link as 23 whatever its tags', () => {
    const sent = trackedDraft(draft, rules, campaign);
    expect(draft.targets[0]?.blocks).toBeNull(); // the user's draft is untouched
    const shown = ['x1', 'li1'];
    const x = countedText(sent.targets, shown, 0, 'x', typed);
    const li = countedText(sent.targets, shown, 0, 'linkedin', typed);
    expect(sent.targets[0]?.blocks?.[0]?.content).toBe(
      `${typed}?utm_source=x&utm_medium=social&utm_campaign=spring-sale`,
    );
    expect(li).toBe(`${typed}?utm_source=linkedin&utm_medium=social&utm_campaign=spring-sale`);
    expect(measureText('x', x)).toBe(measureText('x', sent.targets[0]?.blocks?.[0]?.content ?? ''));
    expect(measureText('x', typed)).toBe('Spring menu '.length + 23);
    expect(measureText('linkedin', li)).toBe(li.length);
    expect(measureText('linkedin', li)).toBeGreaterThan(measureText('linkedin', typed) as number);
  });

  it('is the draft itself when the brand does not track links, or the link is marked "Don’t track"', () => {
    expect(trackedDraft(draft, DEFAULT_LINK_RULES, campaign)).toBe(draft);
    expect(trackedDraft(draft, undefined, campaign)).toBe(draft);
    expect(
      trackedDraft({ ...draft, untrackedLinks: ['https://shop.example.com/spring'] }, rules, campaign)
        .targets,
    ).toBe(draft.targets);
  });

  it('lists each link once, from every block, account text and the first comment', () => {
    expect(
      linksOf({
        ...draft,
        targets: [{ ...target('x1', 'x'), blocks: [{ content: 'Own https://a.example.com/x', media: [] }] }],
        firstComment: { content: `More at https://shop.example.com/spring` },
      }),
    ).toEqual(['https://shop.example.com/spring', 'https://a.example.com/x']);
  });

  it('tracks the first comment for each network as the post', () => {
    const comment = 'Recipe: https://blog.example.com/oat';
    expect(trackedFor(comment, rules, { platform: 'instagram', labels: [] })).toBe(
      `${comment}?utm_source=instagram&utm_medium=social`,
    );
    expect(trackedFor(comment, DEFAULT_LINK_RULES, { platform: 'instagram', labels: [] })).toBe(comment);
  });
});
