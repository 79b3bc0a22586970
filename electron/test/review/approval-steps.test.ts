import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { describeEntry } from '../../../shared/activity/words.js';
import type { CalendarPost } from '../../../shared/posts/ipc.js';
import {
  DEFAULT_FLOW,
  HELD_FOR_APPROVAL,
  NOT_APPROVED_OUTCOME,
  REPLY_FORMAT,
  ReviewSettingsView,
  type ApprovalFlow,
  type ReviewReply,
} from '../../../shared/review/model.js';
import { ActivityLog } from '../../activity/activity-log.js';
import { AppFailure } from '../../core/app-failure.js';
import { REPLY_REFUSED } from '../../posts/review-writes.js';
import { MissedApprovals } from '../../review/missed-approvals.js';
import { harness, inMinutes, PROFILE_ID, until, type Harness } from '../support/sync-harness.js';

/*
 * Approvals in steps, against the real local service and a real database file: a post goes out only
 * once every step has approved it; a reply counts only for the step its pack asked about and is
 * signed by an approver of that step, whose typed name is the "who" of the log; "all" waits for
 * everyone; an edit sends a post back to the first step and a new time does not (unless the brand
 * says so); a post whose time passes at a step is not sent, says so and is told of once; settings
 * from before steps read as one step.
 */

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

const TWO_STEPS: ApprovalFlow = [
  { name: 'Team lead', approvers: ['Tom Reyes'], rule: 'any' },
  { name: 'Client', approvers: ['Clara Ng', 'Sam Ode'], rule: 'any' },
];

const range = () => ({
  start: new Date(Date.now() - 86_400_000).toISOString(),
  end: inMinutes(60 * 24 * 30),
});
const active = () => ({ profileId: PROFILE_ID, brandId: h!.brandId });
const shownWith = (tag: string): CalendarPost[] =>
  h!.engine.listPosts(h!.brand, range()).posts.filter((p) => p.content.includes(tag));

/** Records a pack of the posts (as exporting one does), asking about `step` (the one they wait at). */
function pack(posts: readonly CalendarPost[], step?: number) {
  const keys = [...new Set(posts.map((p) => h!.review.subjectFor(active(), p)))];
  const items = keys.map((key) => {
    const waits = h!.review.stepOf(active(), h!.review.recordOf(active(), key)).index;
    return { key, seen: h!.review.current(active(), key)!.seen, step: step ?? waits };
  });
  const packId = randomUUID();
  h!.posts.recordReviewPack(active(), packId, items);
  return { packId, items };
}

function reply(
  made: ReturnType<typeof pack>,
  approver: string | null,
  verdict: 'approved' | 'changesRequested' = 'approved',
): string {
  const body: ReviewReply = {
    format: REPLY_FORMAT,
    version: 2,
    ...(approver ? { approver } : {}),
    packId: made.packId,
    brandId: h!.brandId,
    verdicts: made.items.map((i) => ({ key: i.key, seen: i.seen, verdict, comment: '', step: i.step })),
  };
  return JSON.stringify(body);
}

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (e) {
    if (e instanceof AppFailure) return e.message;
    throw e;
  }
  throw new Error('it was not refused');
}

async function heldPost(tag: string, minutes = 90): Promise<string> {
  const { outboxId } = await h!.posts.sendDraft(h!.brand, {
    draftId: h!.draft(`Steps ${tag}`),
    type: 'schedule',
    date: inMinutes(minutes),
  });
  return outboxId;
}

