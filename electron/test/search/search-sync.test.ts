import { afterEach, describe, expect, it } from 'vitest';
import { searchPosts } from '../../search/search-posts.js';
import { harness, inMinutes, PROFILE_ID, until, type Harness } from '../support/sync-harness.js';

/*
 * The search index through the app's real write paths, against the real local service: a local
 * draft, its create waiting in the outbox while the service is down, the post it became arriving
 * from a pull, and the post deleted by another client of the brand, gone after the next pull.
 */

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

const found = (query: string) =>
  searchPosts(h!.db, PROFILE_ID, { query, brandId: h!.brandId }).hits.map((hit) => hit.source);

describe('search follows drafts, the outbox and pulls', () => {
  it('draft → outbox → post from a pull → gone after the service deleted it', async () => {
    h = await harness();
    const tag = `#search${Date.now().toString(36)}`;
    const draftId = h.draft(`Quarterly report out now ${tag}`);
    expect(found(tag)).toEqual(['draft']);

    await h.stopService();
    await h.posts.sendDraft(h.brand, { draftId, type: 'schedule', date: inMinutes(180) });
    // Offline: the create waits in the outbox, and is found there.
    expect(found(tag)).toContain('outbox');

    await h.startServiceAgain();
    await until('the outbox flushed', () => h!.engine.listOutbox().length === 0);
    const range = { start: inMinutes(-60), end: inMinutes(60 * 24) };
    await h.fresh(range);
    await until('the pulled post is found', () => found(tag).includes('post'));
    expect(found(tag)).not.toContain('outbox');
    const hit = searchPosts(h.db, PROFILE_ID, { query: tag }).hits.find((x) => x.source === 'post')!;
    expect(hit).toMatchObject({ state: 'scheduled', accounts: [h.integrationId], matchedIn: 'text' });

    // Another client deletes it; the next pull of its range takes it out of the index.
    const onServer = (await h.listOnServer()).find((p) => p.id === hit.id)!;
    await h.api().deleteGroup(onServer.group!);
    await h.fresh(range);
    await until('the deleted post is no longer found', () => !found(tag).includes('post'));
  });
});
