import { useMemo } from 'react';
import { gapWords, weekMix } from '../../shared/categories/mix.js';
import { subjectOfPost } from '../../shared/labels/model.js';
import type { CalendarPost } from '../../shared/posts/ipc.js';
import { useCategoriesQuery } from './queries.js';
import './categories.css';

/** Posts that do not count in a week's plan: gone, or kept on the service as drafts. */
const NOT_PLANNED = new Set(['deleted', 'draft']);

/**
 * The calendar week's planned mix: each category's share of the week's posts (a post group counts
 * once) against its target, drawn as a bar and said in words. From the posts the calendar already
 * holds and the one read of the brand's categories.
 */
export function MixBar({ posts }: { posts: readonly CalendarPost[] }) {
  const query = useCategoriesQuery();
  const view = query.data;
  const mix = useMemo(
    () =>
      view
        ? weekMix(
            posts.filter((p) => !NOT_PLANNED.has(p.state)).map(subjectOfPost),
            view.assignments,
            view.categories,
          )
        : null,
    [posts, view],
  );
  if (!view || !mix) return null;
  if (view.categories.length === 0)
    return (
      <p className="mix-bar mix-bar--empty muted" data-testid="mix-bar">
        No content categories yet: add them on the Account page to see this week’s mix against a target.
      </p>
    );
  return (
    <section className="mix-bar" aria-label="This week’s category mix" data-testid="mix-bar">
      <p className="visually-hidden">{mix.summary}</p>
      <span className="mix-bar__title" aria-hidden="true">
        Mix this week{mix.total === 0 ? ': no posts yet' : ''}
      </span>
      <div className="mix-bar__stack" aria-hidden="true">
        {mix.rows
          .filter((r) => r.count > 0)
          .map((r) => (
            <span
              key={r.category?.id ?? 'none'}
              className={`mix-bar__segment ${r.category ? `label--${r.category.color}` : 'mix-bar__segment--none'}`}
              style={{ flexGrow: r.count }}
              title={r.text}
            />
          ))}
        {mix.total === 0 ? (
          <span className="mix-bar__segment mix-bar__segment--none" style={{ flexGrow: 1 }} />
        ) : null}
      </div>
      <ul className="mix-bar__rows" aria-hidden="true">
        {mix.rows.map((r) => {
          const gap = gapWords(r.gap);
          return (
            <li
              key={r.category?.id ?? 'none'}
              className={`mix-bar__row ${r.category ? `label--${r.category.color}` : ''}`}
              data-category={r.category?.name ?? ''}
            >
              <span className="label-pill__dot" />
              <strong>{r.category?.name ?? 'No category'}</strong>{' '}
              <span>
                {r.count} of {mix.total} ({r.percent} %)
              </span>
              {r.target !== null ? (
                <>
                  <span className="mix-bar__meter">
                    <span className="mix-bar__fill" style={{ width: `${Math.min(100, r.percent)}%` }} />
                    <span className="mix-bar__target" style={{ left: `${r.target}%` }} />
                  </span>
                  <span className="muted">target {r.target} %</span>
                  {mix.total > 0 && gap ? (
                    <span className={`mix-bar__gap mix-bar__gap--${gap === 'on target' ? 'ok' : 'off'}`}>
                      {gap}
                    </span>
                  ) : null}
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
