import { useMemo } from 'react';
import type { AnalyticsResponse } from '../../shared/api/resources.js';
import { useIpcQuery } from '../ipc/use-ipc.js';
import { formatMetric, metricLabel } from '../analytics/metrics.js';
import { postMetricNames } from '../analytics/recent-posts.js';
import { LabelPill } from './LabelPill.js';
import { useLabels } from './queries.js';
import { resultsByLabel } from './label-results.js';
import './labels.css';

/** Analytics by label: the recent posts' results summed per label of their group (rates averaged). */
export function LabelResults({ posts }: { posts: AnalyticsResponse['recentPosts'] }) {
  const view = useLabels();
  const postIds = useMemo(() => posts.map((p) => p.postId).slice(0, 1_000), [posts]);
  const carried = useIpcQuery(
    'labelsOfPosts',
    { postIds },
    { enabled: postIds.length > 0 && view.labels.length > 0 },
  );
  const rows = useMemo(
    () => resultsByLabel(posts, carried.data ?? {}, view.labels),
    [posts, carried.data, view.labels],
  );
  const metrics = postMetricNames(posts);
  if (view.labels.length === 0 || posts.length === 0) return null;
  return (
    <section aria-labelledby="analytics-labels" className="analytics-section">
      <h2 id="analytics-labels" className="section-title">
        By label
      </h2>
      {rows.length === 0 ? (
        <p className="muted">None of these published posts carries a label yet.</p>
      ) : (
        <div className="table-scroll">
          <table className="recent-posts">
            <caption className="visually-hidden">
              Results of the recent posts, added up per label (rates are averaged).
            </caption>
            <thead>
              <tr>
                <th scope="col">Label</th>
                <th scope="col" className="numeric">
                  Posts
                </th>
                {metrics.map((m) => (
                  <th key={m} scope="col" className="numeric">
                    {metricLabel(m)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.label.id}>
                  <th scope="row">
                    <LabelPill label={r.label} />
                  </th>
                  <td className="numeric">{r.posts}</td>
                  {metrics.map((m) => (
                    <td key={m} className="numeric">
                      {r.metrics[m] === undefined ? '—' : formatMetric(m, r.metrics[m])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
