import type { CalendarPost } from '../../shared/posts/ipc.js';
import { reviewLabel, stepWords, type ReviewState } from '../../shared/review/model.js';
import './review.css';

/*
 * The mark a post carries in the calendar for where it stands with the client. The chip's own
 * accessible name says it in words (calendar/posts.ts postAccessibleName), so the mark is a picture.
 */

const GLYPHS: Record<ReviewState, string> = {
  draft: '',
  inReview: '◔ In review',
  approved: '✓ Approved',
  changesRequested: '✎ Changes',
};

export function ReviewMark({ post }: { post: Pick<CalendarPost, 'review'> }) {
  const review = post.review;
  if (!review) return null;
  // In a flow of several steps, a post in review names the step it waits at ("◔ Client").
  const atStep = review.state === 'inReview' && review.step ? review.step : null;
  const glyph =
    review.held && review.state === 'draft'
      ? '⏸ Needs approval'
      : atStep
        ? `◔ ${atStep.name}`
        : GLYPHS[review.state];
  if (!glyph) return null;
  const title = [
    review.state === 'draft'
      ? 'Needs approval'
      : atStep
        ? `${reviewLabel(review.state)}, waiting for ${stepWords(atStep)}`
        : reviewLabel(review.state),
    review.comment,
    review.changedSinceReview ? 'changed since review' : null,
  ]
    .filter(Boolean)
    .join(': ');
  return (
    <span
      className={`review-mark glyph review-mark--${review.state}`}
      data-glyph={glyph}
      data-review={review.state}
      title={title}
      aria-hidden="true"
    />
  );
}
