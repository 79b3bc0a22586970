import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../../shared/activity/model.js';
import { describeEntry } from '../../../shared/activity/words.js';
import { REPLY_FORMAT } from '../../../shared/review/model.js';
import { ActivityLog } from '../../activity/activity-log.js';
import { ProfilesRepo } from '../../store/profiles-repo.js';
import { IntegrationsRepo } from '../../integrations/integrations-repo.js';
import { CategoriesRepo } from '../../categories/categories-repo.js';
import { LabelsRepo } from '../../labels/labels-repo.js';
import { harness, inMinutes, PROFILE_ID, until, type Harness } from '../support/sync-harness.js';

/*
 * The activity log against the real local service and a real database file: each kind of change
 * made through the posts module (composer, drag, Undo, the details' reschedule, delete, review, a
 * pack's reply, the Outbox's retry and discard) and each answer of the service is written down
 * with its origin and who, under the post group; the log refuses a write outside a transaction;
 * search, paging and retention work on it.
 */

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

const log = () => new ActivityLog(h!.db, () => new Date());
const l = (of: Harness) => new ActivityLog(of.db, () => new Date());
const time = (iso: string) => iso;
const words = (entries: readonly ActivityEntry[]) => entries.map((e) => describeEntry(e, time));

/** A post the service has and the calendar caches, made straight on the service. */
async function existing(tag: string, minutes: number) {
  const [made] = await h!.api().createPosts({
    type: 'schedule',
    date: inMinutes(minutes),
    shortLink: false,
    posts: [
      { integration: { id: h!.integrationId }, value: [{ content: `${tag}` }], settings: { __type: 'x' } },
    ],
  });
  await h!.fresh({ start: new Date().toISOString(), end: inMinutes(60 * 24 * 3) });
  const post = h!.engine
    .listPosts(h!.brand, { start: new Date().toISOString(), end: inMinutes(60 * 24 * 3) })
    .posts.find((p) => p.id === made!.postId)!;
  return post;
}

