import type { Draft, DraftBlock, DraftMedia, DraftTarget } from '../../shared/drafts/ipc.js';
import { MAX_COMMENT_DELAY_MINUTES } from '../../shared/api/resources.js';
import type { PlatformType } from '../../shared/platforms/types.js';
import { initialSettings } from './settings-fields.js';

/*
 * The composer's working copy of a local draft, and every edit the user can make to it, as pure
 * functions: each returns a new draft. A thread's comment delays stay attached to their blocks
 * through adds, removes and moves.
 */

/** A draft as the composer holds it: saved as is with saveDraft (main stamps the times). */
export type WorkingDraft = Omit<Draft, 'createdAt' | 'updatedAt'>;

/** Where an edit applies: the shared thread (null) or one account's own text. */
export type Scope = string | null;

const emptyBlock = (): DraftBlock => ({ content: '', media: [] });

export function emptyDraft(id: string, brandId: string | null, date: string | null): WorkingDraft {
  return {
    id,
    brandId,
    blocks: [emptyBlock()],
    targets: [],
    commentDelays: [],
    shortLink: false,
    date,
    replacesGroup: null,
  };
}

/** Whether the user has put anything in it yet (an untouched draft is not worth keeping). */
export function isBlank(d: WorkingDraft): boolean {
  const blank = (b: DraftBlock) => b.content.trim() === '' && b.media.length === 0;
  return d.targets.length === 0 && d.blocks.every(blank);
}

export function addTarget(d: WorkingDraft, account: { id: string; platform: PlatformType }): WorkingDraft {
  if (d.targets.some((t) => t.integrationId === account.id)) return d;
  const target: DraftTarget = {
    integrationId: account.id,
    platform: account.platform,
    settings: initialSettings(account.platform),
    blocks: null,
  };
  return { ...d, targets: [...d.targets, target] };
}

export function removeTarget(d: WorkingDraft, integrationId: string): WorkingDraft {
  return { ...d, targets: d.targets.filter((t) => t.integrationId !== integrationId) };
}

/** The blocks an edit in this scope works on: the account's own, else the shared ones. */
export function blocksOf(d: WorkingDraft, scope: Scope): DraftBlock[] {
  if (scope === null) return d.blocks;
  return d.targets.find((t) => t.integrationId === scope)?.blocks ?? d.blocks;
}

function mapTarget(d: WorkingDraft, id: string, f: (t: DraftTarget) => DraftTarget): WorkingDraft {
  return { ...d, targets: d.targets.map((t) => (t.integrationId === id ? f(t) : t)) };
}

/** Gives one account its own text, starting from the shared thread. */
export function startOverride(d: WorkingDraft, integrationId: string): WorkingDraft {
  return mapTarget(d, integrationId, (t) => ({ ...t, blocks: t.blocks ?? structuredClone(d.blocks) }));
}

/** The account goes back to the shared text. */
export function clearOverride(d: WorkingDraft, integrationId: string): WorkingDraft {
  return mapTarget(d, integrationId, (t) => ({ ...t, blocks: null }));
}

function mapBlocks(d: WorkingDraft, scope: Scope, f: (blocks: DraftBlock[]) => DraftBlock[]): WorkingDraft {
  if (scope === null) return { ...d, blocks: f(d.blocks) };
  return mapTarget(d, scope, (t) => ({ ...t, blocks: f(t.blocks ?? d.blocks) }));
}

function mapBlock(
  d: WorkingDraft,
  scope: Scope,
  index: number,
  f: (b: DraftBlock) => DraftBlock,
): WorkingDraft {
  return mapBlocks(d, scope, (blocks) => blocks.map((b, i) => (i === index ? f(b) : b)));
}

export function setBlockText(d: WorkingDraft, scope: Scope, index: number, content: string): WorkingDraft {
  return mapBlock(d, scope, index, (b) => ({ ...b, content }));
}

/*
 * The thread's shape (how many blocks, in which order) is one for every account, so the shared
 * comment delays fit each of them: adds, removes and moves apply to the shared thread and to every
 * account's own text alike.
 */
function reshape(d: WorkingDraft, f: <T>(items: T[], make: () => T) => T[]): WorkingDraft {
  // Delay k belongs to block k (block 0 has none): carry them with their blocks.
  const perBlock = [0, ...d.blocks.slice(1).map((_, i) => d.commentDelays[i] ?? 0)];
  const delays = f(perBlock, () => 0).slice(1);
  return {
    ...d,
    blocks: f(d.blocks, emptyBlock),
    commentDelays: delays,
    targets: d.targets.map((t) => (t.blocks ? { ...t, blocks: f(t.blocks, emptyBlock) } : t)),
  };
}

export function addBlock(d: WorkingDraft, after: number = d.blocks.length - 1): WorkingDraft {
  return reshape(d, (items, make) => [...items.slice(0, after + 1), make(), ...items.slice(after + 1)]);
}

export function removeBlock(d: WorkingDraft, index: number): WorkingDraft {
  if (d.blocks.length <= 1) return d;
  return reshape(d, (items) => items.filter((_, i) => i !== index));
}

export function moveBlock(d: WorkingDraft, from: number, to: number): WorkingDraft {
  if (to < 0 || to >= d.blocks.length || from === to) return d;
  return reshape(d, (items) => {
    const next = [...items];
    const [moved] = next.splice(from, 1);
    if (moved !== undefined) next.splice(to, 0, moved);
    return next;
  });
}

/** The delay before block `index` (1 or more) is published after the one before it. */
export function setDelay(d: WorkingDraft, index: number, minutes: number): WorkingDraft {
  if (index < 1 || index >= d.blocks.length) return d;
  const value = Number.isFinite(minutes)
    ? Math.min(MAX_COMMENT_DELAY_MINUTES, Math.max(0, Math.round(minutes)))
    : 0;
  const delays = d.blocks.slice(1).map((_, i) => d.commentDelays[i] ?? 0);
  delays[index - 1] = value;
  return { ...d, commentDelays: delays };
}

export function setSetting(
  d: WorkingDraft,
  integrationId: string,
  key: string,
  value: unknown,
): WorkingDraft {
  return mapTarget(d, integrationId, (t) => {
    const settings = { ...t.settings };
    if (value === undefined) delete settings[key];
    else settings[key] = value;
    return { ...t, settings };
  });
}

export function addMedia(d: WorkingDraft, scope: Scope, index: number, media: DraftMedia): WorkingDraft {
  return mapBlock(d, scope, index, (b) => ({ ...b, media: [...b.media, media] }));
}

export function removeMedia(d: WorkingDraft, scope: Scope, index: number, at: number): WorkingDraft {
  return mapBlock(d, scope, index, (b) => ({ ...b, media: b.media.filter((_, i) => i !== at) }));
}

/** Applies a change to every item of this local file, wherever it is attached. */
export function updateLocalMedia(
  d: WorkingDraft,
  localPath: string,
  patch: (m: DraftMedia) => DraftMedia | null,
): WorkingDraft {
  const fix = (blocks: DraftBlock[]) =>
    blocks.map((b) => ({
      ...b,
      media: b.media.flatMap((m) => {
        if (m.localPath !== localPath) return [m];
        const next = patch(m);
        return next ? [next] : [];
      }),
    }));
  return {
    ...d,
    blocks: fix(d.blocks),
    targets: d.targets.map((t) => (t.blocks ? { ...t, blocks: fix(t.blocks) } : t)),
  };
}
