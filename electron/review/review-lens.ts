import { createHash } from 'node:crypto';
import type { CalendarPost } from '../../shared/posts/ipc.js';
import { format } from 'date-fns';
import { HELD_FOR_APPROVAL, heldAtStep, missedApproval, type PostReview } from '../../shared/review/model.js';
import type { OutboxHead, OutboxReads, OutboxRecord, CreatePayload } from '../outbox/outbox-repo.js';
import type { CachedPost, PostsCacheReads } from '../store/posts-cache.js';
import type { PostClaims } from '../outbox/post-claims.js';
import type { ReviewRecord, ReviewRepo, ReviewSettings, Scope } from './review-repo.js';

/*
 * How review states read: which subject a post or an outbox operation belongs to, the fingerprint of
 * what a reviewer sees, whether the outbox must hold an operation back, and the review laid over the
 * calendar's posts. Reads only; every change goes through the posts module (electron/posts/).
 */

/** One account's copy as a reviewer sees it: the account, every text, and whether it has media. */
export interface SeenCopy {
  integrationId: string;
  texts: readonly string[];
  media: number;
}

/**
 * The fingerprint of what a reviewer saw: accounts, texts and media, never the time (moving a post
 * keeps its approval). Media count by number: the service lists a post's first picture only.
 */
export function fingerprint(copies: readonly SeenCopy[]): string {
  const canon = [...copies]
    .map((c) => [c.integrationId, c.texts.map((t) => t.trim()), c.media > 0 ? 1 : 0] as const)
    .sort((a, b) => a[0].localeCompare(b[0]));
  return createHash('sha256').update(JSON.stringify(canon)).digest('hex');
}

export function copiesOfPayload(payload: CreatePayload): SeenCopy[] {
  return payload.targets.map((t) => ({
    integrationId: t.integrationId,
    texts: [t.blocks[0]?.content ?? ''],
    media: t.blocks[0]?.media.length ?? 0,
  }));
}

export function copiesOfGroup(posts: readonly CachedPost[]): SeenCopy[] {
  return posts.map((p) => ({
    integrationId: p.integrationId,
    texts: [p.content],
    media: p.item.thumbnail ? 1 : 0,
  }));
}

/** The subject of a local operation: its draft (stable across edits and re-sends), else itself. */
export function subjectOfOp(op: Pick<OutboxRecord, 'id' | 'draftId'>): string {
  return op.draftId ? `draft:${op.draftId}` : `op:${op.id}`;
}

const createLike = (op: OutboxRecord) =>
  op.kind === 'create' || (op.kind === 'edit' && op.phase !== 'delete');

export interface ReviewLensOptions {
  reviews: ReviewRepo;
  outbox: OutboxReads;
  cache: PostsCacheReads;
  claims: PostClaims;
  /** The clock: a held post whose time passed says it was not sent. */
  now?: () => Date;
}

/** Where a post stands in its brand's flow. */
export interface StepPlace {
  index: number;
  count: number;
  name: string;
}

/** A time as a sentence shows it ("Mon 3 Nov, 14:30"). */
export function whenWords(iso: string): string {
  return format(new Date(iso), 'EEE d MMM, HH:mm');
}

export class ReviewLens {
  constructor(private readonly o: ReviewLensOptions) {}

  needsApproval(scope: Scope): boolean {
    return this.o.reviews.settings(scope).needsApproval;
  }

  settings(scope: Scope): ReviewSettings {
    return this.o.reviews.settings(scope);
  }

  /** The step a record waits at in its brand's flow (a flow shortened since stops at its last step). */
  stepOf(scope: Scope, record: Pick<ReviewRecord, 'step'> | null): StepPlace {
    const flow = this.settings(scope).flow;
    const index = Math.min(Math.max(record?.step ?? 0, 0), flow.length - 1);
    return { index, count: flow.length, name: flow[index]?.name ?? 'Approval' };
  }

  /** Why a held post waits: the step, or that its time passed meanwhile (it is then not sent). */
  private heldSentence(scope: Scope, record: ReviewRecord | null, date: string | null): string {
    const step = this.stepOf(scope, record);
    const now = (this.o.now ?? (() => new Date()))().getTime();
    if (date !== null && Date.parse(date) <= now) return missedApproval(step, whenWords(date));
    return step.count === 1 ? HELD_FOR_APPROVAL : heldAtStep(step);
  }

  /** The record of a subject; a group the outbox made from a local post keeps that post's record. */
  recordOf(scope: Scope, subject: string, groupPosts?: readonly CachedPost[]): ReviewRecord | null {
    const own = this.o.reviews.get(scope, subject);
    if (own || !subject.startsWith('group:')) return own;
    const posts = groupPosts ?? this.o.cache.listGroup(scope.profileId, scope.brandId, subject.slice(6));
    for (const p of posts) {
      const opId = this.o.claims.opOf(scope, p.id);
      const inherited = opId ? this.o.reviews.byOp(scope, opId) : null;
      if (inherited) return { ...inherited, subject };
    }
    return null;
  }

