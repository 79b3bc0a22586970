import { useId } from 'react';
import { categoryOf } from '../../shared/categories/model.js';
import { useCategories, useSetPostCategory } from './queries.js';
import './categories.css';

/**
 * A post group's one content category (or none), in the composer and the post's details. Kept on
 * this computer under the group's subject; a draft's follows it to the post it becomes.
 */
export function CategoryPicker({ subject }: { subject: string }) {
  const id = useId();
  const view = useCategories();
  const set = useSetPostCategory();
  const current = categoryOf(view, subject);
  if (view.categories.length === 0)
    return (
      <p className="muted category-picker category-picker--empty">
        No content categories yet: add them on the Account page.
      </p>
    );
  return (
    <div className="field category-picker">
      <label htmlFor={`${id}-category`}>Category</label>
      <select
        id={`${id}-category`}
        value={current?.id ?? ''}
        disabled={set.isPending}
        aria-describedby={set.error ? `${id}-category-error` : undefined}
        onChange={(e) => set.mutate({ subjects: [subject], categoryId: e.target.value || null })}
      >
        <option value="">No category</option>
        {view.categories.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
      {set.error ? (
        <p id={`${id}-category-error`} className="field-error" role="alert">
          {set.error.message}
        </p>
      ) : null}
    </div>
  );
}
