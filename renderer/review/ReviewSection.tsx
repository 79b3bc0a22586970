import { useState } from 'react';
import type { CalendarPost } from '../../shared/posts/ipc.js';
import { reviewLabel, stepWords, type ReviewState } from '../../shared/review/model.js';
import './review.css';
import { useSetReviewState } from './queries.js';

/*
 * The details panel's review section: where the post stands with the client, the reviewer's
 * comment, a verdict given on a version since edited, why the outbox holds it; and the agency's own
 * verdicts (a client who said yes on the phone). Main applies each and answers the post as it shows.
 */

export function ReviewSection({ post }: { post: CalendarPost }) {
  const review = post.review ?? null;
  const state: ReviewState = review?.state ?? 'draft';
  const [asking, setAsking] = useState(false);
  const [comment, setComment] = useState('');
  const set = useSetReviewState(post, () => {
    setAsking(false);
    setComment('');
  });
  return (
    <section aria-label="Client review" className="review-section">
      <h3>Client review</h3>
      <p data-testid="review-state">
        {reviewLabel(state)}
        {review?.step && state !== 'draft' ? `, waiting for ${stepWords(review.step)}` : ''}
      </p>
      {review?.comment && <p data-testid="review-comment">Reviewer: “{review.comment}”</p>}
      {review?.changedSinceReview && (
        <p className="review-section__changed" data-testid="review-changed">
          Changed since review: the reviewer’s verdict “{reviewLabel(review.changedSinceReview.verdict)}”
          {review.changedSinceReview.comment ? ` (“${review.changedSinceReview.comment}”)` : ''} was given on
          the earlier version, so it is not applied.
        </p>
      )}
      {review?.held && <p className="review-section__held">{review.held}</p>}
      <div className="review-section__actions">
        {state !== 'approved' && (
          <button type="button" onClick={() => set.mutate({ state: 'approved' })} disabled={set.isPending}>
            {review?.step ? `Approve ${review.step.name}` : 'Approve'}
          </button>
        )}
        {state !== 'inReview' && (
          <button type="button" onClick={() => set.mutate({ state: 'inReview' })} disabled={set.isPending}>
            Put in review
          </button>
        )}
        {!asking && (
          <button type="button" onClick={() => setAsking(true)} disabled={set.isPending}>
            Request changes…
          </button>
        )}
      </div>
      {asking && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            set.mutate({ state: 'changesRequested', comment });
          }}
        >
          <label>
            What should change?
            <textarea
              value={comment}
              maxLength={5000}
              rows={3}
              onChange={(e) => setComment(e.target.value)}
            />
          </label>
          <div className="review-section__actions">
            <button type="submit" disabled={set.isPending}>
              Request changes
            </button>
            <button type="button" onClick={() => setAsking(false)}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {set.isError && (
        <p className="field-error" role="alert">
          {set.error.message}
        </p>
      )}
    </section>
  );
}
