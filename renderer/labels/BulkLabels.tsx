import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { subjectOfPost } from '../../shared/labels/model.js';
import { knownPosts } from '../lib/posts-in-cache.js';
import { LabelPicker } from './LabelPicker.js';

/** The bulk bar's label picker: adds or removes a label on the groups of every picked post. */
export function BulkLabels({ brandId, ids }: { brandId: string | null; ids: readonly string[] }) {
  const client = useQueryClient();
  const subjects = useMemo(() => {
    const picked = new Set(ids);
    // Posts the window knows (the calendar's ranges); a group's posts count once.
    const known = knownPosts(client, brandId).filter((p) => picked.has(p.id));
    return [...new Set(known.map(subjectOfPost))];
  }, [client, brandId, ids]);
  if (subjects.length === 0) return null;
  return (
    <div className="bulk-labels">
      <LabelPicker subjects={subjects} title="Labels" />
    </div>
  );
}
