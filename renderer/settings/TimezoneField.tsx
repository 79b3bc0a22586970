import { useId, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { BrandView } from '../../shared/ipc/models.js';
import { errorMessage } from '../app/feedback.js';
import { call } from '../lib/ipc.js';
import { searchTimeZones, supportedTimeZones } from './time-zones.js';
import './preferences.css';

/** A brand's display zone: type to search the IANA zones, or go back to the system's. */
export function TimezoneField({ brand }: { brand: BrandView }) {
  const id = useId();
  const client = useQueryClient();
  const zones = useMemo(() => supportedTimeZones(), []);
  const [query, setQuery] = useState(brand.timezone ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const matches = useMemo(() => searchTimeZones(zones, query, 40), [zones, query]);
  const system = Intl.DateTimeFormat().resolvedOptions().timeZone;

  async function save(timezone: string | null) {
    setError(null);
    if (timezone !== null && !zones.includes(timezone)) {
      setError(
        `"${timezone}" is not a time zone Postdeck knows. Pick one from the list, for example Europe/Paris.`,
      );
      return;
    }
    setBusy(true);
    try {
      await call('setBrandTimezone', { brandId: brand.id, timezone });
      if (timezone === null) setQuery('');
      // Every time on screen depends on the zone: the calendar reads brands again.
      await client.invalidateQueries({ queryKey: ['listBrands'] });
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="timezone-field"
      onSubmit={(e) => {
        e.preventDefault();
        void save(query.trim());
      }}
    >
      <label htmlFor={id}>Time zone of {brand.name}</label>
      <input
        id={id}
        list={`${id}-zones`}
        value={query}
        placeholder={`System (${system})`}
        onChange={(e) => setQuery(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        autoComplete="off"
        spellCheck={false}
      />
      <datalist id={`${id}-zones`}>
        {matches.map((z) => (
          <option key={z} value={z} />
        ))}
      </datalist>
      <button
        type="submit"
        className="button button-small"
        disabled={busy || !query.trim() || query.trim() === brand.timezone}
      >
        Save zone
      </button>
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
      {error ? (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
