import type { ReactNode } from 'react';
import { AppError } from '../ipc/ipc.js';

/** The sentence to show for any failure: main's messages already say what to do. */
export function errorMessage(error: unknown): string {
  if (error instanceof AppError) return error.message;
  return 'Something unexpected went wrong. Try again; if it keeps happening, restart Postdeck.';
}

/** A named wait, announced to screen readers. */
export function Loading({ label }: { label: string }) {
  return (
    <div className="feedback feedback-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/** A failure with what happened, what to do, and a way to try again. */
export function ErrorState({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry?: () => void;
}) {
  return (
    <div className="feedback feedback-error" role="alert">
      <p className="feedback-title">{title}</p>
      <p>{errorMessage(error)}</p>
      {onRetry ? (
        <button type="button" className="button" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

/** Nothing to show yet, said plainly, with the next step when there is one. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="feedback feedback-empty">
      <p className="feedback-title">{title}</p>
      {children}
    </div>
  );
}

/** A form's or a section's last failed change, read out as it appears; nothing while there is none. */
export function FieldError({ error, id }: { error: string | null | undefined; id?: string }) {
  return error ? (
    <p id={id} className="field-error" role="alert">
      {error}
    </p>
  ) : null;
}
