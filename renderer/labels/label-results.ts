import type { Label } from '../../shared/labels/model.js';

/*
 * Pure. Analytics by label: the published posts' results (the service's recent posts, matched to
 * labels through their post ids) summed per label; a rate (engagementRate…) is averaged instead,
 * since rates do not add up.
 */

export interface PostResult {
  postId: string;
  metrics: Record<string, number>;
}

export interface LabelResult {
  label: Label;
  posts: number;
  metrics: Record<string, number>;
}

const isRate = (name: string) => /rate$/i.test(name);

export function resultsByLabel(
  posts: readonly PostResult[],
  labelsOfPost: Readonly<Record<string, readonly string[]>>,
  labels: readonly Label[],
): LabelResult[] {
  const out: LabelResult[] = [];
  for (const label of labels) {
    const carrying = posts.filter((p) => labelsOfPost[p.postId]?.includes(label.id));
    if (carrying.length === 0) continue;
    const metrics: Record<string, number> = {};
    const counts: Record<string, number> = {};
    for (const p of carrying)
      for (const [name, value] of Object.entries(p.metrics)) {
        if (!Number.isFinite(value)) continue;
        metrics[name] = (metrics[name] ?? 0) + value;
        counts[name] = (counts[name] ?? 0) + 1;
      }
    for (const name of Object.keys(metrics))
      if (isRate(name)) metrics[name] = (metrics[name] ?? 0) / (counts[name] ?? 1);
    out.push({ label, posts: carrying.length, metrics });
  }
  return out;
}
