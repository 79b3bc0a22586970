import { MAX_COMMENT_DELAY_MINUTES } from '../../shared/api/resources.js';
import type { DraftTarget } from '../../shared/drafts/ipc.js';
import {
  firstCommentCount,
  takesFirstComment,
  type FirstComment,
  type FirstCommentPlatform,
} from '../../shared/platforms/first-comment.js';
import { platformRules } from '../../shared/platforms/rules.js';

/**
 * The first comment, for the Instagram, LinkedIn and Facebook accounts of the post: its text with
 * each network's comment counter, "Move hashtags to the first comment", and its delay after the post.
 */
export function FirstCommentField({
  targets,
  comment,
  onText,
  onDelay,
  onMoveHashtags,
}: {
  targets: readonly DraftTarget[];
  comment: FirstComment | null | undefined;
  onText(text: string): void;
  onDelay(minutes: number): void;
  onMoveHashtags(): void;
}) {
  const platforms = [
    ...new Set(targets.map((t) => t.platform).filter((p): p is FirstCommentPlatform => takesFirstComment(p))),
  ];
  if (platforms.length === 0) return null;
  const text = comment?.content ?? '';
  const names = [...new Set(platforms.map((p) => platformRules[p].label.replace(' page', '')))].join(', ');
  return (
    <section className="composer-first-comment" aria-labelledby="first-comment-title">
      <h3 id="first-comment-title" className="composer-section-title">
        First comment
      </h3>
      <p className="muted" id="first-comment-hint">
        Posted as a comment under the post on {names}; other networks leave it off.
      </p>
      <textarea
        className="composer-text"
        aria-label="First comment"
        aria-describedby="first-comment-hint first-comment-counters"
        rows={2}
        placeholder="Hashtags or a link, for the first comment"
        value={text}
        onChange={(e) => onText(e.target.value)}
      />
      <p id="first-comment-counters" className="composer-counters">
        {platforms.map((p) => {
          const { length, limit } = firstCommentCount(p, text);
          const over = typeof length !== 'number' || length > limit;
          return (
            <span
              key={p}
              className={`composer-counter${over ? ' composer-counter-over' : ''}`}
              data-testid={`first-comment-counter-${p}`}
            >
              {typeof length === 'number'
                ? `${platformRules[p].label} ${length}/${limit}${over ? ` (${length - limit} over)` : ''}`
                : `${platformRules[p].label} too long to count (limit ${limit})`}
            </span>
          );
        })}
      </p>
      <div className="composer-first-comment-row">
        <button type="button" className="button button-small" onClick={onMoveHashtags}>
          Move hashtags to the first comment
        </button>
        <div className="composer-delay">
          <label htmlFor="first-comment-delay">Minutes after the post</label>
          <input
            id="first-comment-delay"
            type="number"
            min={0}
            max={MAX_COMMENT_DELAY_MINUTES}
            step={1}
            value={comment?.delay ?? 0}
            aria-describedby="first-comment-delay-hint"
            onChange={(e) => onDelay(e.target.valueAsNumber)}
          />
          <span id="first-comment-delay-hint" className="muted">
            0 to {MAX_COMMENT_DELAY_MINUTES}
          </span>
        </div>
      </div>
    </section>
  );
}
