import { useState } from 'react';
import { formatMetric } from './metrics.js';
import { columnsFor, nextSort, sortPosts, type RecentPost, type SortOrder } from './recent-posts.js';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Rows drawn until the person asks for all: a year of ten brands holds thousands of posts, and
 * drawing every row held the window for most of a second on each change of period.
 */
export const FIRST_ROWS = 50;

interface Props {
  posts: readonly RecentPost[];
  /** Shows the post in the calendar, on its day. */
  onOpenPost(post: RecentPost): void;
  onOpenLink(url: string): void;
}

/** The latest published posts with their metrics; every column sorts by clicking (or Enter/Space on) its header. */
export function RecentPostsTable({ posts, onOpenPost, onOpenLink }: Props) {
  const [order, setOrder] = useState<SortOrder>({ key: 'publishDate', direction: 'descending' });
  const columns = columnsFor(posts);
  const [showAll, setShowAll] = useState(false);
  const sorted = sortPosts(posts, order);
  const rows = showAll ? sorted : sorted.slice(0, FIRST_ROWS);

  return (
    <>
      <div className="table-scroll">
        <table className="recent-posts">
          <caption className="visually-hidden">
            Recent posts and their metrics. Choose a column heading to sort by it.
          </caption>
          <thead>
            <tr>
              {columns.map((column) => {
                const sorted = order.key === column.key;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={sorted ? order.direction : 'none'}
                    className={column.metric ? 'numeric' : undefined}
                  >
                    <button
                      type="button"
                      className="sort-button"
                      onClick={() => setOrder(nextSort(order, column.key))}
                    >
                      {column.label}
                      <span className="sort-mark" aria-hidden="true">
                        {sorted ? (order.direction === 'ascending' ? ' ▲' : ' ▼') : ''}
                      </span>
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.map((post) => (
              <tr key={post.postId} data-post-id={post.postId}>
                <td className="nowrap">
                  {post.publishDate ? dateFormat.format(new Date(post.publishDate)) : '—'}
                </td>
                <td className="recent-post-content">
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => onOpenPost(post)}
                    title="Show this post in the calendar"
                  >
                    {post.content?.trim() || '(no text)'}
                  </button>
                  {post.releaseURL && /^https?:/i.test(post.releaseURL) ? (
                    <button
                      type="button"
                      className="link-button muted small"
                      onClick={() => onOpenLink(post.releaseURL!)}
                    >
                      View on the platform
                    </button>
                  ) : null}
                </td>
                {columns
                  .filter((c) => c.metric !== null)
                  .map((c) => {
                    const value = post.metrics[c.metric!];
                    return (
                      <td key={c.key} className="numeric">
                        {value === undefined ? '—' : formatMetric(c.metric!, value)}
                      </td>
                    );
                  })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {sorted.length > FIRST_ROWS ? (
        <p className="muted recent-posts-more">
          {showAll
            ? `All ${sorted.length.toLocaleString()} posts are shown.`
            : `The first ${FIRST_ROWS} of ${sorted.length.toLocaleString()} posts are shown, in the order chosen above.`}{' '}
          <button type="button" className="link-button" onClick={() => setShowAll(!showAll)}>
            {showAll
              ? `Show the first ${FIRST_ROWS} only`
              : `Show all ${sorted.length.toLocaleString()} posts`}
          </button>
        </p>
      ) : null}
    </>
  );
}
