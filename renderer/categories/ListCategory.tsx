import { useId } from 'react';
import { useCategories, useSetListCategory } from './queries.js';
import './categories.css';

/** An evergreen list's category: its repeats carry it and go to the queue slots kept for it. */
export function ListCategory({ listId }: { listId: string }) {
  const id = useId();
  const view = useCategories();
  const set = useSetListCategory();
  if (view.categories.length === 0) return null;
  return (
    <div className="field category-picker category-picker--list">
      <label htmlFor={`${id}-list-category`}>Feeds the category</label>
      <select
        id={`${id}-list-category`}
        value={view.lists[listId] ?? ''}
        disabled={set.isPending}
        onChange={(e) => set.mutate({ listId, categoryId: e.target.value || null })}
      >
        <option value="">No category</option>
        {view.categories.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
      <p className="muted">
        Its repeats carry the category and go to the slots kept for it (open slots when it has none).
      </p>
      {set.error ? (
        <p className="field-error" role="alert">
          {set.error.message}
        </p>
      ) : null}
    </div>
  );
}