describe('activity log', () => {
  it('records a create from the composer and its confirmation under the group the service gave', async () => {
    h = await harness();
    new ProfilesRepo(h.db).save({
      id: PROFILE_ID,
      label: 'Agency laptop',
      baseUrl: h.baseUrl,
      brandId: h.brandId,
      organization: null,
      user: { id: 'u1', email: 'ana@example.com', name: 'Ana Ruiz' },
      scopes: null,
      keyStorage: 'session',
    });
    new IntegrationsRepo(h.db).learn(PROFILE_ID, h.brandId, [
      { id: h.integrationId, platform: 'x', name: 'Harbor Coffee' },
    ]);
    const tag = `composer-${Date.now()}`;
    const { outboxId } = await h.posts.sendDraft(h.brand, {
      draftId: h.draft(`Hello ${tag}`),
      type: 'schedule',
      date: inMinutes(90),
    });
    // Before the service answers: the history of the local post is its operation's.
    const before = log().history(h.brand, { groups: [], outboxIds: [outboxId] });
    expect(before[0]?.change).toMatchObject({ kind: 'created', text: `Hello ${tag}` });
    expect(before[0]?.origin).toEqual({ kind: 'composer' });
    expect(before[0]?.who).toEqual({ kind: 'connectionUser', name: 'Ana Ruiz', source: 'service' });

    await until('sent', () => h!.engine.listOutbox().length === 0);
    const [onService] = (await h.listOnServer()).filter((p) => p.content?.includes(tag));
    const group = h.db.sql.prepare('SELECT group_id FROM posts WHERE id = ?').get(onService!.id) as {
      group_id: string;
    };
    const after = log().history(h.brand, { groups: [group.group_id], outboxIds: [] });
    expect(after.map((e) => e.change.kind)).toEqual(['created', 'confirmed']);
    expect(after[1]?.who).toEqual({ kind: 'service' });
    expect(after.every((e) => e.group === group.group_id)).toBe(true);
    // The account's name as the brand shows it, not its id.
    expect(after[0]?.change).toMatchObject({ accounts: ['Harbor Coffee'] });
  });

  it("says where each move came from (drag, Undo, the details), who made it, and the service's refusal with its reason", async () => {
    h = await harness();
    const tag = `moves-${Date.now()}`;
    const post = await existing(`Move me ${tag}`, 300);
    const group = post.group!;
    const first = inMinutes(400);
    const { batchId } = h.posts.applyBulkChange(h.brand, {
      moves: [{ id: post.id, from: post.publishDate, to: first }],
      deleteGroups: [],
      origin: 'drag',
    });
    h.posts.undoBulkChange(h.brand, { batchId });
    h.posts.reschedulePost(h.brand, { id: post.id, date: inMinutes(500) });
    await until('moves sent', () => h!.engine.listOutbox().length === 0);
    const entries = log().history(h.brand, { groups: [group], outboxIds: [] });
    const mine = entries.filter((e) => e.who.kind === 'connectionUser');
    expect(mine.map((e) => e.origin.kind)).toEqual(['drag', 'undo', 'calendar']);
    expect(mine[0]?.change).toEqual({ kind: 'moved', from: post.publishDate, to: first });
    expect(mine[1]?.change).toEqual({ kind: 'moved', from: first, to: post.publishDate });
    // No user named by the service: the connection's name as typed, and the entry says so.
    expect(mine[0]?.who).toEqual({ kind: 'connectionUser', name: 'Test', source: 'connectionName' });
    expect(words(mine)[0]).toContain(
      'by dragging in the calendar · Test (connection name; the service named no user)',
    );

    // Deleted on the service behind the app's back: the next move is refused, with the reason.
    await h.api().deleteGroup(group);
    h.posts.reschedulePost(h.brand, { id: post.id, date: inMinutes(600) });
    await until('refused', () => h!.engine.listOutbox().some((o) => o.status === 'failed'));
    const refused = log()
      .history(h.brand, { groups: [group], outboxIds: [] })
      .filter((e) => e.change.kind === 'refused');
    expect(refused).toHaveLength(1);
    expect(refused[0]?.who).toEqual({ kind: 'service' });
    expect(refused[0]?.change).toMatchObject({
      kind: 'refused',
      what: 'reschedule',
      reason: expect.stringMatching(/\w/),
    });

    // Retried, then discarded from the Outbox: both on record.
    const failed = h.engine.listOutbox().find((o) => o.status === 'failed')!;
    h.posts.retryOutbox({ id: failed.id });
    await until('refused again', () => h!.engine.listOutbox().some((o) => o.status === 'failed'));
    h.posts.discardOutbox(h.brand, { id: failed.id });
    const outbox = log()
      .history(h.brand, { groups: [group], outboxIds: [] })
      .filter((e) => e.origin.kind === 'outboxRetry' || e.origin.kind === 'outboxDiscard');
    expect(outbox.map((e) => e.change.kind)).toEqual(['retried', 'discarded']);
  });

  it("records verdicts given in the app and by a pack reply (with the pack's date), and deletes", async () => {
    h = await harness();
    const tag = `review-${Date.now()}`;
    const post = await existing(`Review me ${tag}`, 300);
    const group = post.group!;
    h.posts.setReviewState(h.brand, { postId: post.id, state: 'inReview' });
    const key = h.review.subjectFor(h.brand, post);
    const seen = h.review.current(h.brand, key)!.seen;
    const packId = randomUUID();
    h.posts.recordReviewPack(h.brand, packId, [{ key, seen }]);
    h.posts.importReviewReply(
      h.brand,
      JSON.stringify({
        format: REPLY_FORMAT,
        version: 1,
        packId,
        brandId: h.brandId,
        verdicts: [{ key, seen, verdict: 'changesRequested', comment: 'Warmer, please' }],
      }),
    );
    h.posts.deleteGroup(h.brand, { group });
    await until('deleted', () => h!.engine.listOutbox().length === 0);
    const entries = log().history(h.brand, { groups: [group], outboxIds: [] });
    // The pack changed nothing (the post was in review already with the same text): no entry for it.
    expect(entries.map((e) => `${e.origin.kind}:${e.change.kind}`)).toEqual([
      'review:review',
      'reviewReply:review',
      'calendar:deleted',
      'outbox:confirmed',
    ]);
    const replied = entries[1]!;
    expect(replied.who).toEqual({ kind: 'approver', name: null });
    expect(replied.change).toMatchObject({ state: 'changesRequested', comment: 'Warmer, please' });
    expect(replied.origin).toMatchObject({ kind: 'reviewReply', packDate: expect.stringMatching(/^\d{4}-/) });
    expect(describeEntry(replied, time)).toMatch(
      /by a reply to the review pack of .* · The reviewer \(no name given\)/,
    );
  });

  it('records the first passing fault of a send once, not each retry, and the confirmation after it', async () => {
    h = await harness();
    const tag = `retry-${Date.now()}`;
    const post = await existing(`Retry me ${tag}`, 300);
    await h.stopService();
    h.posts.reschedulePost(h.brand, { id: post.id, date: inMinutes(420) });
    await until('tried a few times', () => (h!.engine.listOutbox()[0]?.attempts ?? 0) >= 3);
    await h.startServiceAgain();
    h.engine.retryNow();
    await until('sent once the service is back', () => h!.engine.listOutbox().length === 0, 20_000);
    const kinds = log()
      .history(h.brand, { groups: [post.group!], outboxIds: [] })
      .map((e) => e.change.kind);
    expect(kinds).toEqual(['moved', 'willRetry', 'confirmed']);
  });

  it("records a post group's labels before and after, and nothing for a draft not sent yet", async () => {
    h = await harness();
    const tag = `labels-${Date.now()}`;
    const post = await existing(`Label me ${tag}`, 300);
    const labels = new LabelsRepo(h.db, () => new Date(), log());
    const spring = labels.saveLabel(h.brand, { name: 'Spring', color: 'green', campaign: null });
    const menu = labels.saveLabel(h.brand, { name: 'Menu', color: 'blue', campaign: null });
    labels.setLabels(h.brand, [post.group!], [spring.id, menu.id], []);
    labels.setLabels(h.brand, [post.group!], [], [spring.id]);
    // Asked again, nothing changes: nothing is written.
    labels.setLabels(h.brand, [post.group!], [], [spring.id]);
    const entries = log().history(h.brand, { groups: [post.group!], outboxIds: [] });
    expect(entries.map((e) => e.change)).toEqual([
      { kind: 'labels', before: [], after: ['Menu', 'Spring'] },
      { kind: 'labels', before: ['Menu', 'Spring'], after: ['Menu'] },
    ]);
    expect(describeEntry(entries[1]!, time)).toMatch(
      /^Labels changed from Menu, Spring to Menu with the Labels menu · /,
    );
    const draft = h.draft(`Not sent ${tag}`);
    labels.setLabels(h.brand, [`draft:${draft}`], [spring.id], []);
    expect(l(h).brandLog(h.brand, { query: 'spring' }).entries).toHaveLength(2);
  });

  it("records a post group's content category before and after, by name", async () => {
    h = await harness();
    const post = await existing(`Categorise me ${Date.now()}`, 320);
    const categories = new CategoriesRepo(h.db, () => new Date(), log());
    const tips = categories.save(h.brand, { name: 'Tips', color: 'green', targetPercent: 40 });
    const product = categories.save(h.brand, { name: 'Product', color: 'blue', targetPercent: 30 });
    categories.set(h.brand, [post.group!], tips.id);
    categories.set(h.brand, [post.group!], product.id);
    // The same again changes nothing and writes nothing.
    categories.set(h.brand, [post.group!], product.id);
    categories.set(h.brand, [post.group!], null);
    const entries = log().history(h.brand, { groups: [post.group!], outboxIds: [] });
    expect(entries.map((e) => e.change)).toEqual([
      { kind: 'category', before: null, after: 'Tips' },
      { kind: 'category', before: 'Tips', after: 'Product' },
      { kind: 'category', before: 'Product', after: null },
    ]);
    expect(describeEntry(entries[1]!, time)).toMatch(
      /^Category changed from Tips to Product with the category picker · /,
    );
  });

  it('refuses a write outside a transaction; searches, pages and forgets old entries', async () => {
    h = await harness();
    await h.engine.stop();
    const l = log();
    expect(() =>
      l.record(
        h!.brand,
        { group: 'g', outboxId: null },
        { origin: { kind: 'bulk' }, change: { kind: 'restored' } },
      ),
    ).toThrow(/only with the change/);
    // Too long to keep whole: cut, never refused (refusing would fail the change it describes).
    h.db.tx(() => {
      l.record(
        h!.brand,
        { group: 'huge', outboxId: null },
        {
          origin: { kind: 'outbox' },
          who: { kind: 'service' },
          change: { kind: 'refused', what: 'create', reason: 'r'.repeat(10_000) },
        },
      );
      l.record(
        h!.brand,
        { group: 'huge', outboxId: null },
        {
          origin: { kind: 'bulk' },
          change: {
            kind: 'labels',
            before: [],
            after: Array.from({ length: 500 }, (_, i) => `${i}`.repeat(300)),
          },
        },
      );
    });
    const huge = l.history(h.brand, { groups: ['huge'], outboxIds: [] });
    expect(huge).toHaveLength(2);
    expect(huge[0]!.change).toMatchObject({ reason: expect.stringMatching(/^r{1999}…$/) });
    expect(huge[1]!.change.kind === 'labels' && huge[1]!.change.after.length).toBe(100);
    h.db.sql.prepare("DELETE FROM activity WHERE group_id = 'huge'").run();
    for (let i = 0; i < 7; i++)
      h.db.tx(() =>
        l.record(
          h!.brand,
          { group: `g${i}`, outboxId: null },
          {
            origin: { kind: 'import', file: `week ${i}.csv` },
            change: { kind: 'deleted', text: `Text ${i}` },
          },
        ),
      );
    expect(l.brandLog(h.brand, { query: 'week 3.csv' }).entries).toHaveLength(1);
    expect(l.brandLog(h.brand, { query: 'text' }).entries).toHaveLength(7);
    // % and _ are plain characters in a search, not wildcards.
    expect(l.brandLog(h.brand, { query: '%' }).entries).toHaveLength(0);
    const page = l.brandLog(h.brand, { limit: 3 });
    expect(page.entries.map((e) => e.group)).toEqual(['g6', 'g5', 'g4']);
    const next = l.brandLog(h.brand, { limit: 3, before: page.next! });
    expect(next.entries.map((e) => e.group)).toEqual(['g3', 'g2', 'g1']);
    // Another brand's entries are not this brand's.
    expect(l.brandLog({ ...h.brand, brandId: 'another' }).entries).toHaveLength(0);
    // Retention: a year later, entries kept 365 days are forgotten.
    const later = new ActivityLog(h.db, () => new Date(Date.now() + 366 * 86_400_000));
    expect(later.prune(365)).toBe(7);
    expect(l.brandLog(h.brand).entries).toHaveLength(0);
  });
});
