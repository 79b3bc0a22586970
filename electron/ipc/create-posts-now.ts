import type { IpcInput, IpcOutput } from '../../shared/ipc/contract.js';
import { createPostsSafely } from '../api/create-posts-safely.js';
import type { PublishingApi } from '../api/publishing-api.js';
import type { DraftsService } from '../drafts/drafts-service.js';
import type { MediaRepo } from '../media/media-repo.js';
import { buildCreateRequest, createPayloadFromDraft, MissingMediaError, validateCreatePayload } from '../sync/create-request.js';
import { AppFailure } from './app-failure.js';

/*
 * Runs in main (Node). The composer's "send now and tell me what the service says": the draft
 * goes out straight away (no outbox), so a refusal comes back with its issues[] while the user is
 * still looking at the form. Offline, the composer uses sendDraft (the outbox) instead.
 */

export interface CreateNowDeps {
  active(): Promise<{ profileId: string; brandId: string; api: PublishingApi }>;
  drafts: DraftsService;
  media: MediaRepo;
  now: () => Date;
  /** After the service confirmed: the calendar refreshes. */
  created(profileId: string, brandId: string): void;
}

export async function createPostsNow(deps: CreateNowDeps, input: IpcInput<'createPostsNow'>): Promise<IpcOutput<'createPostsNow'>> {
  const { profileId, brandId, api } = await deps.active();
  const draft = deps.drafts.getDraft({ id: input.draftId });
  if (draft.targets.length === 0) throw new AppFailure('INVALID_ARGUMENT', 'Choose at least one account to post to.');
  const date = input.date ?? draft.date ?? (input.type === 'schedule' ? null : deps.now().toISOString());
  if (date === null) throw new AppFailure('INVALID_ARGUMENT', 'Pick a date and time for a scheduled post.');
  const payload = createPayloadFromDraft(draft, input.type, date);
  const issues = validateCreatePayload(payload);
  if (issues.length > 0) {
    throw new AppFailure('INVALID_ARGUMENT', 'This post cannot be sent yet: fix the problems shown on each account.', issues);
  }
  let request;
  try {
    request = buildCreateRequest(payload, (m) => {
      const record = m.localPath ? deps.media.findByLocalPath(profileId, brandId, m.localPath) : null;
      return record ? { id: record.media.id, path: record.media.path } : null;
    });
  } catch (error) {
    if (error instanceof MissingMediaError) {
      throw new AppFailure('CONFLICT', `${error.message} Or send the post with "Schedule" so the upload and the post go out together.`);
    }
    throw error;
  }
  const result = await createPostsSafely(api, request, { now: deps.now });
  // The edit of a published-elsewhere post: the new version exists, so the old group goes.
  if (draft.replacesGroup) await api.deleteGroup(draft.replacesGroup);
  deps.drafts.deleteDraft({ id: draft.id });
  deps.created(profileId, brandId);
  return result;
}
