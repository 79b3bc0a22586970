import { memo, useMemo, type CSSProperties } from 'react';
import type { BrandEntry } from '../../shared/brands/ipc.js';
import type { CalendarPost } from '../../shared/posts/ipc.js';
import type { IntegrationView } from '../../shared/integrations/ipc.js';
import { BrandAvatar } from '../ui/BrandAvatar.js';
import { brandKeyOf, countByState, orderedStates, type PostFilters } from './posts.js';
import { stateLabel } from '../../shared/posts/names.js';
import { platformName } from '../../shared/platforms/names.js';
import { ReviewState, reviewLabel } from '../../shared/review/model.js';

interface FiltersProps {
  posts: readonly CalendarPost[];
  integrations: readonly IntegrationView[];
  filters: PostFilters;
  /** The brands of the all-brands view, each a chip; empty when the calendar shows one brand. */
  brands?: readonly BrandEntry[];
  onToggle(kind: keyof PostFilters, value: string): void;
  onClear(): void;
}

const NO_BRANDS: readonly BrandEntry[] = [];

interface Account {
  id: string;
  name: string;
  platform: string | null;
}

/** Accounts known to the brand plus any seen in the posts shown, each once, by name. */
function accountsOf(posts: readonly CalendarPost[], integrations: readonly IntegrationView[]): Account[] {
  const byId = new Map<string, Account>();
  for (const i of integrations) byId.set(i.id, { id: i.id, name: i.name, platform: i.platform });
  for (const p of posts) {
    if (!byId.has(p.integration.id)) {
      byId.set(p.integration.id, {
        id: p.integration.id,
        name: p.integration.name ?? 'Unnamed account',
        platform: p.integration.platform,
      });
    }
  }
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Platform, account and state filters, with the count of posts per state in the visible range. */
export const CalendarFilters = memo(function CalendarFilters({
  posts,
  integrations,
  filters,
  brands = NO_BRANDS,
  onToggle,
  onClear,
}: FiltersProps) {
  const accounts = useMemo(() => accountsOf(posts, integrations), [posts, integrations]);
  const platforms = useMemo(
    () => [...new Set(accounts.map((a) => a.platform ?? ''))].filter(Boolean).sort(),
    [accounts],
  );
  const counts = useMemo(() => countByState(posts, filters), [posts, filters]);
  const reviews = filters.reviews ?? [];
  const brandCounts = useMemo(() => {
    const counts = new Map<string, number>();
    for (const p of posts) counts.set(brandKeyOf(p), (counts.get(brandKeyOf(p)) ?? 0) + 1);
    return counts;
  }, [posts]);
  const active =
    filters.platforms.length +
      filters.accounts.length +
      filters.states.length +
      reviews.length +
      (filters.brands?.length ?? 0) >
    0;

  return (
    <div className="cal-filters" role="group" aria-label="Filters">
      {brands.length > 0 && (
        <div className="cal-filters__brands" role="group" aria-label="Brands in view">
          {brands.map((b) => {
            const key = brandKeyOf(b);
            return (
              <button
                key={key}
                type="button"
                className="brand-chip"
                style={{ '--brand-color': b.color } as CSSProperties}
                aria-pressed={filters.brands?.includes(key) ?? false}
                title={b.problem ?? `${b.name} (${b.connection})`}
                onClick={() => onToggle('brands', key)}
              >
                <BrandAvatar brand={b} size="sm" />
                {b.name}{' '}
                <span className="state-chip__count" data-testid={`brand-count-${b.brandId}`}>
                  {brandCounts.get(key) ?? 0}
                </span>
                <span className="visually-hidden"> posts</span>
                {b.problem && (
                  <span className="brand-chip__problem" aria-label="not syncing">
                    !
                  </span>
                )}
              </button>
            );
          })}
        </div>
      )}
      <div className="cal-filters__states" role="group" aria-label="States in view">
        {orderedStates(counts).map((state) => (
          <button
            key={state}
            type="button"
            className={`state-chip state-chip--${state}`}
            aria-pressed={filters.states.includes(state)}
            onClick={() => onToggle('states', state)}
          >
            {/* Named by its visible words ("Draft 3 posts"), so speech input finds it by what it says. */}
            <span className="state-dot" aria-hidden="true" />
            {stateLabel(state)}{' '}
            <span className="state-chip__count" data-testid={`count-${state}`}>
              {counts.get(state) ?? 0}
            </span>
            <span className="visually-hidden"> posts</span>
          </button>
        ))}
      </div>
      <details className="cal-filters__menu">
        <summary>Platforms{filters.platforms.length > 0 ? ` (${filters.platforms.length})` : ''}</summary>
        <fieldset>
          <legend>Show platforms</legend>
          {platforms.map((p) => (
            <label key={p}>
              <input
                type="checkbox"
                checked={filters.platforms.includes(p)}
                onChange={() => onToggle('platforms', p)}
              />
              {platformName(p)}
            </label>
          ))}
          {platforms.length === 0 && <p className="cal-muted">No accounts yet.</p>}
        </fieldset>
      </details>
      <details className="cal-filters__menu">
        <summary>Accounts{filters.accounts.length > 0 ? ` (${filters.accounts.length})` : ''}</summary>
        <fieldset>
          <legend>Show accounts</legend>
          {accounts.map((a) => (
            <label key={a.id}>
              <input
                type="checkbox"
                checked={filters.accounts.includes(a.id)}
                onChange={() => onToggle('accounts', a.id)}
              />
              {a.name} <span className="cal-muted">({platformName(a.platform)})</span>
            </label>
          ))}
          {accounts.length === 0 && <p className="cal-muted">No accounts yet.</p>}
        </fieldset>
      </details>
      <details className="cal-filters__menu">
        <summary>Review{reviews.length > 0 ? ` (${reviews.length})` : ''}</summary>
        <fieldset>
          <legend>Show review states</legend>
          {ReviewState.options.map((r) => (
            <label key={r}>
              <input type="checkbox" checked={reviews.includes(r)} onChange={() => onToggle('reviews', r)} />
              {reviewLabel(r)}
            </label>
          ))}
        </fieldset>
      </details>
      {active && (
        <button type="button" className="cal-link" onClick={onClear}>
          Clear filters
        </button>
      )}
    </div>
  );
});
