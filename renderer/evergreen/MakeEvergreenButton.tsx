import { useUi } from '../app/ui-store.js';
import { useEvergreenWrite } from './evergreen-hooks.js';

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
}) {
  const make = useEvergreenWrite('makeEvergreen');
  const navigate = useUi((s) => s.navigate);
  const { postId, draftId } = props;
  return (
    <>
      <button
        type="button"
        className={props.className}
        disabled={props.disabled || make.isPending || (!postId && !draftId)}
        onClick={() => make.mutate(postId ? { postId } : { draftId: draftId ?? '' })}
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
    </>
  );
}
