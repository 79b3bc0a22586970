import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BULK_CHANGES } from '../../shared/bulk/plan.js';
import type { DraftInput } from '../../shared/drafts/ipc.js';
import type { IntegrationView } from '../../shared/integrations/ipc.js';
import { openConnectedApp, type ConnectedApp } from './support/app.js';
import { startTestService, type TestService } from './support/service.js';

/*
 * Everything is scoped to the brand on screen: with brand 1 active, no IPC call reads or changes a
 * draft, a queued change, a local post or a snippet of brand 2, whatever id the window names; and a
 * bulk change queues only what the brand's calendar holds, each post once, within a cap. Against
 * the real local service and a real database file.
 */

const DAY = 86_400_000;
const later = (days: number) => new Date(Date.now() + days * DAY).toISOString();

const draftInput = (account: IntegrationView, text: string, date: string | null = null): DraftInput => ({
  brandId: null,
  blocks: [{ content: text, media: [] }],
  targets: [{ integrationId: account.id, platform: account.platform ?? 'x', settings: {}, blocks: null }],
  commentDelays: [],
  shortLink: false,
  date,
  replacesGroup: null,
});

describe("another brand's objects, named by id", () => {
  let svc: TestService;
  let app: ConnectedApp;
  const theirs = { draft: '', opId: '', snippet: '', date: '', summary: '' };

  beforeAll(async () => {
    svc = await startTestService();
    app = await openConnectedApp(svc);
    const [one, two] = svc.brandIds;
    if (!one || !two) throw new Error('the sandbox has fewer than two brands');
    await app.ok('switchBrand', { brandId: two });
    const textAccount = async () =>
      (await app.ok('listIntegrations')).find(
        (a) => !a.disconnected && ['x', 'linkedin', 'threads', 'bluesky'].includes(a.platform ?? ''),
      );
    // Main learns a brand's accounts from a pull of its posts, right after the switch.
    let account = await textAccount();
    for (const until = Date.now() + 30_000; !account && Date.now() < until; account = await textAccount()) {
      await new Promise((r) => setTimeout(r, 50));
    }
    if (!account) throw new Error('brand 2 has no text account');
    theirs.draft = (await app.ok('saveDraft', draftInput(account, 'Brand two draft'))).id;
    theirs.snippet = (await app.ok('saveSnippet', { name: 'two', body: 'Brand two snippet' })).id;
    // Offline, so the post stays local (a queued create) while brand 1 is on screen.
    await svc.service.close();
    theirs.date = later(10);
    const local = await app.ok('saveDraft', draftInput(account, 'Brand two local post', theirs.date));
    await app.ok('sendDraft', { draftId: local.id, type: 'schedule', date: theirs.date });
    const op = (await app.ok('listOutbox')).find((o) => o.kind === 'create');
    if (!op) throw new Error('no queued create');
    theirs.opId = op.id;
    theirs.summary = op.summary;
    await app.ok('switchBrand', { brandId: one });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await svc?.close().catch(() => undefined);
  });

  it('are refused as not found, with a sentence, and left as they were', async () => {
    const refusals = [
      await app.call('getDraft', { id: theirs.draft }),
      await app.call('deleteDraft', { id: theirs.draft }),
      await app.call('saveDraft', { ...draftInput(app.accounts[0]!, 'Overwritten'), id: theirs.draft }),
      await app.call('discardOutbox', { id: theirs.opId }),
      await app.call('reschedulePost', { id: `local:${theirs.opId}`, date: later(20) }),
      await app.call('makeEvergreen', { draftId: theirs.draft }),
      await app.call('saveSnippet', { id: theirs.snippet, name: 'mine', body: 'Overwritten' }),
      await app.call('sendDraft', { draftId: theirs.draft, type: 'schedule', date: later(5) }),
    ];
    for (const [i, result] of refusals.entries()) {
      expect(result, `call ${i}`).toMatchObject({
        ok: false,
        error: { code: 'NOT_FOUND', message: expect.stringMatching(/belongs to another brand/) },
      });
    }
    expect((await app.ok('listEvergreen')).items).toEqual([]);

    const [, two] = svc.brandIds;
    await app.ok('switchBrand', { brandId: two! });
    expect((await app.ok('getDraft', { id: theirs.draft })).blocks[0]?.content).toBe('Brand two draft');
    expect((await app.ok('listSnippets')).find((s) => s.id === theirs.snippet)).toMatchObject({
      name: 'two',
      body: 'Brand two snippet',
    });
    // Still queued, with the summary (and so the time) it had.
    expect((await app.ok('listOutbox')).find((o) => o.id === theirs.opId)?.summary).toBe(theirs.summary);
  });
});

describe('a bulk change', () => {
  let svc: TestService;
  let app: ConnectedApp;

  beforeAll(async () => {
    svc = await startTestService();
    app = await openConnectedApp(svc);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await svc?.close();
  });

  it('queues nothing for groups not in the brand’s calendar, each post once, and refuses a plan over the cap', async () => {
    const account = app.textAccounts[0]!;
    const date = later(12);
    const draft = await app.ok('saveDraft', draftInput(account, 'Bulk target', date));
    await app.ok('sendDraft', { draftId: draft.id, type: 'schedule', date });
    await app.ok('syncNow');
    const { posts } = await app.ok('listPosts', { start: later(11), end: later(13) });
    const post = posts.find((p) => p.content === 'Bulk target' && !p.localOnly);
    if (!post) throw new Error('the post did not reach the calendar');
    const outboxBefore = (await app.ok('listOutbox')).length;

    // Group ids this brand does not have: nothing to delete, so nothing is queued.
    const unknown = Array.from({ length: MAX_BULK_CHANGES }, (_, i) => `group_unknown_${i}`);
    let started = performance.now();
    const deletes = await app.ok('applyBulkChange', { moves: [], deleteGroups: unknown });
    const deletesMs = performance.now() - started;
    expect(deletes.queued).toBe(0);
    expect(deletes.refused).toHaveLength(MAX_BULK_CHANGES);
    expect((await app.ok('listOutbox')).length).toBe(outboxBefore);

    // One post named many times is moved once.
    const moves = Array.from({ length: MAX_BULK_CHANGES }, (_, i) => ({
      id: post.id,
      from: post.publishDate,
      to: new Date(Date.parse(date) + (i + 1) * 60_000).toISOString(),
    }));
    started = performance.now();
    const moved = await app.ok('applyBulkChange', { moves, deleteGroups: [] });
    const movesMs = performance.now() - started;
    expect(moved.queued).toBe(1);
    expect((await app.ok('listOutbox')).filter((o) => o.kind === 'reschedule')).toHaveLength(1);
    console.log(
      `bulk: ${MAX_BULK_CHANGES} unknown deletes answered in ${deletesMs.toFixed(0)} ms, ${MAX_BULK_CHANGES} moves of one post in ${movesMs.toFixed(0)} ms`,
    );

    const over = await app.call('applyBulkChange', {
      moves: moves.slice(0, 1),
      deleteGroups: Array.from({ length: MAX_BULK_CHANGES }, (_, i) => `g${i}`),
    });
    expect(over).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT', message: expect.stringMatching(/at most 1,000 posts/) },
    });
  }, 60_000);
});
