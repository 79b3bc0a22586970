import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LINK_RULES } from '../../../shared/links/model.js';
import { inHours, sentResults } from '../support/service.js';
import { connectedSuite } from '../support/app.js';

/*
 * Tracked links against the real local service and a real database file: the brand's rules are
 * applied by the outbox to the copy it sends, whatever the door (here a send and a schedule), the
 * draft keeps the link as typed, a parameter the link has is kept, and "Don't track" is honoured.
 */

const suite = connectedSuite('links', { saves: true });

const draftWith = (text: string, untrackedLinks?: string[]) =>
  suite.app.ok('saveDraft', {
    brandId: null,
    blocks: [{ content: text, media: [] }],
    targets: [
      { integrationId: suite.acc.id, platform: suite.acc.platform ?? 'x', settings: {}, blocks: null },
    ],
    commentDelays: [],
    shortLink: false,
    date: null,
    replacesGroup: null,
    ...(untrackedLinks ? { untrackedLinks } : {}),
  });

/** What the service holds of a post: its first block's text. */
async function onService(postId: string): Promise<string> {
  const [first] = (await suite.svc.client().getPost(postId)).value;
  return first?.content ?? '';
}

describe('tracked links', () => {
  it('starts off, with the usual three tags ready, and refuses a parameter name with a space', async () => {
    expect(await suite.app.ok('getLinkRules')).toEqual(DEFAULT_LINK_RULES);
    const bad = await suite.app.fails('setLinkRules', {
      rules: { ...DEFAULT_LINK_RULES, params: [{ key: 'utm source', value: 'x' }] },
    });
    expect(bad.code).toBe('INVALID_ARGUMENT');
    expect(bad.message).toMatch(/letters, digits/);
    expect(await suite.app.ok('getLinkRules')).toEqual(DEFAULT_LINK_RULES);
  });

  it('sends a link with the brand parameters and its campaign; the draft kept the link as typed', async () => {
    const rules = await suite.app.ok('setLinkRules', { rules: { ...DEFAULT_LINK_RULES, enabled: true } });
    expect(rules.enabled).toBe(true);
    const sale = await suite.app.ok('saveLabel', {
      name: 'Spring sale',
      color: 'green',
      campaign: { start: '2026-03-01', end: '2026-03-31' },
    });
    const stamp = Date.now();
    const draft = await draftWith(`New in ${stamp}: https://shop.example.com/spring`);
    await suite.app.ok('setPostLabels', { subjects: [`draft:${draft.id}`], add: [sale.id], remove: [] });
    expect((await suite.app.ok('getDraft', { id: draft.id })).blocks[0]?.content).toBe(
      `New in ${stamp}: https://shop.example.com/spring`,
    );
    // Scheduled: the outbox worker sends it, as it sends the queue's, evergreen's and import's posts.
    const [made] = sentResults(
      await suite.app.ok('sendDraft', { draftId: draft.id, type: 'schedule', date: inHours(30), wait: true }),
    );
    expect(await onService(made?.postId ?? '')).toBe(
      `New in ${stamp}: https://shop.example.com/spring?utm_source=x&utm_medium=social&utm_campaign=spring-sale`,
    );

    // Export names the campaign its link carried; the file imports back as nothing new.
    await suite.app.ok('syncNow');
    const exported = await suite.app.ok('exportPosts', {
      format: 'csv',
      scope: { kind: 'posts', postIds: [made?.postId ?? ''] },
    });
    const csv = await readFile(exported.path ?? '', 'utf8');
    const [header, row] = csv.replace(/^\uFEFF/u, '').split('\r\n');
    expect(header?.split(',').at(-1)).toBe('link_campaigns');
    expect(row?.split(',').at(-1)).toBe('spring-sale');
    const preview = await suite.app.ok('previewImport', {
      file: await suite.app.chosen(exported.path ?? ''),
    });
    expect(preview.rows.map((r) => [r.alreadyImported, r.problems])).toEqual([[true, []]]);
  });

  it('keeps a parameter the link has, leaves a link marked "Don\'t track" as typed, and applies the network override', async () => {
    await suite.app.ok('setLinkRules', {
      rules: {
        ...DEFAULT_LINK_RULES,
        enabled: true,
        params: [...DEFAULT_LINK_RULES.params, { key: 'ref', value: 'postdeck' }],
        byPlatform: [{ platform: 'x', params: [{ key: 'utm_medium', value: 'tweet' }] }],
      },
    });
    const text = `Two links ${Date.now()} https://a.example.com/p?utm_source=newsletter#top and https://b.example.com/keep`;
    const draft = await draftWith(text, ['https://b.example.com/keep']);
    const [made] = sentResults(
      await suite.app.ok('sendDraft', { draftId: draft.id, type: 'now', wait: true }),
    );
    expect(await onService(made?.postId ?? '')).toBe(
      text.replace(
        'https://a.example.com/p?utm_source=newsletter#top',
        'https://a.example.com/p?utm_source=newsletter&utm_medium=tweet&ref=postdeck#top',
      ),
    );
  });

  it('checks a post as it will go out: tags that push a Bluesky post over its limit are refused with a sentence', async () => {
    await suite.app.ok('setLinkRules', { rules: { ...DEFAULT_LINK_RULES, enabled: true } });
    const bluesky = suite.app.textAccounts.find((a) => a.platform === 'bluesky');
    expect(bluesky).toBeDefined();
    const text = `${'Fresh beans. '.repeat(20)}https://shop.example.com/spring`;
    expect(text.length).toBeLessThan(300);
    const draft = await suite.app.ok('saveDraft', {
      brandId: null,
      blocks: [{ content: text, media: [] }],
      targets: [{ integrationId: bluesky?.id ?? '', platform: 'bluesky', settings: {}, blocks: null }],
      commentDelays: [],
      shortLink: false,
      date: null,
      replacesGroup: null,
    });
    const refused = await suite.app.fails('sendDraft', { draftId: draft.id, type: 'now', wait: true });
    expect(refused.code).toBe('INVALID_ARGUMENT');
    expect(refused.message).toMatch(/cannot be sent yet/);
    // Marked "Don't track", the link goes as typed and the post fits.
    await suite.app.ok('saveDraft', { ...draft, untrackedLinks: ['https://shop.example.com/spring'] });
    const [made] = sentResults(
      await suite.app.ok('sendDraft', { draftId: draft.id, type: 'now', wait: true }),
    );
    expect(await onService(made?.postId ?? '')).toBe(text);
  });

  it('sends links as typed when the brand turns tracking off', async () => {
    await suite.app.ok('setLinkRules', { rules: DEFAULT_LINK_RULES });
    const text = `Off ${Date.now()} https://shop.example.com/spring`;
    const [made] = sentResults(
      await suite.app.ok('sendDraft', { draftId: (await draftWith(text)).id, type: 'now', wait: true }),
    );
    expect(await onService(made?.postId ?? '')).toBe(text);
  });
});
