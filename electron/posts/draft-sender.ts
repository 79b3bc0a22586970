import type { PostCreateResponse } from '../../shared/api/resources.js';
import type { ActivityOrigin } from '../../shared/activity/model.js';
import type { Draft } from '../../shared/drafts/ipc.js';
import type { SendDraftInput } from '../../shared/posts/ipc.js';
import { signedDraft } from '../../shared/snippets/signature.js';
import { ApiError } from '../api/errors.js';
import type { ActiveBrand } from '../core/active-brand.js';
import { AppFailure } from '../core/app-failure.js';
import type { CheckedFile } from '../media/upload-check.js';
import type { CreatePayload, OutboxOp } from '../outbox/outbox-repo.js';
import { createPayloadFromDraft, localFiles, validateCreatePayload } from '../outbox/create-request.js';
import { createSummary, keptInOutboxSentence, uploadSummary } from '../outbox/outbox-views.js';
import { failureMessage } from '../outbox/outbox-worker.js';
import { enqueue } from '../outbox/outbox-entries.js';
import type { PostsDeps } from './posts-deps.js';
import { checkFileForUser, MISSING_DATE, requireFuture } from './write-checks.js';

/*
 * Sending a local draft: checked against the platform rules first, then queued in the outbox (its
 * local files uploaded before it). The composer waits a few seconds for the outbox's answer: the
 * outbox worker is the one sender of a create (and the one place that looks for it after a lost
 * answer), so "Post now" and "Schedule" never repeat its steps. A draft that replaces a group
 * becomes an edit: create the new, then delete the old.
 */

const ALREADY_QUEUED = 'This draft is already waiting to be sent; see the outbox.';
const OFFLINE_QUEUED =
  'You are offline: the post waits in the outbox and goes out when the connection returns.';
const STILL_UPLOADING =
  'A file of this post is still uploading: the post waits in the outbox and goes out as soon as the upload is done.';
const STILL_SENDING =
  'The service is taking a while to answer: the post waits in the outbox and goes out from there.';

/**
 * How long the composer waits for the outbox's answer before it says the post is on its way: long
 * enough for a create (and a small upload) on a working connection, short enough that a hang or a
 * long queue never holds the composer open.
 */
const SEND_WAIT_MS = 8_000;

/** A draft queued to be sent: its create's outbox id, and every operation of the send. */
interface QueuedSend {
  outboxId: string;
  /** The uploads it waits behind, then its create (or edit). */
  ids: string[];
  /** The posts of the group an edit replaces, as they were when it was queued. */
  replaced: string[];
}

/** What a send came to: sent (the service's result, and the posts it shows), or queued and why. */
type SentNow =
  { kind: 'sent'; results: PostCreateResponse; touched: string[] } | { kind: 'queued'; message: string };

export class DraftSender {
  constructor(private readonly c: PostsDeps) {}

  /**
   * Queues a draft's create (an edit when it replaces a group), after uploads of its local files.
   * The outbox is not woken here: the caller wakes it, or waits on it (`outcome`, which wakes it
   * once it listens, so no answer comes before the wait).
   */
  async sendDraft(active: ActiveBrand, input: SendDraftInput, origin: ActivityOrigin): Promise<QueuedSend> {
    const { draft, payload, files } = await this.prepare(active, input);
    const queued = this.queue(active, draft, payload, files, origin);
    const replaced = draft.replacesGroup
      ? this.c.cache.listGroup(active.profileId, active.brandId, draft.replacesGroup).map((p) => p.id)
      : [];
    return { ...queued, replaced };
  }

  /**
   * Waits (SEND_WAIT_MS at most) for the outbox's answer to a send just queued, so the composer
   * can show the service's result, or its issues beside the fields: the refused send has left the
   * outbox and the draft stays. Known to be offline, it does not wait. Otherwise the post is on
   * its way in the outbox, and the answer says why it still waits.
   */
  async outcome(active: ActiveBrand, queued: QueuedSend): Promise<SentNow> {
    if (!this.c.reachability.online) {
      this.c.afterWrite(active);
      return { kind: 'queued', message: OFFLINE_QUEUED };
    }
    const outcome = await this.c.outcomeOf(queued.ids, SEND_WAIT_MS);
    switch (outcome.kind) {
      case 'confirmed':
        return {
          kind: 'sent',
          results: outcome.results,
          touched: [...outcome.results.map((r) => r.postId), ...queued.replaced],
        };
      case 'refused':
        if (outcome.error instanceof ApiError || outcome.error instanceof AppFailure) throw outcome.error;
        throw new AppFailure('INVALID_ARGUMENT', failureMessage(outcome.error));
      case 'onItsWay': {
        if (outcome.error) return { kind: 'queued', message: keptInOutboxSentence(outcome.error) };
        if (outcome.message) return { kind: 'queued', message: outcome.message };
        const uploading = queued.ids.some((id) => this.c.outbox.get(id)?.kind === 'upload');
        return { kind: 'queued', message: uploading ? STILL_UPLOADING : STILL_SENDING };
      }
    }
  }

