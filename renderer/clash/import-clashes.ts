import { useMemo } from 'react';
import type { ClashPost, ClashWarning } from '../../shared/clash/clashes.js';
import type { ImportRowView } from '../../shared/import/ipc.js';
import { clashWarnings, useClashGap, usePostsAround } from './queries.js';

/**
 * The clash warnings of an import preview, by row index: each kept row with a time, on each of its
 * accounts, against the brand's posts and the file's other rows. Warnings only; rows still import.
 */
export function useImportClashes(
  rows: readonly ImportRowView[] | undefined,
  dropped: ReadonlySet<number>,
  zone: string,
): Map<number, ClashWarning[]> {
  const candidates = useMemo(() => {
    const out: ClashPost[] = [];
    for (const r of rows ?? []) {
      if (!r.date || dropped.has(r.index) || r.problems.length > 0 || r.alreadyImported) continue;
      for (const a of r.accounts)
        out.push({
          id: `import:${r.index}:${a.id}`,
          integrationId: a.id,
          accountName: a.name,
          platform: a.platform,
          at: Date.parse(r.date),
          text: r.text,
        });
    }
    return out;
  }, [rows, dropped]);
  let first: number | null = null;
  let last: number | null = null;
  for (const c of candidates) {
    if (first === null || c.at < first) first = c.at;
    if (last === null || c.at > last) last = c.at;
  }
  const around = usePostsAround(first, last);
  const gap = useClashGap();
  return useMemo(() => {
    const byRow = new Map<number, ClashWarning[]>();
    if (candidates.length === 0 || !around.data) return byRow;
    for (const w of clashWarnings(candidates, around.data, gap, zone)) {
      const index = Number(w.postId.split(':')[1]);
      byRow.set(index, [...(byRow.get(index) ?? []), w]);
    }
    return byRow;
  }, [candidates, around.data, gap, zone]);
}
