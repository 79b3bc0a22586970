import type { DraftBlock, DraftTarget } from '../../shared/drafts/ipc.js';
import type { LinkRules } from '../../shared/links/model.js';
import { findLinks, trackText, type TrackContext } from '../../shared/links/track.js';

/*
 * The composer's view of a draft as main will send it: each account's blocks with their links
 * tracked for its network (main does the same when the outbox sends, electron/links/), so the
 * preview shows and the counters count what goes out. The draft the user edits is never changed.
 */

const api = { URL, URLSearchParams };

interface TrackableDraft {
  blocks: DraftBlock[];
  targets: DraftTarget[];
  untrackedLinks?: string[] | undefined;
}

/** Each account gets its blocks (its own, or the shared ones) with links tracked; unchanged when none change. */
export function trackedDraft<D extends TrackableDraft>(
  draft: D,
  rules: LinkRules | undefined,
  labels: TrackContext['labels'],
): D {
  if (!rules?.enabled) return draft;
  let changed = false;
  const targets = draft.targets.map((t) => {
    const blocks = t.blocks ?? draft.blocks;
    const ctx: TrackContext = { platform: t.platform, labels, untracked: draft.untrackedLinks ?? [] };
    let own = false;
    const sent = blocks.map((b) => {
      const content = trackText(b.content, rules, ctx, api);
      if (content === b.content) return b;
      own = true;
      return { ...b, content };
    });
    if (!own) return t;
    changed = true;
    return { ...t, blocks: sent };
  });
  return changed ? { ...draft, targets } : draft;
}

/** The links typed in a draft (every block, every account's own text, the first comment), once each. */
export function linksOf(
  draft: TrackableDraft & { firstComment?: { content: string } | null | undefined },
): string[] {
  const texts = [
    ...draft.blocks.map((b) => b.content),
    ...draft.targets.flatMap((t) => (t.blocks ?? []).map((b) => b.content)),
    draft.firstComment?.content ?? '',
  ];
  return [...new Set(texts.flatMap((text) => findLinks(text).map((l) => l.url)))];
}

/** A link as it goes out with these rules on one network (the Account page's example). */
export function exampleLink(link: string, rules: LinkRules, ctx: TrackContext): string {
  return trackText(link, { ...rules, enabled: true }, ctx, api);
}

/** One text (the first comment) as it goes out to one network. */
export function trackedFor(text: string, rules: LinkRules | undefined, ctx: TrackContext): string {
  return rules?.enabled ? trackText(text, rules, ctx, api) : text;
}