  /**
   * The outbox's hold: a post of a brand that needs approval leaves only once approved. Called by
   * the outbox worker for each operation that is due; deletes, moves and uploads always go.
   */
  holds(head: Pick<OutboxHead, 'id' | 'kind' | 'profileId' | 'brandId'>): boolean {
    if (head.kind !== 'create' && head.kind !== 'edit') return false;
    if (!this.needsApproval(head)) return false;
    const op = this.o.outbox.get(head.id);
    if (!op || !createLike(op)) return false;
    return this.o.reviews.get(op, subjectOfOp(op))?.state !== 'approved';
  }

  /** The fingerprint of a subject as it is now, and the local operation it rests on, if any. */
  current(scope: Scope, subject: string): { seen: string; op: OutboxRecord | null } | null {
    if (subject.startsWith('group:')) {
      const group = subject.slice(6);
      const ops = this.o.outbox.list(scope);
      const replacing = ops.find((op) => op.kind === 'edit' && op.payload.replacesGroup === group);
      if (replacing) return null;
      const posts = this.o.cache.listGroup(scope.profileId, scope.brandId, group);
      return posts.length > 0 ? { seen: fingerprint(copiesOfGroup(posts)), op: null } : null;
    }
    const op = this.latestOp(scope, subject);
    return op && (op.kind === 'create' || op.kind === 'edit')
      ? { seen: fingerprint(copiesOfPayload(op.payload)), op }
      : null;
  }

  /** The newest create-like operation of a local subject. */
  latestOp(scope: Scope, subject: string): OutboxRecord | null {
    const [kind, id] = [subject.slice(0, subject.indexOf(':')), subject.slice(subject.indexOf(':') + 1)];
    const ops =
      kind === 'draft'
        ? this.o.outbox.listForDraft(scope.profileId, id)
        : kind === 'op'
          ? [this.o.outbox.get(id)].flatMap((o) => (o ? [o] : []))
          : [];
    return ops.filter((o) => o.brandId === scope.brandId && createLike(o)).at(-1) ?? null;
  }

  /** The subject each calendar post belongs to (local posts by their operation). */
  subjectOfPost(post: Pick<CalendarPost, 'id' | 'group'>, ops: ReadonlyMap<string, OutboxRecord>): string {
    if (post.group) return `group:${post.group}`;
    const m = /^local:(.+):\d+$/.exec(post.id);
    const op = m ? ops.get(m[1] ?? '') : undefined;
    return op ? subjectOfOp(op) : `post:${post.id}`;
  }

  /** The subject of one post the calendar shows (reads the outbox for a local one). */
  subjectFor(scope: Scope, post: Pick<CalendarPost, 'id' | 'group'>): string {
    return this.subjectOfPost(post, new Map(this.o.outbox.list(scope).map((op) => [op.id, op])));
  }

  /** The calendar's posts with their review laid over (only where there is one to show). */
  decorate(scope: Scope, posts: CalendarPost[]): CalendarPost[] {
    if (posts.length === 0) return posts;
    const needs = this.needsApproval(scope);
    const records = this.o.reviews.all(scope);
    if (records.size === 0 && !needs) return posts;
    const ops = new Map(this.o.outbox.list(scope).map((op) => [op.id, op]));
    // Only a record that followed a local post can belong to a group under another subject.
    const follows = [...records.values()].some((r) => r.opId !== null);
    return posts.map((post) => {
      const subject = this.subjectOfPost(post, ops);
      const record =
        records.get(subject) ??
        (follows && post.group && !post.localOnly ? this.recordOf(scope, subject) : null);
      const state = record?.state ?? 'draft';
      const held =
        needs && post.localOnly && state !== 'approved'
          ? this.heldSentence(scope, record, post.publishDate)
          : null;
      if (!record && !held) return post;
      const place = this.stepOf(scope, record);
      const review: PostReview = {
        state,
        comment: record?.comment ?? null,
        changedSinceReview: record?.changedSinceReview ?? null,
        held,
        step: place.count > 1 && state !== 'approved' ? place : null,
      };
      return { ...post, review };
    });
  }

  /** Why the outbox keeps this operation back, or null. */
  heldReason(op: OutboxRecord): string | null {
    if (!this.holds(op) || (op.kind !== 'create' && op.kind !== 'edit')) return null;
    const date = op.payload.type === 'schedule' ? op.payload.date : null;
    return this.heldSentence(op, this.o.reviews.get(op, subjectOfOp(op)), date);
  }

  /** The held operations whose time has passed, of every brand (for the one notice each). */
  missed(ops: readonly OutboxRecord[]): { op: OutboxRecord; reason: string }[] {
    const now = (this.o.now ?? (() => new Date()))().getTime();
    return ops.flatMap((op) => {
      if (op.kind !== 'create' && op.kind !== 'edit') return [];
      if (op.payload.type !== 'schedule' || Date.parse(op.payload.date) > now) return [];
      const reason = this.heldReason(op);
      return reason ? [{ op, reason }] : [];
    });
  }
}
