import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ALL_BRANDS } from '../../shared/brands/ipc.js';
import { subjectOfPost } from '../../shared/labels/model.js';
import { knownPosts } from '../ipc/posts-in-cache.js';
import { LabelPicker, type BrandSubjects } from './LabelPicker.js';

/**
 * The bulk bar's label picker: adds or removes a label on the groups of every picked post. In the
 * all-brands view the picked posts are grouped by their own brand, and each is labelled there.
 */
export function BulkLabels({ brandId, ids }: { brandId: string | null; ids: readonly string[] }) {
  const client = useQueryClient();
  const { subjects, across } = useMemo(() => {
    const picked = new Set(ids);
    // Posts the window knows (the calendar's ranges); a group's posts count once.
    const known = knownPosts(client, brandId).filter((p) => picked.has(p.id));
    const groups = new Map<string, BrandSubjects>();
    if (brandId === ALL_BRANDS)
      for (const p of known) {
        if (!p.profileId || !p.brandId) continue;
        const key = `${p.profileId}\u0000${p.brandId}`;
        const group = groups.get(key) ?? {
          brand: { profileId: p.profileId, brandId: p.brandId },
          subjects: [],
        };
        const subject = subjectOfPost(p);
        if (!group.subjects.includes(subject)) group.subjects.push(subject);
        groups.set(key, group);
      }
    return {
      subjects: [...new Set(known.map(subjectOfPost))],
      across: groups.size > 0 ? [...groups.values()] : undefined,
    };
  }, [client, brandId, ids]);
  if (subjects.length === 0) return null;
  return (
    <div className="bulk-labels">
      <LabelPicker
        subjects={across ? across.flatMap((g) => g.subjects) : subjects}
        across={across}
        title="Labels"
      />
    </div>
  );
}
