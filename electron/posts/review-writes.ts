import { createHash } from 'node:crypto';
import {
  ApprovalFlow,
  MAX_REVIEW_COMMENT,
  ReviewReply,
  sameName,
  stepWords,
  type ReviewImportSummary,
  type ReviewState,
} from '../../shared/review/model.js';
import type { ActiveBrand } from '../core/active-brand.js';
import { AppFailure } from '../core/app-failure.js';
import {
  copiesOfPayload,
  fingerprint,
  subjectOfOp,
  type ReviewLens,
  type StepPlace,
} from '../review/review-lens.js';
import type { PackItem, ReviewRecord, ReviewRepo, ReviewSettings } from '../review/review-repo.js';
import type { OutboxRecord } from '../outbox/outbox-repo.js';
import type { PostsCacheReads } from '../store/posts-cache.js';
import type { AppDatabase } from '../store/database.js';
import { touchedBy } from '../outbox/outbox-entries.js';
import { whereOfSubject, type ActivityLog } from '../activity/activity-log.js';

/*
 * Review writes, part of the posts module's one door: a verdict given in the app, a pack recorded,
 * a reply applied, and what an edit does to an approved post. Each answers the posts it touched so
 * the door can answer them as the calendar now shows them; approving a held post wakes the outbox.
 */

export const REPLY_REFUSED = {
  garbled:
    'This file is not a review reply Postdeck can read: it may be damaged or changed by hand. Ask the reviewer to save the reply again from the pack.',
  unknownPack:
    'This reply answers a review pack this app did not make (or one made on another device), so it was not applied.',
  otherBrand: (name: string) =>
    `This reply is for another brand than the one on screen: switch to ${name} and import it there.`,
  forged:
    'This reply does not match the pack it names (a post or what the reviewer saw differs), so nothing was applied.',
  stepAhead: (ahead: StepPlace, waiting: StepPlace) =>
    `This reply is for ${stepWords(ahead)}, but a post in it still waits for ${stepWords(waiting)}: import the reply for ${waiting.name} first. Nothing was applied.`,
  noName: (step: StepPlace, approvers: readonly string[]) =>
    `This reply carries no approver’s name, and ${stepWords(step)} is approved by ${approvers.join(', ')} only. Ask one of them to type their name in the pack and save the reply again. Nothing was applied.`,
  notApprover: (name: string, step: StepPlace, approvers: readonly string[]) =>
    `This reply is signed “${name}”, who is not an approver of ${stepWords(step)} (${approvers.join(', ')}). Ask one of them to reply. Nothing was applied.`,
} as const;

/** What a verdict does to where a post stands in its flow. */
interface StepMove {
  state: ReviewState;
  step: number;
  stepApprovals: string[];
  /** Approved at this step, still waiting (for the next step, or for others of this one). */
  waiting: boolean;
}

/** An approval at the post's current step: the next step, the end of the flow, or more approvers to come. */
function approveStep(
  flow: ApprovalFlow,
  at: number,
  before: readonly string[],
  who: string | null,
): StepMove {
  const step = flow[at];
  const approvals = who && !before.some((n) => sameName(n, who)) ? [...before, who.trim()] : [...before];
  const complete =
    !step ||
    step.rule === 'any' ||
    step.approvers.length === 0 ||
    who === null ||
    step.approvers.every((a) => approvals.some((n) => sameName(n, a)));
  if (!complete) return { state: 'inReview', step: at, stepApprovals: approvals, waiting: true };
  if (at + 1 >= flow.length) return { state: 'approved', step: at, stepApprovals: [], waiting: false };
  return { state: 'inReview', step: at + 1, stepApprovals: [], waiting: true };
}

export interface ReviewWritesOptions {
  db: AppDatabase;
  reviews: ReviewRepo;
  lens: ReviewLens;
  cache: PostsCacheReads;
  outbox: { get(id: string): OutboxRecord | null; list(scope: ActiveBrand): OutboxRecord[] };
  brandName(scope: ActiveBrand): string;
  /** The activity log: verdicts are recorded with them (absent in some tests). */
  activity?: ActivityLog;
}

export class ReviewWrites {
  constructor(private readonly o: ReviewWritesOptions) {}

