import { useId, useState } from 'react';
import {
  CategoryName,
  postsPerCategory,
  TargetPercent,
  type Category,
  type CategoryInput,
} from '../../shared/categories/model.js';
import type { LabelColor } from '../../shared/labels/model.js';
import { LABEL_COLORS } from '../../shared/labels/model.js';
import { ErrorState, Loading } from '../ui/feedback.js';
import { useNotices } from '../ui/notice-store.js';
import { LabelColorSelect, LabelPill } from '../labels/LabelPill.js';
import { useCategoriesQuery, useDeleteCategory, useSaveCategory } from './queries.js';
import './categories.css';

/** Reads a category form's fields: the input to save, or the sentence saying what to fix. */
function readForm(name: string, target: string): { name: string; targetPercent: number } | string {
  const parsedName = CategoryName.safeParse(name);
  if (!parsedName.success) return parsedName.error.issues[0]?.message ?? 'Check the name.';
  const parsedTarget = TargetPercent.safeParse(target.trim() === '' ? 0 : Number(target));
  if (!parsedTarget.success) return parsedTarget.error.issues[0]?.message ?? 'Check the weekly target.';
  return { name: parsedName.data, targetPercent: parsedTarget.data };
}

/** The Account page: the brand's content categories and the weekly mix they aim at. */
export function CategoriesSection() {
  const query = useCategoriesQuery();
  const view = query.data;
  const counts = view ? postsPerCategory(view) : new Map<string, number>();
  const total = (view?.categories ?? []).reduce((sum, c) => sum + c.targetPercent, 0);
  return (
    <section className="card" aria-labelledby="categories-title">
      <h2 id="categories-title">Content categories</h2>
      <p className="muted">
        A category says what kind of post it is (Tips, Product, …); a post has one at most. Give each a weekly
        target: the calendar’s week shows the planned mix against it. Queue slots can be kept for a category
        on the Queue page. Categories stay on this computer and are never posted.
      </p>
      {query.isPending ? <Loading label="Loading the categories…" /> : null}
      {query.isError ? (
        <ErrorState
          title="The categories could not be read"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : null}
      {view && view.categories.length === 0 ? (
        <p className="muted" data-testid="categories-empty">
          This brand has no categories yet. Add the first one below, for example Tips with a target of 40 %.
        </p>
      ) : null}
      {view && view.categories.length > 0 ? (
        <p className="muted" role="status">
          Targets add up to {total} %
          {total < 100 ? `; ${100 - total} % is left for posts without a category` : ''}.
        </p>
      ) : null}
      {(view?.categories ?? []).map((c) => (
        <CategoryRow
          key={`${c.id}:${c.name}:${c.color}:${c.targetPercent}`}
          category={c}
          posts={counts.get(c.id) ?? 0}
        />
      ))}
      {view ? <NewCategory taken={view.categories.length} /> : null}
    </section>
  );
}

function NewCategory({ taken }: { taken: number }) {
  const id = useId();
  const save = useSaveCategory();
  const toast = useNotices((s) => s.show);
  const [name, setName] = useState('');
  const [color, setColor] = useState<LabelColor>(LABEL_COLORS[(taken + 3) % LABEL_COLORS.length] ?? 'green');
  const [target, setTarget] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="categories-settings__row categories-settings__new"
      aria-label="New category"
      onSubmit={(e) => {
        e.preventDefault();
        const read = readForm(name, target);
        if (typeof read === 'string') return setError(read);
        save.mutate(
          { ...read, color },
          {
            onSuccess: (made) => {
              setError(null);
              setName('');
              setTarget('');
              toast({ tone: 'success', message: `Added the category “${made.name}”.` });
            },
            onError: (e) => setError(e.message),
          },
        );
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-name`}>New category</label>
        <input
          id={`${id}-name`}
          value={name}
          maxLength={60}
          placeholder="Tips"
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-color`}>Colour</label>
        <LabelColorSelect id={`${id}-color`} value={color} onChange={setColor} />
      </div>
      <div className="field categories-settings__target">
        <label htmlFor={`${id}-target`}>Weekly target (%)</label>
        <input
          id={`${id}-target`}
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          value={target}
          placeholder="40"
          onChange={(e) => setTarget(e.target.value)}
        />
      </div>
      <button type="submit" className="button button-small button-primary" disabled={save.isPending}>
        Add category
      </button>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function CategoryRow({ category, posts }: { category: Category; posts: number }) {
  const id = useId();
  const save = useSaveCategory();
  const remove = useDeleteCategory();
  const toast = useNotices((s) => s.show);
  const [name, setName] = useState(category.name);
  const [color, setColor] = useState<LabelColor>(category.color);
  const [target, setTarget] = useState(String(category.targetPercent));
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const submit = () => {
    const read = readForm(name, target);
    if (typeof read === 'string') return setError(read);
    const input: CategoryInput = { id: category.id, ...read, color };
    save.mutate(input, {
      onSuccess: () => {
        setError(null);
        toast({ tone: 'success', message: `Saved the category “${read.name}”.` });
      },
      onError: (e) => setError(e.message),
    });
  };
  const postsWord = `${posts} post${posts === 1 ? '' : 's'}`;

  return (
    <form
      className="categories-settings__row"
      aria-label={`Category ${category.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <LabelPill label={{ name: category.name, color }} />
      <div className="field">
        <label htmlFor={`${id}-name`}>Name</label>
        <input id={`${id}-name`} value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-color`}>Colour</label>
        <LabelColorSelect id={`${id}-color`} value={color} onChange={setColor} />
      </div>
      <div className="field categories-settings__target">
        <label htmlFor={`${id}-target`}>Weekly target (%)</label>
        <input
          id={`${id}-target`}
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          value={target}
          onChange={(e) => setTarget(e.target.value)}
        />
      </div>
      <span className="muted categories-settings__count">{postsWord}</span>
      <button type="submit" className="button button-small" disabled={save.isPending}>
        Save
      </button>
      {confirming ? (
        <span className="categories-settings__confirm" role="group" aria-label="Confirm delete">
          <span>
            {posts === 0 ? 'No post carries it.' : `${postsWord} will lose it.`} Its queue slots open to any
            post.
          </span>
          <button
            type="button"
            className="button button-small button-danger"
            onClick={() =>
              remove.mutate(category.id, {
                onSuccess: ({ postsLost }) =>
                  toast({
                    tone: 'success',
                    message: `Deleted the category “${category.name}”; ${postsLost} post${postsLost === 1 ? '' : 's'} lost it.`,
                  }),
                onError: (e) => setError(e.message),
              })
            }
          >
            Delete “{category.name}”
          </button>
          <button type="button" className="button button-small" onClick={() => setConfirming(false)}>
            Keep it
          </button>
        </span>
      ) : (
        <button
          type="button"
          className="button button-small button-danger"
          onClick={() => setConfirming(true)}
        >
          Delete
        </button>
      )}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
