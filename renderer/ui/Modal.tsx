import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A modal dialog (the platform's <dialog>): focus moves in and comes back when it closes, the rest
 * of the window cannot be reached while it is open, and Escape asks to close it.
 */
export function Modal({
  title,
  onClose,
  children,
  className,
  describedBy,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  className: string;
  /** The id of the element that says what the dialog asks, read out after its title. */
  describedBy?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className={className}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
    </dialog>
  );
}