  /** The subject a calendar post belongs to, or a clear refusal. */
  subjectOf(active: ActiveBrand, postId: string): { subject: string; op: OutboxRecord | null } {
    const local = /^local:(.+):\d+$/.exec(postId);
    if (local) {
      const op = this.o.outbox.get(local[1] ?? '');
      if (op && op.brandId === active.brandId) return { subject: subjectOfOp(op), op };
    } else {
      const post = this.o.cache.get(active.profileId, active.brandId, postId);
      if (post?.group) return { subject: `group:${post.group}`, op: null };
      if (post) return { subject: `post:${post.id}`, op: null };
    }
    throw new AppFailure('NOT_FOUND', 'This post is no longer in the calendar; it may have been deleted.');
  }

  /** The posts of a subject the calendar shows (answered by the door as they look now). */
  touched(active: ActiveBrand, subject: string): string[] {
    if (subject.startsWith('group:'))
      return this.o.cache.listGroup(active.profileId, active.brandId, subject.slice(6)).map((p) => p.id);
    const op = this.o.lens.latestOp(active, subject);
    return op ? touchedBy(this.o.cache, op) : [];
  }

  /** A state set in the app (the agency's own approval, or putting a post in review). */
  set(active: ActiveBrand, postId: string, state: ReviewState, comment: string | null): string[] {
    if (comment !== null && comment.length > MAX_REVIEW_COMMENT)
      throw new AppFailure('INVALID_ARGUMENT', 'A review comment can be at most 5,000 characters.');
    const { subject } = this.subjectOf(active, postId);
    const now = this.o.lens.current(active, subject);
    const before = this.o.lens.recordOf(active, subject);
    const flow = this.o.lens.settings(active).flow;
    const place = this.o.lens.stepOf(active, before);
    // An approval given here (by phone, say) passes the step the post waits at, for all its approvers;
    // putting a post in review or back to not in review starts the flow again.
    const move: StepMove =
      state === 'approved'
        ? before?.state === 'approved'
          ? { state, step: place.index, stepApprovals: [], waiting: false }
          : approveStep(flow, place.index, [], null)
        : state === 'changesRequested'
          ? { state, step: place.index, stepApprovals: [], waiting: false }
          : { state, step: 0, stepApprovals: [], waiting: false };
    const record: ReviewRecord = {
      subject,
      state: move.state,
      comment:
        state === 'changesRequested' ? comment : state === 'approved' ? null : (before?.comment ?? null),
      seenHash: now?.seen ?? before?.seenHash ?? null,
      opId: now?.op?.id ?? before?.opId ?? null,
      changedSinceReview: null,
      step: move.step,
      stepApprovals: move.stepApprovals,
      seenDate: before?.seenDate ?? null,
    };
    this.o.db.tx(() => {
      this.o.reviews.put(active, record);
      this.o.activity?.record(active, whereOfSubject(subject, record.opId), {
        origin: { kind: 'review' },
        change: {
          kind: 'review',
          state,
          comment: record.comment,
          changedSince: false,
          ...(place.count > 1 && state !== 'draft' && state !== 'inReview' ? { step: place } : {}),
        },
      });
    });
    return this.touched(active, subject);
  }

  /**
   * A local create or edit was just queued: its review follows it. Editing an approved post's text,
   * media or accounts puts it back in review; a new time alone keeps the approval.
   */
  queued(active: ActiveBrand, outboxId: string): boolean {
    const op = this.o.outbox.get(outboxId);
    if (!op || (op.kind !== 'create' && op.kind !== 'edit')) return false;
    const subject = subjectOfOp(op);
    const before =
      this.o.reviews.get(active, subject) ??
      (op.kind === 'edit' ? this.o.lens.recordOf(active, `group:${op.payload.replacesGroup}`) : null);
    if (!before) return false;
    const seen = fingerprint(copiesOfPayload(op.payload));
    const edited = before.seenHash !== null && before.seenHash !== seen;
    const date = op.payload.type === 'schedule' ? op.payload.date : null;
    // A new time keeps the approval, unless the brand asks that a moved post be approved again.
    const moved =
      this.o.lens.settings(active).timeResets &&
      before.seenDate != null &&
      date !== null &&
      Date.parse(before.seenDate) !== Date.parse(date);
    const restart = edited || moved;
    const state: ReviewState =
      restart &&
      (before.state === 'approved' || before.state === 'changesRequested' || (before.step ?? 0) > 0)
        ? 'inReview'
        : before.state;
    this.o.reviews.put(active, {
      subject,
      state,
      comment: before.comment,
      seenHash: seen,
      opId: op.id,
      changedSinceReview: edited ? null : before.changedSinceReview,
      // Back to the first step: every step approves the post as it is now.
      step: restart ? 0 : (before.step ?? 0),
      stepApprovals: restart ? [] : (before.stepApprovals ?? []),
      seenDate: date,
    });
    return true;
  }

