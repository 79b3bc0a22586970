import type { OutboxItemView } from '../../shared/outbox/ipc.js';
import type { ApiError } from '../api/errors.js';
import type { CreatePayload, OutboxRecord } from './outbox-repo.js';

/** How an outbox operation reads to the user. */

const quote = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 48 ? `"${line.slice(0, 47)}…"` : `"${line}"`;
};

export function createSummary(payload: CreatePayload, verb = 'Post'): string {
  const first = payload.targets[0]?.blocks[0]?.content ?? '';
  const accounts = payload.targets.length === 1 ? '1 account' : `${payload.targets.length} accounts`;
  const when =
    payload.type === 'now' ? 'now' : payload.type === 'draft' ? 'as a draft' : `for ${payload.date}`;
  return `${verb} ${quote(first)} to ${accounts} ${when}`;
}

export const rescheduleSummary = (content: string, date: string) => `Move ${quote(content)} to ${date}`;
export const deleteSummary = (content: string | null, group: string) =>
  content === null ? `Delete group ${group}` : `Delete ${quote(content)}`;
export const uploadSummary = (name: string) => `Upload ${name}`;

export function outboxItemView(op: OutboxRecord): OutboxItemView {
  return {
    id: op.id,
    kind: op.kind,
    status: op.status,
    summary: op.summary,
    attempts: op.attempts,
    lastError: op.lastError,
    nextAttemptAt:
      op.status === 'pending' && op.nextAttemptMs !== null ? new Date(op.nextAttemptMs).toISOString() : null,
    createdAt: op.createdAt,
    postId: op.postId,
    group: op.group,
    draftId: op.draftId,
    mayBeOut: op.maybeSent,
    puttingRight: op.discardedAt !== null,
    profileId: op.profileId,
    brandId: op.brandId,
  };
}

/**
 * What the user is told when a post they sent is kept in the outbox instead: offline only when the
 * service could not be reached (no connection, no answer in time); a busy or failing service is
 * said as such, and the app stays online.
 */
export function keptInOutboxSentence(err: ApiError): string {
  if (err.unreachable)
    return `${err.message} The post was kept in the outbox and will be sent as soon as possible.`;
  if (err.status === 429) return 'The service is busy; your post is queued and will go out shortly.';
  return 'The service had a problem with this request; your post is queued and will go out shortly.';
}
