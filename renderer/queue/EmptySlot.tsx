import './queue.css';

/** A free posting slot drawn faintly in the calendar's week and day views; a click opens the composer there. */
export function EmptySlot({
  date,
  label,
  onOpen,
}: {
  date: Date;
  label: string;
  onOpen: (date: Date) => void;
}) {
  return (
    <button
      type="button"
      className="queue-empty-slot"
      aria-label={`Free slot ${label}: new post`}
      onClick={() => onOpen(date)}
    >
      {label}
    </button>
  );
}
