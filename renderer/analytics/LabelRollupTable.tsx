import type { LabelRollupRow, PostSummary } from '../../shared/analytics/rollup.js';
import { LabelPill } from '../labels/LabelPill.js';
import { formatMetric, metricLabel } from './metrics.js';

interface Props {
  rows: readonly LabelRollupRow[];
  /** The posts that carry any of the labels, each counted once. */
  total: PostSummary;
  /** Whose posts these are, in words. */
  whose: string;
}

/**
 * "By label": the results of the period's posts added up per label of their group, and once over
 * every labelled post (a post with two labels is in both rows and once in the total). Counts add;
 * a rate is the sum of its parts over the posts (engagements ÷ impressions), never a mean.
 */
export function LabelRollupTable({ rows, total, whose }: Props) {
  const metrics = total.metrics.filter((m) => m !== 'posts');
  return (
    <section aria-labelledby="analytics-labels" className="analytics-section">
      <h2 id="analytics-labels" className="section-title">
        By label
      </h2>
      {rows.length === 0 ? (
        <p className="muted">None of the posts of this period carries a label yet.</p>
      ) : (
        <>
          <p className="muted">
            The posts of the period added up per label, as last seen. A post with two labels counts in both,
            and once in the total.
          </p>
          <div className="table-scroll">
            <table className="recent-posts">
              <caption className="visually-hidden">Results of {whose} by label</caption>
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
                  <tr key={r.label.key} data-label-key={r.label.key}>
                    <th scope="row">
                      <LabelPill label={r.label} />
                    </th>
                    <td className="numeric">{formatMetric('posts', r.summary.posts)}</td>
                    {metrics.map((m) => (
                      <td key={m} className="numeric">
                        {r.summary.totals[m] === undefined ? '—' : formatMetric(m, r.summary.totals[m])}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr data-label-key="">
                  <th scope="row">Every labelled post</th>
                  <td className="numeric">{formatMetric('posts', total.posts)}</td>
                  {metrics.map((m) => (
                    <td key={m} className="numeric">
                      {total.totals[m] === undefined ? '—' : formatMetric(m, total.totals[m])}
                    </td>
                  ))}
                </tr>
              </tfoot>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