describe('approvals in steps', () => {
  it('sends a post only once both steps approved it, each by a reply of its own step, signed by its approver', async () => {
    h = await harness();
    h.posts.setReviewSettings(h.brand, { needsApproval: true, flow: TWO_STEPS });
    const tag = `two-${Date.now()}`;
    const outboxId = await heldPost(tag);
    const first = pack(shownWith(tag));
    expect(first.items[0]?.step).toBe(0);
    expect(shownWith(tag)[0]?.review).toMatchObject({
      state: 'inReview',
      step: { index: 0, count: 2, name: 'Team lead' },
      held: 'Waiting for approval at step 1 of 2 (Team lead): this brand sends posts only once every step is approved.',
    });

    // A reply for step 2 while step 1 waits is refused with a sentence, and changes nothing.
    const ahead = pack(shownWith(tag), 1);
    expect(refusal(() => h!.posts.importReviewReply(active(), reply(ahead, 'Clara Ng')))).toBe(
      REPLY_REFUSED.stepAhead(
        { index: 1, count: 2, name: 'Client' },
        { index: 0, count: 2, name: 'Team lead' },
      ),
    );
    // Signed by someone who does not approve step 1, or by nobody: refused too.
    expect(refusal(() => h!.posts.importReviewReply(active(), reply(first, 'Clara Ng')))).toBe(
      REPLY_REFUSED.notApprover('Clara Ng', { index: 0, count: 2, name: 'Team lead' }, ['Tom Reyes']),
    );
    expect(refusal(() => h!.posts.importReviewReply(active(), reply(first, null)))).toMatch(
      /carries no approver’s name/,
    );
    expect(shownWith(tag)[0]?.review?.step?.index).toBe(0);

    // The team lead approves (the name as typed, in another case): step 2 waits, still not sent.
    const one = h.posts.importReviewReply(active(), reply(first, ' tom reyes '));
    expect(one.summary).toMatchObject({ approved: 0, stepsPassed: 1 });
    expect(shownWith(tag)[0]?.review).toMatchObject({
      state: 'inReview',
      step: { index: 1, count: 2, name: 'Client' },
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(h.engine.listOutbox().find((o) => o.id === outboxId)?.heldBecause).toMatch(
      /step 2 of 2 \(Client\)/,
    );
    expect((await h.listOnServer()).filter((p) => p.content?.includes(tag))).toHaveLength(0);
    // The step-1 pack's reply again (another copy, another name) changes nothing: that step is passed.
    expect(h.posts.importReviewReply(active(), reply(first, 'Tom Reyes')).summary).toMatchObject({
      approved: 0,
      stepsPassed: 0,
    });

    // The client approves in a pack made now (it asks about step 2): approved, and sent.
    const second = pack(shownWith(tag));
    expect(second.items[0]?.step).toBe(1);
    expect(h.posts.importReviewReply(active(), reply(second, 'Clara Ng')).summary.approved).toBe(1);
    await until('the approved post is sent', () => h!.engine.listOutbox().length === 0);
    expect((await h.listOnServer()).filter((p) => p.content?.includes(tag))).toHaveLength(1);

    // The log: each approval with the name typed in the pack and its step.
    const entries = new ActivityLog(h.db, () => new Date()).history(h.brand, {
      groups: [],
      outboxIds: [outboxId],
    });
    const byApprover = entries.filter((e) => e.who.kind === 'approver');
    expect(byApprover.map((e) => e.who)).toEqual([
      { kind: 'approver', name: 'tom reyes' },
      { kind: 'approver', name: 'Clara Ng' },
    ]);
    expect(byApprover.map((e) => describeEntry(e, (t) => t))).toEqual([
      expect.stringMatching(
        /^Review: Approved at step 1 of 2 \(Team lead\) by a reply to the review pack of .* · tom reyes \(name typed in the review pack\)$/,
      ),
      expect.stringMatching(/^Review: Approved at step 2 of 2 \(Client\) .* · Clara Ng \(name typed/),
    ]);
  });

  it('waits for everyone at an "all" step; an approval in the app passes the step the post waits at', async () => {
    h = await harness();
    h.posts.setReviewSettings(h.brand, {
      needsApproval: true,
      flow: [
        { name: 'Legal', approvers: ['Ana', 'Ben'], rule: 'all' },
        { name: 'Client', approvers: [], rule: 'any' },
      ],
    });
    const tag = `all-${Date.now()}`;
    await heldPost(tag);
    const made = pack(shownWith(tag));
    expect(h.posts.importReviewReply(active(), reply(made, 'Ana')).summary.stepsPassed).toBe(1);
    expect(shownWith(tag)[0]?.review?.step?.index).toBe(0);
    h.posts.importReviewReply(active(), reply(made, 'Ben'));
    expect(shownWith(tag)[0]?.review?.step?.index).toBe(1);
    // The agency's own approval (by phone) passes the Client step: the post goes.
    h.posts.setReviewState(h.brand, { postId: shownWith(tag)[0]!.id, state: 'approved' });
    await until('sent', () => h!.engine.listOutbox().length === 0);
  });

  it('sends an edited post back to the first step; a new time keeps its step unless the brand says so', async () => {
    h = await harness();
    h.posts.setReviewSettings(h.brand, { needsApproval: true, flow: TWO_STEPS });
    const tag = `reset-${Date.now()}`;
    await heldPost(tag);
    h.posts.importReviewReply(active(), reply(pack(shownWith(tag)), 'Tom Reyes'));
    expect(shownWith(tag)[0]?.review?.step?.index).toBe(1);
    const draftId = /draft:(.+)/.exec(h.review.subjectFor(active(), shownWith(tag)[0]!))?.[1];
    const requeue = async (text: string, minutes: number) => {
      const op = h!.engine.listOutbox().find((o) => o.draftId === draftId)!;
      h!.posts.discardOutbox(h!.brand, { id: op.id });
      h!.drafts.saveDraft({
        ...h!.drafts.getDraft({ id: draftId! }),
        blocks: [{ content: text, media: [] }],
      });
      await h!.posts.sendDraft(h!.brand, { draftId: draftId!, type: 'schedule', date: inMinutes(minutes) });
    };
    // A new time: still at step 2.
    await requeue(`Steps ${tag}`, 120);
    expect(shownWith(tag)[0]?.review?.step?.index).toBe(1);
    // A new text: back to step 1.
    await requeue(`Steps, reworded ${tag}`, 120);
    expect(shownWith(tag)[0]?.review).toMatchObject({ state: 'inReview', step: { index: 0 } });
    // The brand's option: a new time sends it back too.
    h.posts.importReviewReply(active(), reply(pack(shownWith(tag)), 'Tom Reyes'));
    expect(shownWith(tag)[0]?.review?.step?.index).toBe(1);
    h.posts.setReviewSettings(h.brand, { timeResets: true });
    await requeue(`Steps, reworded ${tag}`, 150);
    expect(shownWith(tag)[0]?.review?.step?.index).toBe(0);
  });

  it('does not send a post whose time passed at step 2: the Outbox says why, one notice tells of it, and once approved it asks', async () => {
    h = await harness();
    h.posts.setReviewSettings(h.brand, { needsApproval: true, flow: TWO_STEPS });
    const tag = `missed-${Date.now()}`;
    const { outboxId } = await h.posts.sendDraft(h.brand, {
      draftId: h.draft(`Steps ${tag}`),
      type: 'schedule',
      date: new Date(Date.now() + 1500).toISOString(),
    });
    h.posts.importReviewReply(active(), reply(pack(shownWith(tag)), 'Tom Reyes'));
    await new Promise((r) => setTimeout(r, 2200));
    const held = h.engine.listOutbox().find((o) => o.id === outboxId)?.heldBecause ?? '';
    expect(held).toMatch(
      /^Not sent: its time \(.+\) passed while it waited for approval at step 2 of 2 \(Client\)\. Once it is approved, post it now or pick a new time\.$/,
    );
    expect(shownWith(tag)[0]?.review?.held).toBe(held);
    expect((await h.listOnServer()).filter((p) => p.content?.includes(tag))).toHaveLength(0);

    const events: { name: string; payload: unknown }[] = [];
    const told = new MissedApprovals({
      lens: h.review,
      // Every operation waiting, as records (the app reads them from the outbox's repository).
      ops: () => h!.engine.listOutbox().flatMap((o) => h!.review.latestOp(active(), `op:${o.id}`) ?? []),
      emit: (name, payload) => events.push({ name, payload }),
      status: () => h!.engine.getSyncStatus(),
    });
    expect(told.check()).toBe(1);
    expect(told.check()).toBe(0);
    expect(events.find((e) => e.name === 'postOutcome')?.payload).toEqual({
      postId: `local:${outboxId}:0`,
      state: NOT_APPROVED_OUTCOME,
      content: `Steps ${tag}`,
      error: held,
    });

    // Approved now: the outbox asks "post now or pick a new time" instead of sending late.
    h.posts.importReviewReply(active(), reply(pack(shownWith(tag)), 'Sam Ode'));
    await until('the outbox asks', () => h!.engine.listOutbox()[0]?.status === 'needsDecision');
    expect(h.engine.listOutbox()[0]?.lastError).toMatch(/Post it now or pick a new time/);
    expect((await h.listOnServer()).filter((p) => p.content?.includes(tag))).toHaveLength(0);
  });

  it('reads settings from before steps as one step, and refuses a flow with no step or an unnamed one', async () => {
    h = await harness();
    h.posts.setReviewSettings(h.brand, { needsApproval: true });
    // A row as it was before approval steps: no flow written.
    h.db.sql.prepare('UPDATE review_settings SET flow_json = NULL').run();
    const fresh = h.posts.reviewSettings(h.brand);
    expect(fresh.flow).toEqual(DEFAULT_FLOW);
    const tag = `old-${Date.now()}`;
    await heldPost(tag);
    expect(shownWith(tag)[0]?.review).toMatchObject({ held: HELD_FOR_APPROVAL });
    // A one-step flow's reply carries no step and no name (a pack made before steps): still applied.
    const made = pack(shownWith(tag));
    const old = JSON.stringify({
      format: REPLY_FORMAT,
      version: 1,
      packId: made.packId,
      brandId: h.brandId,
      verdicts: made.items.map((i) => ({ key: i.key, seen: i.seen, verdict: 'approved', comment: '' })),
    });
    expect(h.posts.importReviewReply(active(), old).summary.approved).toBe(1);
    await until('sent', () => h!.engine.listOutbox().length === 0);

    const input = ReviewSettingsView.partial();
    expect(input.safeParse({ flow: [] }).success).toBe(false);
    expect(input.safeParse({ flow: [{ name: ' ', approvers: [], rule: 'any' }] }).success).toBe(false);
    expect(input.safeParse({ flow: [{ name: 'Client', approvers: [], rule: 'some' }] }).success).toBe(false);
    expect(input.safeParse({ flow: TWO_STEPS }).success).toBe(true);
  });
});
