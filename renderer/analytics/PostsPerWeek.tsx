import { NumberHeadings } from './NumberHeadings.js';
import type { WeekResults } from '../../shared/analytics/rollup.js';
import { addDays } from '../../shared/analytics/ranges.js';
import { formatMetric } from './metrics.js';
import { rangeLabel } from './view-model.js';

/** How many posts went out each week, beside what those posts earned. */
export function PostsPerWeek({ weeks }: { weeks: readonly WeekResults[] }) {
  return (
    <div className="table-scroll">
      <table className="recent-posts">
        <caption className="visually-hidden">
          Posts published each week (weeks start on Monday) and the results of those posts
        </caption>
        <thead>
          <tr>
            <th scope="col">Week</th>
            <NumberHeadings names={['Posts', 'Engagements', 'Impressions', 'Engagement rate']} />
          </tr>
        </thead>
        <tbody>
          {weeks.map((w) => (
            <tr key={w.week}>
              <th scope="row" className="nowrap">
                {rangeLabel({ from: w.week, to: addDays(w.week, 6) })}
                {w.days < 7 ? <span className="muted"> ({w.days} days in the period)</span> : null}
              </th>
              <td className="numeric">{formatMetric('posts', w.posts)}</td>
              <td className="numeric">{w.posts > 0 ? formatMetric('engagements', w.engagements) : '—'}</td>
              <td className="numeric">{w.posts > 0 ? formatMetric('impressions', w.impressions) : '—'}</td>
              <td className="numeric">
                {w.engagementRate === null ? '—' : formatMetric('engagementRate', w.engagementRate)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
