import { normalizePostState } from '../../shared/api/resources.js';
import type { CalendarPost } from '../../shared/posts/ipc.js';
import type { IntegrationView } from '../../shared/integrations/ipc.js';
import type { CachedPost } from '../store/posts-cache.js';
import type { CreatePayload, OutboxRecord } from './outbox-repo.js';

/*
 * What the calendar draws: the server's copy from the cache with every local
 * change still in the outbox laid over it. Keeping the two apart means discarding a change needs no
 * undo (the server's time simply shows again) and a pull never overwrites a change not yet sent.
 */

/** An operation that still holds back its effect: waiting, sending, or stopped for the user. */
const isActive = (op: OutboxRecord) => op.status === 'pending' || op.status === 'sending';

export interface OverlayInput {
  /** Cached posts in the range, plus cached posts a pending reschedule moves (from anywhere). */
  cached: readonly CachedPost[];
  ops: readonly OutboxRecord[];
  groupSizes: ReadonlyMap<string, number>;
  integrations: ReadonlyMap<string, IntegrationView>;
  /** The connection and brand these posts belong to, stamped on each (the all-brands view mixes brands). */
  brand?: { profileId: string; brandId: string };
  startMs: number;
  endMs: number;
  nowIso: string;
}

/** Group ids whose posts a queued delete or edit is about to remove. */
export function groupsBeingReplaced(ops: readonly OutboxRecord[]): Map<string, OutboxRecord> {
  const groups = new Map<string, OutboxRecord>();
  for (const op of ops) {
    if (op.kind === 'deleteGroup') groups.set(op.payload.group, op);
    if (op.kind === 'edit') groups.set(op.payload.replacesGroup, op);
  }
  return groups;
}

function stateName(raw: string): string {
  return normalizePostState(raw) ?? raw;
}

function integrationOf(
  id: string,
  fromItem: CachedPost['item']['integration'] | null,
  known: ReadonlyMap<string, IntegrationView>,
): CalendarPost['integration'] {
  const k = known.get(id);
  return {
    id,
    platform: fromItem?.platform ?? k?.platform ?? null,
    name: fromItem?.name ?? (k?.name || null),
    picture: fromItem?.picture ?? k?.picture ?? null,
  };
}

/** The id the calendar gives the `index`th post a queued create will make, until the service names it. */
export function localPostId(opId: string, index: number): string {
  return `local:${opId}:${index}`;
}

/** The operation whose queued create shows as this post, or null for a post from the service. */
export function opOfLocalPost(postId: string): string | null {
  const match = /^local:(.+):\d+$/.exec(postId);
  return match ? match[1]! : null;
}

/** Posts a create (or the create half of an edit) will make, shown before the server has them. */
function localPosts(op: OutboxRecord, payload: CreatePayload, input: OverlayInput): CalendarPost[] {
  const date = payload.type === 'now' ? input.nowIso : payload.date;
  return payload.targets.map((t, i) => ({
    id: localPostId(op.id, i),
    group: null,
    state: payload.type === 'draft' ? 'draft' : payload.type === 'now' ? 'publishing' : 'scheduled',
    publishDate: date,
    integration: integrationOf(
      t.integrationId,
      { id: t.integrationId, platform: t.platform },
      input.integrations,
    ),
    content: t.blocks[0]?.content ?? '',
    blockCount: t.blocks.length,
    error: op.status === 'failed' || op.status === 'needsDecision' ? op.lastError : null,
    releaseURL: null,
    groupSize: payload.targets.length,
    pending: true,
    localOnly: true,
    ...input.brand,
  }));
}

/** A create (or an edit's create) the user discarded, being looked up to take it off the service. */
const takenBack = (op: OutboxRecord) =>
  op.discardedAt !== null && (op.kind === 'create' || (op.kind === 'edit' && op.phase === 'create'));

export function calendarPosts(input: OverlayInput): CalendarPost[] {
  const moves = new Map<string, { date: string; op: OutboxRecord }>();
  for (const op of input.ops)
    if (op.kind === 'reschedule') moves.set(op.payload.postId, { date: op.payload.date, op });
  // An edit discarded after it may have reached the service no longer replaces anything: the
  // version the service had shows again while the new one is looked for and taken off.
  const replaced = groupsBeingReplaced(input.ops.filter((op) => !takenBack(op)));

  const out: CalendarPost[] = [];
  const seen = new Set<string>();
  for (const post of input.cached) {
    if (seen.has(post.id)) continue;
    seen.add(post.id);
    const removal = post.group ? replaced.get(post.group) : undefined;
    // A delete on its way hides the post; a stopped one shows it again, marked, so nothing vanishes silently.
    if (removal && isActive(removal)) continue;
    const found = moves.get(post.id);
    // A refused move is not applied: the post stays at the service's time, with the reason on it,
    // until the user retries or discards it in the Outbox.
    const refused = [found?.op, removal].find((op) => op?.status === 'failed');
    const move = found?.op.status === 'failed' ? undefined : found;
    out.push({
      id: post.id,
      group: post.group,
      state: stateName(post.state),
      publishDate: move ? move.date : post.publishDate,
      integration: integrationOf(post.integrationId, post.item.integration, input.integrations),
      content: post.content,
      thumbnail: post.item.thumbnail ?? null,
      blockCount: post.blockCount,
      error: refused ? refused.lastError : post.error,
      releaseURL: post.releaseURL,
      groupSize: post.group ? (input.groupSizes.get(post.group) ?? 1) : 1,
      pending: Boolean(move || removal),
      localOnly: false,
      ...input.brand,
    });
  }
  for (const op of input.ops) {
    if (takenBack(op)) continue;
    if (op.kind === 'create' || (op.kind === 'edit' && op.phase === 'create'))
      out.push(...localPosts(op, op.payload, input));
  }
  return out
    .filter((p) => {
      const at = Date.parse(p.publishDate);
      return at >= input.startMs && at < input.endMs;
    })
    .sort((a, b) => Date.parse(a.publishDate) - Date.parse(b.publishDate) || a.id.localeCompare(b.id));
}
