/** ISO 8601 instants as main writes them into sentences (outbox summaries, errors). */
const ISO_INSTANT = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})/g;

/** The zone's name when it is valid, else the system's, so a bad saved zone never breaks a sentence. */
function safeZone(zone: string | null | undefined): string | undefined {
  if (!zone) return undefined;
  try {
    new Intl.DateTimeFormat(undefined, { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}

/** Rewrites every ISO instant in a sentence as a date and time a person reads, in the brand's zone. */
export function readableInstants(text: string, zone: string | null | undefined): string {
  const fmt = new Intl.DateTimeFormat(undefined, {
    timeZone: safeZone(zone),
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  });
  return text.replace(ISO_INSTANT, (iso) => {
    const ms = Date.parse(iso);
    return Number.isNaN(ms) ? iso : fmt.format(ms);
  });
}
