import { useQuery } from '@tanstack/react-query';
import { ErrorState, Loading } from '../app/feedback.js';
import { useUi, type ComposerRequest } from '../app/ui-store.js';
import { useBrandZone } from '../calendar/queries.js';
import { ComposerEditor } from './ComposerEditor.js';
import { loadDraft } from './load-draft.js';
import { rememberOpenDraft } from './open-draft.js';

/** The composer dialog: loads what it was opened on, then the editor. */
export function Composer({ request }: { request: ComposerRequest }) {
  const close = useUi((s) => s.closeComposer);
  const { brand, zone, loading } = useBrandZone();
  const initial = useQuery({
    queryKey: ['composer-open', request, brand?.id ?? null],
    queryFn: () => loadDraft(request, brand?.id ?? null),
    enabled: !loading,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

  if (initial.isSuccess) {
    return (
      <ComposerEditor
        key={initial.data.draft.id}
        initial={initial.data.draft}
        mode={initial.data.mode}
        zone={zone}
      />
    );
  }
  return (
    <div className="composer-backdrop">
      <section className="composer composer-small" role="dialog" aria-modal="true" aria-label="Composer">
        {initial.isError ? (
          <ErrorState
            title="This post could not be opened"
            error={initial.error}
            onRetry={() => void initial.refetch()}
          />
        ) : (
          <Loading label="Opening the composer…" />
        )}
        <button
          type="button"
          className="button"
          onClick={() => {
            rememberOpenDraft(null);
            close();
          }}
        >
          Close
        </button>
      </section>
    </div>
  );
}
