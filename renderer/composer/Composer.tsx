import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { activateBrand, useBrandScope } from '../ui/queries.js';
import { brandKeyOf } from '../calendar/posts.js';
import { filtersOf, useCalendarStore } from '../calendar/store.js';
import { ALL_BRANDS } from '../../shared/brands/ipc.js';
import { ComposerBrandStep } from './ComposerBrandStep.js';
import { ErrorState, Loading } from '../ui/feedback.js';
import { useUi, type ComposerRequest } from '../ui/ui-store.js';
import { useBrandZone } from '../calendar/queries.js';
import { ComposerEditor } from './ComposerEditor.js';
import { loadDraft } from './load-draft.js';
import { rememberOpenDraft } from './open-draft.js';

const NO_BRANDS: readonly string[] = [];

/** The composer dialog: loads what it was opened on, then the editor. */
export function Composer({ request }: { request: ComposerRequest }) {
  const close = useUi((s) => s.closeComposer);
  const { brand, zone, loading } = useBrandZone();
  // From the all-brands view, a new post first picks its brand; with one brand filtered on, that one.
  const scope = useBrandScope();
  // The stored array itself (a fresh [] per read would make the store re-render without end).
  const brandFilter = useCalendarStore((s) => filtersOf(s, ALL_BRANDS).brands) ?? NO_BRANDS;
  const [brandChosen, setBrandChosen] = useState(false);
  const client = useQueryClient();
  const isNew = !request.draftId && !request.editPostId && !request.duplicatePostId;
  const choices = scope.data?.all ? scope.data.brands.filter((b) => !b.problem) : [];
  const filtered = choices.filter((b) => brandFilter.includes(brandKeyOf(b)));
  const offered = filtered.length > 0 ? filtered : choices;
  // Asked unless the one brand on offer is already the active one.
  const onlyActive = offered.length === 1 && offered[0]?.brandId === brand?.id;
  const choosing = isNew && !brandChosen && offered.length > 0 && !onlyActive;
  // One brand filtered on (its chip alone pressed): that brand is the post's, without asking.
  const filteredBrand = choosing && filtered.length === 1 ? (filtered[0] ?? null) : null;
  const askBrand = choosing && !filteredBrand;
  // Edit or Duplicate of another brand's post (the all-brands view): that brand first, as a new
  // post's chosen brand is, or the post would open among the active brand's accounts.
  const postBrand =
    !isNew && !brandChosen && request.brand && request.brand.brandId !== brand?.id ? request.brand : null;
  const switchTo = filteredBrand ?? postBrand;
  const chosen = useQuery({
    queryKey: ['composer-brand', switchTo?.profileId ?? null, switchTo?.brandId ?? null],
    queryFn: async () => {
      if (switchTo) await activateBrand(switchTo);
      return true;
    },
    enabled: switchTo !== null,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const { isSuccess: brandReady } = chosen;
  useEffect(() => {
    if (!brandReady || brandChosen) return;
    // The active brand changed under every query: they read again, then the composer opens on it.
    void client
      .invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'composer-brand' })
      .then(() => setBrandChosen(true));
  }, [brandReady, brandChosen, client]);
  const initial = useQuery({
    queryKey: ['composer-open', request, brand?.id ?? null],
    queryFn: () => loadDraft(request, brand?.id ?? null),
    enabled: !loading && !choosing && !postBrand && !scope.isPending,
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
        {chosen.isError ? (
          <ErrorState
            title="The brand filtered on could not be opened"
            error={chosen.error}
            onRetry={() => void chosen.refetch()}
          />
        ) : initial.isError ? (
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
