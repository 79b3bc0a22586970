import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { CalendarPost } from '../../../shared/posts/ipc.js';
import { HELD_FOR_APPROVAL, REPLY_FORMAT, type ReviewReply } from '../../../shared/review/model.js';
import { AppFailure } from '../../core/app-failure.js';
import { REPLY_REFUSED } from '../../posts/review-writes.js';
import { harness, inMinutes, PROFILE_ID, until, type Harness } from '../support/sync-harness.js';

/*
 * Client review against the real local service and a real database: the outbox holds a post of a
 * brand that needs approval and sends it the moment it is approved; an edit of an approved post's
 * text puts it back in review while a new time keeps it approved; a reviewer's reply is applied,
 * refused when forged, garbled or for another brand, and changes nothing the second time.
 */

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

const range = () => ({
  start: new Date(Date.now() - 86_400_000).toISOString(),
  end: inMinutes(60 * 24 * 30),
});
const active = () => ({ profileId: PROFILE_ID, brandId: h!.brandId });
const shownWith = (tag: string): CalendarPost[] =>
  h!.engine.listPosts(h!.brand, range()).posts.filter((p) => p.content.includes(tag));

/** Records a pack of these posts (as exporting one does) and answers its id and items. */
function pack(posts: readonly CalendarPost[]) {
  const keys = [...new Set(posts.map((p) => h!.review.subjectFor(active(), p)))];
  const items = keys.map((key) => ({ key, seen: h!.review.current(active(), key)!.seen }));
  const packId = randomUUID();
  h!.posts.recordReviewPack(active(), packId, items);
  return { packId, items };
}

const reply = (packId: string, verdicts: ReviewReply['verdicts'], brandId = h!.brandId): string =>
  JSON.stringify({ format: REPLY_FORMAT, version: 1, packId, brandId, verdicts });

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (e) {
    if (e instanceof AppFailure) return e.message;
    throw e;
  }
  throw new Error('it was not refused');
}

