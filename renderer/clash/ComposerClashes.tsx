import { useMemo } from 'react';
import type { DraftBlock, DraftTarget } from '../../shared/drafts/ipc.js';
import { clashWarnings, useClashGap, usePostsAround } from './queries.js';

interface ComposerClashesProps {
  draftId: string;
  date: string | null;
  targets: readonly DraftTarget[];
  blocksOf(target: DraftTarget): DraftBlock[];
  accountName(id: string): string;
  /** The group an edit replaces: its posts are this post's old self, not a clash. */
  replacesGroup: string | null;
  zone: string;
}

/** The composer's clash warnings for a scheduled time, before sending: shown, never blocking. */
export function ComposerClashes(props: ComposerClashesProps) {
  const at = props.date ? Date.parse(props.date) : null;
  const around = usePostsAround(at, at);
  const gap = useClashGap();
  const { targets, blocksOf, accountName, draftId, replacesGroup, zone } = props;
  const warnings = useMemo(() => {
    if (at === null || !around.data) return [];
    const candidates = targets.map((t, i) => ({
      id: `draft:${draftId}:${i}`,
      integrationId: t.integrationId,
      accountName: accountName(t.integrationId),
      platform: t.platform,
      at,
      text: blocksOf(t)[0]?.content ?? '',
    }));
    return clashWarnings(
      candidates,
      around.data,
      gap,
      zone,
      (p) => replacesGroup !== null && p.group === replacesGroup,
    );
  }, [at, around.data, targets, blocksOf, accountName, draftId, replacesGroup, gap, zone]);
  if (warnings.length === 0) return null;
  return (
    <ul className="composer-clashes" aria-label="Clash warnings" data-testid="composer-clashes">
      {warnings.map((w) => (
        <li key={`${w.postId}-${w.kind}-${w.otherId}`} className="muted">
          ⚠ {w.message} You can still send it.
        </li>
      ))}
    </ul>
  );
}
