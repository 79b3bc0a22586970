import { memo, useMemo } from 'react';
import type { CalendarPost, IntegrationView } from '../../shared/ipc/models.js';
import { countByState, orderedStates, type PostFilters } from './posts.js';
import { platformLabel, stateLabel } from '../../shared/posts/labels.js';
import { ReviewState, reviewLabel } from '../../shared/review/model.js';

interface FiltersProps {
  posts: readonly CalendarPost[];
  integrations: readonly IntegrationView[];
  filters: PostFilters;
  onToggle(kind: keyof PostFilters, value: string): void;
  onClear(): void;
}

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
  const active =
    filters.platforms.length + filters.accounts.length + filters.states.length + reviews.length > 0;

  return (
    <div className="cal-filters" role="group" aria-label="Filters">
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
              {platformLabel(p)}
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
              {a.name} <span className="cal-muted">({platformLabel(a.platform)})</span>
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
