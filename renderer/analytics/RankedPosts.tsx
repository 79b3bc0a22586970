import { NumberHeadings } from './NumberHeadings.js';
import type { RankedPost } from '../../shared/analytics/rollup.js';
import { platformName } from '../../shared/platforms/names.js';
import { formatMetric } from './metrics.js';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

interface Props {
  title: string;
  posts: readonly RankedPost[];
  /** Shows the post in the calendar, on its day. */
  onOpen(post: RankedPost): void;
}

/** The best (or worst) posts of the range by engagements, each opening in the calendar. */
export function RankedPosts({ title, posts, onOpen }: Props) {
  if (posts.length === 0) return null;
  return (
    <div className="table-scroll">
      <table className="recent-posts">
        <caption className="visually-hidden">{title}, by engagements</caption>
        <thead>
          <tr>
            <th scope="col">Post</th>
            <th scope="col">Account</th>
            <th scope="col">Published</th>
            <NumberHeadings names={['Engagements', 'Impressions']} />
          </tr>
        </thead>
        <tbody>
          {posts.map((r) => (
            <tr key={`${r.account.integration.id}:${r.post.postId}`} data-post-id={r.post.postId}>
              <td className="recent-post-content">
                <button
                  type="button"
                  className="link-button"
                  onClick={() => onOpen(r)}
                  title="Show this post in the calendar"
                >
                  {r.post.content.trim() || '(no text)'}
                </button>
              </td>
              <td>
                {r.account.integration.name} ({platformName(r.account.integration.platform)})
              </td>
              <td className="nowrap">
                {r.post.publishDate ? dateFormat.format(new Date(r.post.publishDate)) : '—'}
              </td>
              <td className="numeric">{formatMetric('engagements', r.engagements)}</td>
              <td className="numeric">
                {r.post.metrics.impressions === undefined
                  ? '—'
                  : formatMetric('impressions', r.post.metrics.impressions)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