  /** Checks a draft before it is sent: accounts, a date, the platform rules, its local files. */
  private async prepare(active: ActiveBrand, input: SendDraftInput) {
    const draft = this.c.drafts.getForBrand(active, input.draftId);
    if (!draft) {
      throw new AppFailure(
        'NOT_FOUND',
        'This draft no longer exists; it may have been sent or deleted already.',
      );
    }
    if (draft.targets.length === 0)
      throw new AppFailure('INVALID_ARGUMENT', 'Choose at least one account to post to.');
    const date = input.date ?? draft.date ?? (input.type === 'schedule' ? null : this.c.now().toISOString());
    if (date === null) throw new AppFailure('INVALID_ARGUMENT', MISSING_DATE);
    if (input.type === 'schedule') requireFuture(this.c.now, date);
    // The accounts' signatures, added as the composer showed and counted them (shared/snippets).
    const signed = signedDraft(draft, this.c.snippets.signatureMap(active));
    const payload = createPayloadFromDraft(signed, input.type, date);
    // Checked as it will go out: a tracked link is longer on every network but X.
    const sent = this.c.sentCopy
      ? this.c.sentCopy(
          {
            id: '',
            profileId: active.profileId,
            brandId: active.brandId,
            draftId: draft.id,
            replacesGroup: draft.replacesGroup,
          },
          payload,
        )
      : payload;
    const issues = validateCreatePayload(sent);
    if (issues.length > 0) {
      throw new AppFailure(
        'INVALID_ARGUMENT',
        `This post cannot be sent yet: ${issues.map((i) => i.message).join(' ')}`,
        // Each problem with its account and field, for the composer to show beside them.
        issues,
      );
    }
    const notUploaded = localFiles(payload).filter(
      (m) => m.localPath && !this.c.media.findByLocalPath(active.profileId, active.brandId, m.localPath),
    );
    const files = await Promise.all(notUploaded.map((m) => checkFileForUser(m.localPath ?? '')));
    return { draft, payload, files };
  }

  /**
   * The queued upload of this file that the draft can wait behind: one started on its own (or
   * already this draft's). One that another draft waits behind keeps that draft's order.
   */
  private startedUpload(active: ActiveBrand, draftId: string, path: string) {
    const started = this.c.outbox.queuedUpload(active, path);
    return started && (started.draftId === null || started.draftId === draftId) ? started : null;
  }

  /** Queues the uploads and the create (or edit) of a draft in one transaction, in that order. */
  private queue(
    active: ActiveBrand,
    draft: Draft,
    payload: CreatePayload,
    files: CheckedFile[],
    origin: ActivityOrigin,
  ): { outboxId: string; ids: string[] } {
    const { outbox } = this.c;
    const key = draft.replacesGroup ? `group:${draft.replacesGroup}` : `draft:${draft.id}`;
    return this.c.db.tx(() => {
      const ids: string[] = [];
      for (const op of outbox.listForDraft(active.profileId, draft.id)) {
        // An earlier send discarded after it may have reached the service is being taken off it:
        // it stays, and this one waits behind it (same key).
        if (op.discardedAt !== null) continue;
        if (op.status === 'pending' || op.status === 'sending')
          throw new AppFailure('CONFLICT', ALREADY_QUEUED);
        // A stopped earlier attempt is replaced by this one (the user edited and sent again).
        outbox.remove(op.id);
      }
      for (const file of files) {
        // An upload the user started earlier (offline, say) is adopted: the create waits behind
        // it under the draft's key, and the file is never uploaded twice.
        const started = this.startedUpload(active, draft.id, file.path);
        if (started) {
          outbox.update(started.id, { key, draftId: draft.id });
          ids.push(started.id);
          continue;
        }
        const upload = enqueue(outbox, active, {
          op: {
            kind: 'upload',
            payload: { path: file.path, name: file.name, kind: file.kind, size: file.size },
          },
          key,
          summary: uploadSummary(file.name),
          draftId: draft.id,
        });
        ids.push(upload);
      }
      const op: OutboxOp = draft.replacesGroup
        ? { kind: 'edit', payload: { ...payload, replacesGroup: draft.replacesGroup } }
        : { kind: 'create', payload };
      const id = enqueue(outbox, active, {
        op,
        key,
        summary: createSummary(payload, draft.replacesGroup ? 'Update' : 'Post'),
        group: draft.replacesGroup,
        draftId: draft.id,
      });
      const before = draft.replacesGroup
        ? this.c.cache.listGroup(active.profileId, active.brandId, draft.replacesGroup)
        : [];
      const change = this.c.activity?.queuedChange(active, op, before);
      if (change)
        this.c.activity?.record(active, { group: draft.replacesGroup, outboxId: id }, { origin, change });
      return { outboxId: id, ids: [...ids, id] };
    });
  }
}
