import { describe, expect, it } from 'vitest';
import type { DraftTarget } from '../../shared/drafts/ipc.js';
import { measureText } from '../../shared/platforms/text-length.js';
import { signedDraft } from '../../shared/snippets/signature.js';
import { countedText } from './counted-text.js';

/* The composer's counters with signatures: they count what main will send (the same signedDraft). */

const target = (integrationId: string, platform: DraftTarget['platform']): DraftTarget => ({
  integrationId,
  platform,
  settings: {},
  blocks: null,
});

describe('countedText', () => {
  const draft = {
    blocks: [{ content: 'New roast today', media: [] }],
    targets: [target('x1', 'x'), target('x2', 'x'), target('li', 'linkedin'), target('th', 'threads')],
  };
  const signed = signedDraft(
    draft,
    new Map([
      ['x1', '#Harbor'],
      ['x2', '— The Harbor Coffee team'],
      ['li', '— Harbor'],
    ]),
  );
  const shown = ['x1', 'x2', 'li', 'th'];

  it('counts the longest signed text of the accounts on a platform', () => {
    const x = countedText(signed.targets, shown, 0, 'x', 'New roast today');
    expect(x).toBe('New roast today\n\n— The Harbor Coffee team');
    expect(measureText('x', x)).toBe(15 + 2 + 24);
    expect(countedText(signed.targets, shown, 0, 'linkedin', 'New roast today')).toBe(
      'New roast today\n\n— Harbor',
    );
  });

  it('counts the typed text where no account has a signature, or the account is not on show', () => {
    expect(countedText(signed.targets, shown, 0, 'threads', 'New roast today')).toBe('New roast today');
    expect(countedText(signed.targets, ['x1'], 0, 'x', 'New roast today')).toBe('New roast today\n\n#Harbor');
    // Later blocks carry no signature.
    expect(countedText(signed.targets, shown, 1, 'x', 'Second')).toBe('Second');
  });

  it('counts nothing extra when the post leaves signatures off', () => {
    const off = signedDraft({ ...draft, signature: false }, new Map([['x1', '#Harbor']]));
    expect(countedText(off.targets, shown, 0, 'x', 'New roast today')).toBe('New roast today');
  });
});