describe('client review', () => {
  it('holds a post of a brand that needs approval, says why, and sends it the moment it is approved', async () => {
    h = await harness();
    h.posts.setReviewSettings(h.brand, { needsApproval: true });
    const tag = `held-${Date.now()}`;
    const { outboxId } = await h.posts.sendDraft(h.brand, {
      draftId: h.draft(`Hold me ${tag}`),
      type: 'schedule',
      date: inMinutes(90),
    });
    await new Promise((r) => setTimeout(r, 600));
    expect((await h.listOnServer()).filter((p) => p.content?.includes(tag))).toHaveLength(0);
    const item = h.engine.listOutbox().find((o) => o.id === outboxId);
    expect(item?.heldBecause).toBe(HELD_FOR_APPROVAL);
    const [local] = shownWith(tag);
    expect(local?.review).toMatchObject({ state: 'draft', held: HELD_FOR_APPROVAL });

    const answer = h.posts.setReviewState(h.brand, { postId: local!.id, state: 'approved' });
    expect(answer.posts[0]?.review?.state).toBe('approved');
    await until('the approved post is sent', () => h!.engine.listOutbox().length === 0);
    expect((await h.listOnServer()).filter((p) => p.content?.includes(tag))).toHaveLength(1);
    // The approval follows the post onto the service (its new group).
    const sent = (await h.fresh(range())).posts.filter((p) => p.content.includes(tag));
    expect(sent[0]?.localOnly).toBe(false);
    expect(sent[0]?.review?.state).toBe('approved');
  });

  it('asks "post now or pick a new time" when the approval comes after the time passed', async () => {
    h = await harness();
    h.posts.setReviewSettings(h.brand, { needsApproval: true });
    const tag = `late-${Date.now()}`;
    await h.posts.sendDraft(h.brand, {
      draftId: h.draft(`Late ${tag}`),
      type: 'schedule',
      date: new Date(Date.now() + 1500).toISOString(),
    });
    await new Promise((r) => setTimeout(r, 2000));
    const [local] = shownWith(tag);
    h.posts.setReviewState(h.brand, { postId: local!.id, state: 'approved' });
    await until('the outbox asks', () => h!.engine.listOutbox()[0]?.status === 'needsDecision');
    expect(h.engine.listOutbox()[0]?.lastError).toMatch(/Post it now or pick a new time/);
  });

  it('puts an approved post back in review when its text changes, not when only its time does', async () => {
    h = await harness();
    const tag = `edit-${Date.now()}`;
    await h.posts.sendDraft(h.brand, {
      draftId: h.draft(`Original ${tag}`),
      type: 'schedule',
      date: inMinutes(90),
    });
    await until('sent', () => h!.engine.listOutbox().length === 0);
    const [post] = (await h.fresh(range())).posts.filter((p) => p.content.includes(tag));
    h.posts.setReviewState(h.brand, { postId: post!.id, state: 'approved' });
    h.posts.setReviewSettings(h.brand, { needsApproval: true });

    // Same text and account, a new time: still approved, so it goes.
    const moved = h.draft(`Original ${tag}`, { replacesGroup: post!.group });
    await h.posts.sendDraft(h.brand, { draftId: moved, type: 'schedule', date: inMinutes(150) });
    expect(shownWith(tag).find((p) => p.localOnly)?.review?.state).toBe('approved');
    await until('the re-timed edit is sent', () => h!.engine.listOutbox().length === 0);

    const [now] = (await h.fresh(range())).posts.filter((p) => p.content.includes(tag));
    expect(now?.review?.state).toBe('approved');
    const reworded = h.draft(`Reworded ${tag}`, { replacesGroup: now!.group });
    await h.posts.sendDraft(h.brand, { draftId: reworded, type: 'schedule', date: inMinutes(150) });
    const local = shownWith(tag).find((p) => p.localOnly);
    expect(local?.review).toMatchObject({ state: 'inReview', held: HELD_FOR_APPROVAL });
  });

  it('applies a reply: verdicts, comments, changed since review; refuses forged, garbled and other brands; twice changes nothing', async () => {
    h = await harness();
    h.posts.setReviewSettings(h.brand, { needsApproval: true });
    const tag = `reply-${Date.now()}`;
    for (const n of [1, 2, 3])
      await h.posts.sendDraft(h.brand, {
        draftId: h.draft(`Post ${n} ${tag}`),
        type: 'schedule',
        date: inMinutes(60 + n),
      });
    const posts = shownWith(tag);
    const { packId, items } = pack(posts);
    expect(shownWith(tag).every((p) => p.review?.state === 'inReview')).toBe(true);
    const [a, b, c] = items;

    // Post 3 is edited after the pack was made.
    const third = posts.find((p) => p.content.startsWith('Post 3'))!;
    const draftId = /draft:(.+)/.exec(c!.key)?.[1];
    const op = h.engine.listOutbox().find((o) => o.draftId === draftId)!;
    h.posts.discardOutbox(h.brand, { id: op.id });
    h.drafts.saveDraft({
      ...h.drafts.getDraft({ id: draftId! }),
      blocks: [{ content: `Post 3 edited ${tag}`, media: [] }],
    });
    await h.posts.sendDraft(h.brand, { draftId: draftId!, type: 'schedule', date: third.publishDate });

    const text = reply(packId, [
      { key: a!.key, seen: a!.seen, verdict: 'approved', comment: '' },
      { key: b!.key, seen: b!.seen, verdict: 'changesRequested', comment: 'Say "autumn", not "fall".' },
      { key: c!.key, seen: c!.seen, verdict: 'approved', comment: '' },
    ]);
    expect(refusal(() => h!.posts.importReviewReply(active(), 'not json {'))).toBe(REPLY_REFUSED.garbled);
    expect(
      refusal(() => h!.posts.importReviewReply(active(), text.replace('"approved"', '"published"'))),
    ).toBe(REPLY_REFUSED.garbled);
    // A reply may not carry a text or a time.
    const withText = JSON.parse(text) as { verdicts: Record<string, unknown>[] };
    withText.verdicts[0]!.content = 'Changed by the reviewer';
    expect(refusal(() => h!.posts.importReviewReply(active(), JSON.stringify(withText)))).toBe(
      REPLY_REFUSED.garbled,
    );
    expect(refusal(() => h!.posts.importReviewReply(active(), text.replace(a!.seen, 'f'.repeat(64))))).toBe(
      REPLY_REFUSED.forged,
    );
    expect(refusal(() => h!.posts.importReviewReply(active(), reply(randomUUID(), [])))).toBe(
      REPLY_REFUSED.unknownPack,
    );
    expect(refusal(() => h!.posts.importReviewReply(active(), reply(packId, [], 'another-brand')))).toMatch(
      /another brand/,
    );

    const first = h.posts.importReviewReply(active(), text);
    expect(first.summary).toMatchObject({
      approved: 1,
      changesRequested: 1,
      changedSinceReview: 1,
      alreadyImported: false,
    });
    const byText = (start: string) => shownWith(tag).find((p) => p.content.startsWith(start))?.review;
    expect(byText('Post 1')?.state).toBe('approved');
    expect(byText('Post 2')).toMatchObject({
      state: 'changesRequested',
      comment: 'Say "autumn", not "fall".',
    });
    expect(byText('Post 3 edited')).toMatchObject({
      state: 'inReview',
      changedSinceReview: { verdict: 'approved', comment: null },
      held: HELD_FOR_APPROVAL,
    });
    await until('the approved post is sent', () => h!.engine.listOutbox().length === 2);

    const before = JSON.stringify(h.engine.listPosts(h.brand, range()).posts.map((p) => p.review));
    const again = h.posts.importReviewReply(active(), text);
    expect(again.summary.alreadyImported).toBe(true);
    expect(JSON.stringify(h.engine.listPosts(h.brand, range()).posts.map((p) => p.review))).toBe(before);
  });
});
