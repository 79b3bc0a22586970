import type { PostCreateResponse } from '../../shared/api/resources.js';
import type { IpcInput } from '../../shared/ipc/contract.js';
import type { Queued } from './post-writes.js';
import type { Draft, SendDraftInput } from '../../shared/ipc/models.js';
import { createPostsSafely } from '../api/create-posts-safely.js';
import { signedDraft } from '../../shared/snippets/signature.js';
import { ApiError } from '../api/errors.js';
import type { ActiveBrand } from '../core/active-brand.js';
import { AppFailure, notConnected } from '../core/app-failure.js';
import { usesOfCreate } from '../media/media-repo.js';
import { uploadOrReuse } from '../media/media-reuse.js';
import type { CheckedFile } from '../media/upload-check.js';
import type { CreatePayload, OutboxOp } from '../outbox/outbox-repo.js';
import {
  buildCreateRequest,
  createPayloadFromDraft,
  localFiles,
  postsFromCreate,
  validateCreatePayload,
} from '../outbox/create-request.js';
import { createSummary, deleteSummary, uploadSummary } from '../outbox/outbox-views.js';
import { keptInOutboxSentence } from '../sync/reachability.js';
import { enqueue } from '../outbox/outbox-entries.js';
import { PostMetaRepo } from '../labels/post-meta-repo.js';
import type { PostsDeps } from './posts-deps.js';
import { checkFileForUser, MISSING_DATE, requireFuture } from './write-checks.js';

/*
 * Sending a local draft: checked against the platform rules first, then
 * queued (its local files uploaded before it), or sent at once when the composer wants the
 * service's answer. A draft that replaces a group becomes an edit: create the new, then delete the old.
 */

const ALREADY_QUEUED = 'This draft is already waiting to be sent; see the outbox.';
const OFFLINE_QUEUED =
  'You are offline: the post waits in the outbox and goes out when the connection returns.';

/** What sending at once came to: sent (the service's result, and the posts it shows), or queued. */
export type SentNow =
  | { kind: 'sent'; results: PostCreateResponse; touched: string[] }
  | { kind: 'queued'; outboxId: string; message: string };

export class DraftSender {
  constructor(private readonly c: PostsDeps) {}

  async sendDraft(active: ActiveBrand, input: IpcInput<'sendDraft'>): Promise<Queued> {
    const { draft, payload, files } = await this.prepare(active, input);
    const id = this.queue(active, draft, payload, files);
    this.c.afterWrite(active);
    return { outboxId: id };
  }

  /**
   * Sends a draft at once and answers the service's result, so the composer can show issues[] on
   * the spot. When the app is offline, or the service cannot be reached, it falls back to the
   * outbox (nothing is lost) and answers that it was queued, with the sentence to show; the old
   * group of an edit is deleted through the outbox once the new one exists.
   */
  async createPostsNow(active: ActiveBrand, input: IpcInput<'createPostsNow'>): Promise<SentNow> {
    const { draft, payload, files } = await this.prepare(active, input);
    const busy = (op: { draftId: string | null; status: string }) =>
      op.draftId === draft.id && (op.status === 'pending' || op.status === 'sending');
    if (this.c.outbox.listForDraft(active.profileId, draft.id).some(busy)) {
      throw new AppFailure('CONFLICT', ALREADY_QUEUED);
    }
    if (files.some((f) => this.startedUpload(active, draft.id, f.path))) {
      // Uploading it here too would store the file twice: the post goes out behind that upload.
      const outboxId = this.queue(active, draft, payload, files);
      this.c.afterWrite(active);
      return {
        kind: 'queued',
        outboxId,
        message:
          'A file of this post is still uploading: the post waits in the outbox and goes out as soon as the upload is done.',
      };
    }
    if (!this.c.reachability.online) {
      // Known to be offline: no call that would only time out; the post waits in the outbox.
      const outboxId = this.queue(active, draft, payload, files);
      this.c.afterWrite(active);
      return { kind: 'queued', outboxId, message: OFFLINE_QUEUED };
    }
    const api = await this.c.apiOf(active);
    if (!api) throw notConnected();
    const { media } = this.c;
    const uploaded = (path: string) => media.findByLocalPath(active.profileId, active.brandId, path);
    const sentAt = this.c.now().toISOString();
    let results;
    try {
      for (const file of files) {
        // The same bytes already on the service for this brand are reused, not sent again.
        await uploadOrReuse({ repo: media, profileId: active.profileId, brandId: active.brandId }, file, () =>
          api.uploadMedia({ path: file.path, name: file.name }),
        );
      }
      const request = buildCreateRequest(payload, (m) => {
        const found = m.localPath ? uploaded(m.localPath) : null;
        return found ? { id: found.media.id, path: found.media.path } : null;
      });
      results = await createPostsSafely(api, request, { now: this.c.now });
      media.recordUses(active.profileId, active.brandId, usesOfCreate(request, results));
    } catch (err) {
      if (!(err instanceof ApiError && err.retryable)) throw err;
      const left = files.filter((f) => !uploaded(f.path));
      const outboxId = this.queue(active, draft, payload, left, err.ambiguous ? { sentAt } : null);
      // An answer, even 429 or 5xx, shows the service reachable: only no answer makes the app offline.
      this.c.reachability.report(!err.unreachable, err.unreachable ? err.message : null);
      this.c.afterWrite(active);
      return { kind: 'queued', outboxId, message: keptInOutboxSentence(err) };
    }
    this.c.reachability.report(true, null);
    const syncedAt = this.c.now().toISOString();
    this.c.db.tx(() => {
      this.c.cache.upsert(
        active.profileId,
        active.brandId,
        postsFromCreate(payload, results, syncedAt),
        syncedAt,
      );
      this.c.drafts.remove(active.profileId, draft.id);
      // The draft's labels and notes now belong to the group the service made.
      this.c.meta?.carryOver(
        active.profileId,
        active.brandId,
        PostMetaRepo.sourcesOf({ id: '', draftId: draft.id, replacesGroup: draft.replacesGroup }),
        [...new Set(results.map((r) => r.group))],
      );
      if (draft.replacesGroup) {
        enqueue(this.c.outbox, active, {
          op: { kind: 'deleteGroup', payload: { group: draft.replacesGroup } },
          key: `group:${draft.replacesGroup}`,
          summary: deleteSummary(null, draft.replacesGroup),
          group: draft.replacesGroup,
        });
      }
    });
    this.c.afterWrite(active);
    const replaced = draft.replacesGroup
      ? this.c.cache.listGroup(active.profileId, active.brandId, draft.replacesGroup).map((p) => p.id)
      : [];
    return { kind: 'sent', results, touched: [...results.map((r) => r.postId), ...replaced] };
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
    const issues = validateCreatePayload(payload);
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
    sent: { sentAt: string } | null = null,
  ): string {
    const { outbox } = this.c;
    const key = draft.replacesGroup ? `group:${draft.replacesGroup}` : `draft:${draft.id}`;
    return this.c.db.tx(() => {
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
          continue;
        }
        enqueue(outbox, active, {
          op: {
            kind: 'upload',
            payload: { path: file.path, name: file.name, kind: file.kind, size: file.size },
          },
          key,
          summary: uploadSummary(file.name),
          draftId: draft.id,
        });
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
      // It may have reached the service already: the outbox looks for it before sending again.
      if (sent) outbox.update(id, { maybeSent: true, sentAt: sent.sentAt, attempts: 1 });
      return id;
    });
  }
}
