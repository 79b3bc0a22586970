import type { Label } from '../../shared/labels/model.js';
import type { InstantRange } from '../lib/posts-in-cache.js';
import './labels.css';

/** The calendar day (yyyy-mm-dd) an instant falls on in `zone`. */
function dayIn(instant: string, zone: string): string {
  // en-CA writes dates as yyyy-mm-dd.
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, dateStyle: 'short' }).format(new Date(instant));
}

/** A day as a person reads it ("1 May"), the day itself whatever the zone. */
function readableDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)),
  );
}

/** Campaigns (labels with days) running in the visible range, as a band over the calendar. */
export function CampaignBand({
  labels,
  range,
  zone,
}: {
  labels: Label[];
  range: InstantRange;
  zone: string;
}) {
  const first = dayIn(range.start, zone);
  const last = dayIn(new Date(Date.parse(range.end) - 1).toISOString(), zone);
  const running = labels.filter((l) => l.campaign && l.campaign.start <= last && l.campaign.end >= first);
  if (running.length === 0) return null;
  return (
    <ul className="campaign-band" aria-label="Campaigns in view">
      {running.map((l) => (
        <li key={l.id} className={`campaign-band__item label--${l.color}`} data-campaign={l.name}>
          <strong>{l.name}</strong>
          <span>
            {readableDay(l.campaign?.start ?? first)} – {readableDay(l.campaign?.end ?? last)}
          </span>
        </li>
      ))}
    </ul>
  );
}
