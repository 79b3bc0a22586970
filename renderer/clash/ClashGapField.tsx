import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  ClashGapMinutes,
  DEFAULT_CLASH_GAP_MINUTES,
  MAX_CLASH_GAP_MINUTES,
} from '../../shared/clash/clashes.js';
import { errorMessage } from '../ui/feedback.js';
import { invalidateOtherInputs, ipcKey, useIpcQuery } from '../ipc/use-ipc.js';
import type { BrandRef } from '../../shared/ipc/models.js';
import { setClashSettings } from './queries.js';

/**
 * A brand's clash gap: warn when one account's posts are closer than this (0 turns it off). The
 * active brand's, or `brand`'s (another brand's row, in the all-brands view).
 */
export function ClashGapField({ brandName, brand }: { brandName: string; brand?: BrandRef | undefined }) {
  const id = useId();
  const client = useQueryClient();
  const input = brand ? { brand } : {};
  const current = useIpcQuery('getClashSettings', input);
  const [value, setValue] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const shown = value ?? String(current.data?.gapMinutes ?? DEFAULT_CLASH_GAP_MINUTES);

  async function save(gapMinutes: number | null) {
    setError(null);
    if (gapMinutes !== null && !ClashGapMinutes.safeParse(gapMinutes).success) {
      setError(
        `Write a whole number of minutes from 0 (no gap warnings) to ${MAX_CLASH_GAP_MINUTES} (a day).`,
      );
      return;
    }
    setBusy(true);
    try {
      const saved = await setClashSettings({ gapMinutes, ...input });
      client.setQueryData(ipcKey('getClashSettings', input), saved);
      // The same brand may be read under its name and as the active one: read the other keys again.
      void invalidateOtherInputs(client, ipcKey('getClashSettings', input));
      setValue(null);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="timezone-field clash-gap-field"
      onSubmit={(e) => {
        e.preventDefault();
        void save(shown.trim() === '' ? NaN : Number(shown));
      }}
    >
      <label htmlFor={id}>Warn when one account of {brandName} posts twice within (minutes)</label>
      <input
        id={id}
        type="number"
        min={0}
        max={MAX_CLASH_GAP_MINUTES}
        step={1}
        value={shown}
        onChange={(e) => setValue(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <button
        type="submit"
        className="button button-small"
        disabled={busy || current.isPending || shown === String(current.data?.gapMinutes)}
      >
        Save gap
      </button>
      {current.data && !current.data.isDefault ? (
        <button
          type="button"
          className="button button-small button-quiet"
          disabled={busy}
          onClick={() => void save(null)}
        >
          Use the default ({DEFAULT_CLASH_GAP_MINUTES} min)
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
