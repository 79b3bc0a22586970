import type { Label } from '../../shared/labels/model.js';
import type { InstantRange } from '../ipc/posts-in-cache.js';
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

/** One campaign as the band shows it: the same name and days in several brands is one item. */
interface CampaignItem {
  label: Label;
  brands: string[];
}

/**
 * Campaigns (labels with days) running in the visible range, as a band over the calendar. In the
 * all-brands view (`brandOf` given) each says whose it is.
 */
export function CampaignBand({
  labels,
  range,
  zone,
  brandOf,
}: {
  labels: readonly Label[];
  range: InstantRange;
  zone: string;
  /** The name of the brand a label belongs to (the all-brands view). */
  brandOf?: ((labelId: string) => string | undefined) | undefined;
}) {
  const first = dayIn(range.start, zone);
  const last = dayIn(new Date(Date.parse(range.end) - 1).toISOString(), zone);
  const items = new Map<string, CampaignItem>();
  for (const l of labels) {
    if (!l.campaign || l.campaign.start > last || l.campaign.end < first) continue;
    const key = `${l.name.toLowerCase()}\u0000${l.campaign.start}\u0000${l.campaign.end}`;
    const item = items.get(key) ?? { label: l, brands: [] };
    const brand = brandOf?.(l.id);
    if (brand && !item.brands.includes(brand)) item.brands.push(brand);
    items.set(key, item);
  }
  if (items.size === 0) return null;
  return (
    <ul className="campaign-band" aria-label="Campaigns in view">
      {[...items.values()].map(({ label: l, brands }) => (
        <li key={l.id} className={`campaign-band__item label--${l.color}`} data-campaign={l.name}>
          <strong>{l.name}</strong>
          <span>
            {readableDay(l.campaign?.start ?? first)} – {readableDay(l.campaign?.end ?? last)}
          </span>
          {brands.length > 0 && <span className="campaign-band__brands">{brands.join(', ')}</span>}
        </li>
      ))}
    </ul>
  );
}