  setSettings(active: ActiveBrand, settings: ReviewSettings): void {
    this.o.reviews.setSettings(active, settings);
  }

  /** Records a pack the app made; its posts not yet in review are now in review. */
  recordPack(active: ActiveBrand, packId: string, items: readonly PackItem[]): void {
    this.o.db.tx(() => {
      this.o.reviews.addPack(active, packId, items);
      for (const item of items) {
        const before = this.o.lens.recordOf(active, item.key);
        if (before && before.state !== 'draft' && before.seenHash === item.seen) continue;
        const now = this.o.lens.current(active, item.key);
        const opId = now?.op?.id ?? before?.opId ?? null;
        this.o.reviews.put(active, {
          subject: item.key,
          state: 'inReview',
          comment: before?.comment ?? null,
          seenHash: item.seen,
          opId,
          changedSinceReview: null,
          step: before?.step ?? 0,
          stepApprovals: before?.stepApprovals ?? [],
          seenDate: before?.seenDate ?? null,
        });
        this.o.activity?.record(active, whereOfSubject(item.key, opId), {
          origin: { kind: 'review' },
          change: { kind: 'review', state: 'inReview', comment: null, changedSince: false },
        });
      }
    });
  }

  /**
   * Applies a reviewer's reply: verdicts and comments only. A post edited since the pack was made is
   * not approved: it is marked "changed since review" with the verdict beside it.
   */
  applyReply(active: ActiveBrand, text: string): { summary: ReviewImportSummary; touched: string[] } {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new AppFailure('INVALID_ARGUMENT', REPLY_REFUSED.garbled);
    }
    const parsed = ReviewReply.safeParse(json);
    if (!parsed.success) throw new AppFailure('INVALID_ARGUMENT', REPLY_REFUSED.garbled);
    const reply = parsed.data;
    const pack = this.o.reviews.pack(reply.packId);
    if (!pack || pack.scope.profileId !== active.profileId)
      throw new AppFailure('INVALID_ARGUMENT', REPLY_REFUSED.unknownPack);
    if (pack.scope.brandId !== active.brandId || reply.brandId !== pack.scope.brandId) {
      throw new AppFailure(
        'INVALID_ARGUMENT',
        REPLY_REFUSED.otherBrand(this.o.brandName({ ...active, brandId: pack.scope.brandId })),
      );
    }
    const inPack = new Map(pack.items.map((i) => [i.key, i]));
    if (
      reply.verdicts.some((v) => {
        const item = inPack.get(v.key);
        // The step a verdict repeats must be the one the pack asked about.
        return item?.seen !== v.seen || (v.step !== undefined && v.step !== (item.step ?? 0));
      })
    )
      throw new AppFailure('INVALID_ARGUMENT', REPLY_REFUSED.forged);
    const replyHash = createHash('sha256').update(JSON.stringify(reply)).digest('hex');
    const summary: ReviewImportSummary = {
      approved: 0,
      changesRequested: 0,
      changedSinceReview: 0,
      stepsPassed: 0,
      gone: 0,
      alreadyImported: pack.replies.includes(replyHash),
    };
    if (summary.alreadyImported) return { summary, touched: [] };
    const flow = this.o.lens.settings(active).flow;
    const approver = reply.approver?.trim() ? reply.approver.trim() : null;
    const touched: string[] = [];
    this.o.db.tx(() => {
      const origin = {
        kind: 'reviewReply' as const,
        packDate: this.o.activity?.packDate(reply.packId) ?? null,
      };
      for (const v of reply.verdicts) {
        const comment = v.comment.trim() === '' ? null : v.comment.trim();
        const target = this.successor(active, v.key);
        if (!target) {
          summary.gone++;
          continue;
        }
        const before = this.o.lens.recordOf(active, target.subject);
        const waiting = this.o.lens.stepOf(active, before);
        // A pack from before approval steps asked about the step the post waits at.
        const asked = this.o.lens.stepOf(active, { step: inPack.get(v.key)?.step ?? waiting.index });
        if (target.seen === v.seen && before?.state !== 'approved') {
          // A reply counts only for its step: a later step's verdict while an earlier one waits is refused
          // (thrown inside the transaction, so nothing of this reply is kept).
          if (asked.index > waiting.index)
            throw new AppFailure('INVALID_ARGUMENT', REPLY_REFUSED.stepAhead(asked, waiting));
          // A verdict for a step the post has passed since (another approver was quicker) changes nothing.
          if (asked.index < waiting.index) continue;
          const approvers = flow[asked.index]?.approvers ?? [];
          if (approvers.length > 0 && approver === null)
            throw new AppFailure('INVALID_ARGUMENT', REPLY_REFUSED.noName(asked, approvers));
          if (approver !== null && approvers.length > 0 && !approvers.some((a) => sameName(a, approver)))
            throw new AppFailure('INVALID_ARGUMENT', REPLY_REFUSED.notApprover(approver, asked, approvers));
        }
        const move: StepMove =
          v.verdict === 'approved'
            ? approveStep(flow, waiting.index, before?.stepApprovals ?? [], approver)
            : { state: 'changesRequested', step: waiting.index, stepApprovals: [], waiting: false };
        const record: ReviewRecord =
          target.seen === v.seen
            ? {
                subject: target.subject,
                state: before?.state === 'approved' && v.verdict === 'approved' ? 'approved' : move.state,
                comment: v.verdict === 'changesRequested' ? comment : null,
                seenHash: v.seen,
                opId: target.opId ?? before?.opId ?? null,
                changedSinceReview: null,
                step: before?.state === 'approved' && v.verdict === 'approved' ? waiting.index : move.step,
                stepApprovals: before?.state === 'approved' ? [] : move.stepApprovals,
                seenDate: before?.seenDate ?? null,
              }
            : {
                subject: target.subject,
                state: before?.state === 'approved' || !before ? 'inReview' : before.state,
                comment: before?.comment ?? null,
                seenHash: before?.seenHash ?? target.seen,
                opId: target.opId ?? before?.opId ?? null,
                changedSinceReview: { verdict: v.verdict, comment },
                step: 0,
                stepApprovals: [],
                seenDate: before?.seenDate ?? null,
              };
        this.o.reviews.put(active, record);
        this.o.activity?.record(active, whereOfSubject(record.subject, record.opId), {
          origin,
          // The name the approver typed in the pack (none in a pack made before steps: said so).
          who: { kind: 'approver', name: approver },
          change: {
            kind: 'review',
            state: v.verdict,
            comment,
            changedSince: record.changedSinceReview !== null,
            ...(waiting.count > 1 && !record.changedSinceReview ? { step: waiting } : {}),
          },
        });
        if (record.changedSinceReview) summary.changedSinceReview++;
        else if (v.verdict === 'approved' && record.state === 'approved') summary.approved++;
        else if (v.verdict === 'approved') summary.stepsPassed++;
        else summary.changesRequested++;
        touched.push(...this.touched(active, target.subject));
      }
      this.o.reviews.noteReply(reply.packId, replyHash);
    });
    return { summary, touched };
  }

  /** Where a pack's post lives now: itself, or the edit that replaces its group; null when gone. */
  private successor(
    active: ActiveBrand,
    key: string,
  ): { subject: string; seen: string; opId: string | null } | null {
    const now = this.o.lens.current(active, key);
    if (now) return { subject: key, seen: now.seen, opId: now.op?.id ?? null };
    if (key.startsWith('group:')) {
      const group = key.slice(6);
      const edit = this.o.outbox
        .list(active)
        .find((op) => op.kind === 'edit' && op.payload.replacesGroup === group);
      if (edit && edit.kind === 'edit')
        return {
          subject: subjectOfOp(edit),
          seen: fingerprint(copiesOfPayload(edit.payload)),
          opId: edit.id,
        };
      return null;
    }
    // A local post sent since: its record follows it onto the service (ReviewLens.recordOf).
    const record = this.o.reviews.get(active, key);
    return record ? { subject: key, seen: record.seenHash ?? '', opId: record.opId } : null;
  }
}
