import { useId, useState, type FormEvent } from 'react';
import type { BrandRef } from '../../shared/ipc/models.js';
import { MAX_NOTE_CHARS, NoteBody } from '../../shared/labels/model.js';
import { useAddNote, useDeleteNote, useNotes } from './queries.js';
import { FieldError } from '../ui/feedback.js';
import './labels.css';

const when = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/**
 * Internal notes on a post group: who wrote them and when; kept on this computer, never sent. Of
 * the active brand, or of `brand` (a post of the all-brands view is its own brand's).
 */
export function NotesPanel({ subject, brand }: { subject: string; brand?: BrandRef | undefined }) {
  const notes = useNotes(subject, brand);
  const add = useAddNote(subject, brand);
  const remove = useDeleteNote(subject, brand);
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = NoteBody.safeParse(text);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the note.');
    add.mutate(parsed.data, {
      onSuccess: () => {
        setText('');
        setError(null);
      },
      onError: (err) => setError(err.message),
    });
  };

  const list = notes.data ?? [];
  return (
    <section className="post-notes" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Notes</h3>
      <p className="muted post-notes__hint">For your team: kept on this computer, never posted.</p>
      {notes.isError && <p className="field-error">Could not read the notes: {notes.error.message}</p>}
      {list.length > 0 && (
        <ol className="post-notes__list">
          {list.map((n) => (
            <li key={n.id} className="post-note">
              <p className="post-note__meta">
                <strong>{n.author}</strong> · <time dateTime={n.createdAt}>{when(n.createdAt)}</time>
                <button
                  type="button"
                  className="button button-small button-quiet"
                  aria-label={`Delete the note by ${n.author}, ${when(n.createdAt)}`}
                  onClick={() => remove.mutate(n.id)}
                >
                  Delete
                </button>
              </p>
              <p className="post-note__body" dir="auto">
                {n.body}
              </p>
            </li>
          ))}
        </ol>
      )}
      <form className="post-notes__form" onSubmit={submit}>
        <label htmlFor={`${id}-text`} className="visually-hidden">
          New note
        </label>
        <textarea
          id={`${id}-text`}
          rows={2}
          placeholder="Add a note for your team…"
          value={text}
          maxLength={MAX_NOTE_CHARS + 100}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <button type="submit" className="button button-small" disabled={add.isPending}>
          Add note
        </button>
        <FieldError id={`${id}-error`} error={error} />
      </form>
    </section>
  );
}
