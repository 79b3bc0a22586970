import { useUi } from '../app/ui-store.js';
import { useEvergreenWrite } from './evergreen-hooks.js';

/**
 * Runs in the renderer. "Make evergreen" on a post (details panel) or a local draft: it joins the
 * brand's first evergreen list (a new, paused one when there is none), to be checked and turned on.
 */
export function MakeEvergreenButton(props: { postId?: string; draftId?: string; disabled?: boolean }) {
  const make = useEvergreenWrite('makeEvergreen');
  const navigate = useUi((s) => s.navigate);
  const { postId, draftId } = props;
  return (
    <>
      <button
        type="button"
        disabled={props.disabled || make.isPending || (!postId && !draftId)}
        onClick={() => make.mutate(postId ? { postId } : { draftId: draftId ?? '' })}
      >
        Make evergreen
      </button>
      {make.data ? (
        <span role="status">
          Added to an evergreen list.{' '}
          <button type="button" className="cal-link" onClick={() => navigate('evergreen')}>
            Open Evergreen
          </button>
        </span>
      ) : null}
      {make.error ? <span role="alert">{make.error.message}</span> : null}
    </>
  );
}
