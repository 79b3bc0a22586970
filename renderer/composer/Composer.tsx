import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useBrandScope } from '../app/BrandSwitcher.js';
import { brandKeyOf } from '../calendar/posts.js';
import { filtersOf, useCalendarStore } from '../calendar/store.js';
import { ALL_BRANDS } from '../../shared/ipc/models.js';
import { ComposerBrandStep } from './ComposerBrandStep.js';
import { ErrorState, Loading } from '../app/feedback.js';
import { useUi, type ComposerRequest } from '../app/ui-store.js';
import { useBrandZone } from '../calendar/queries.js';
import { ComposerEditor } from './ComposerEditor.js';
import { loadDraft } from './load-draft.js';
import { rememberOpenDraft } from './open-draft.js';

const NO_BRANDS: readonly string[] = [];

/** The composer dialog: loads what it was opened on, then the editor. */
export function Composer({ request }: { request: ComposerRequest }) {
  const close = useUi((s) => s.closeComposer);
  const { brand, zone, loading } = useBrandZone();
  // From the all-brands view, a new post first picks its brand (the one brand filtered on, if one is).
  const scope = useBrandScope();
  // The stored array itself (a fresh [] per read would make the store re-render without end).
  const brandFilter = useCalendarStore((s) => filtersOf(s, ALL_BRANDS).brands) ?? NO_BRANDS;
  const [brandChosen, setBrandChosen] = useState(false);
  const isNew = !request.draftId && !request.editPostId && !request.duplicatePostId;
  const choices = scope.data?.all ? scope.data.brands.filter((b) => !b.problem) : [];
  const filtered = choices.filter((b) => brandFilter.includes(brandKeyOf(b)));
  const offered = filtered.length > 0 ? filtered : choices;
  // Asked unless the one brand on offer is already the active one.
  const onlyActive = offered.length === 1 && offered[0]?.brandId === brand?.id;
  const askBrand = isNew && !brandChosen && offered.length > 0 && !onlyActive;
  const initial = useQuery({
    queryKey: ['composer-open', request, brand?.id ?? null],
    queryFn: () => loadDraft(request, brand?.id ?? null),
    enabled: !loading && !askBrand && !scope.isPending,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

  if (askBrand) {
    return (
      <ComposerBrandStep
        brands={offered}
        onChosen={() => setBrandChosen(true)}
        onClose={() => {
          rememberOpenDraft(null);
          close();
        }}
      />
    );
  }
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
