import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { BrandView } from '../../shared/brands/ipc.js';
import { errorMessage, FieldError } from '../ui/feedback.js';
import { TimeZonePicker } from '../ui/TimeZonePicker.js';
import './preferences.css';
import { setBrandTimezone } from './queries.js';

/** A brand's display zone: the same searchable picker as the calendar's, or back to the system's. */
export function TimeZoneField({ brand }: { brand: BrandView }) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function save(timezone: string | null) {
    setError(null);
    setBusy(true);
    try {
      await setBrandTimezone({ brandId: brand.id, timezone });
      // Every time on screen depends on the zone: the calendar reads brands again.
      await client.invalidateQueries({ queryKey: ['listBrands'] });
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="timezone-field">
      <TimeZonePicker
        label={`Time zone of ${brand.name}`}
        visibleLabel={`Time zone of ${brand.name}`}
        value={brand.timezone}
        disabled={busy}
        onPick={(zone) => void save(zone)}
      />
      {brand.timezone ? (
        <button
          type="button"
          className="button button-small button-quiet"
          disabled={busy}
          onClick={() => void save(null)}
        >
          Use the system’s
        </button>
      ) : null}
      <FieldError error={error} />
    </div>
  );
}
