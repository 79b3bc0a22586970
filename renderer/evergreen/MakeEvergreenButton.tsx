import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { BrandRef } from '../../shared/ipc/models.js';
import { activateBrandIfOther } from '../ui/queries.js';
import { errorMessage } from '../ui/feedback.js';
import { useUi } from '../ui/ui-store.js';
import { useEvergreenWrite } from './queries.js';

/**
 * "Make evergreen" on a post (details panel) or a local draft: it joins a
 * paused evergreen list (a new one when none is paused), to be previewed and turned on.
 */
export function MakeEvergreenButton(props: {
  postId?: string;
  draftId?: string;
  disabled?: boolean;
  className?: string;
  /** Which post or draft, for screen readers where several buttons share a list. */
  what?: string;
  /**
   * The post's own brand (the all-brands view): evergreen lists are a brand's, so that brand is
   * made the active one first, and the post joins its list, not the active brand's.
   */
  brand?: BrandRef | undefined;
}) {
  const make = useEvergreenWrite('makeEvergreen');
  const navigate = useUi((s) => s.navigate);
  const client = useQueryClient();
  const [switchError, setSwitchError] = useState<string | null>(null);
  const { postId, draftId, brand } = props;
  const run = async () => {
    setSwitchError(null);
    try {
      if (brand && (await activateBrandIfOther(brand))) await client.invalidateQueries();
    } catch (failure) {
      setSwitchError(errorMessage(failure));
      return;
    }
    make.mutate(postId ? { postId } : { draftId: draftId ?? '' });
  };
  return (
    <>
      <button
        type="button"
        className={props.className}
        disabled={props.disabled || make.isPending || (!postId && !draftId)}
        onClick={() => void run()}
      >
        Make evergreen
        {props.what ? <span className="visually-hidden"> {props.what}</span> : null}
      </button>
      {make.data ? (
        <span role="status">
          Added to a paused evergreen list.{' '}
          <button type="button" className="cal-link" onClick={() => navigate('evergreen')}>
            Open Evergreen
          </button>
        </span>
      ) : null}
      {make.error ? <span role="alert">{make.error.message}</span> : null}
      {switchError ? <span role="alert">{switchError}</span> : null}
    </>
  );
}
