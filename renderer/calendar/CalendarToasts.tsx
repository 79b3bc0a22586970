import { useToasts } from './toasts.js';

/** The calendar's messages, read out by screen readers; errors are announced assertively. */
export function CalendarToasts() {
  const toasts = useToasts((s) => s.toasts);
  const dismiss = useToasts((s) => s.dismiss);
  return (
    <div className="cal-toasts">
      {toasts.map((t) => (
        <div
          key={t.id}
          className={`cal-toast cal-toast--${t.tone}`}
          role={t.tone === 'error' ? 'alert' : 'status'}
        >
          <span className="cal-toast__message">{t.message}</span>
          {t.action && (
            <button
              type="button"
              onClick={() => {
                t.action?.run();
                dismiss(t.id);
              }}
            >
              {t.action.label}
            </button>
          )}
          <button
            type="button"
            className="cal-toast__close"
            aria-label="Dismiss message"
            onClick={() => dismiss(t.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
