import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { BrandEntry } from '../../shared/brands/ipc.js';
import { BrandAvatar } from '../ui/BrandAvatar.js';
import { activateBrand } from '../ui/queries.js';
import { errorMessage, FieldError } from '../ui/feedback.js';

/**
 * A new post from the all-brands view first picks its brand: the composer then lists
 * that brand's accounts only, so a post never mixes brands, and it is sent under that brand. The
 * brand becomes the active one; the calendar stays on all brands.
 */
export function ComposerBrandStep({
  brands,
  onChosen,
  onClose,
}: {
  brands: readonly BrandEntry[];
  onChosen(): void;
  onClose(): void;
}) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function choose(brand: BrandEntry) {
    setBusy(true);
    setError(null);
    try {
      await activateBrand(brand);
      await client.invalidateQueries();
      onChosen();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="composer-backdrop">
      <section className="composer composer-small" role="dialog" aria-modal="true" aria-label="Composer">
        <h2>Which brand is this post for?</h2>
        <p className="muted">A post goes out under one brand, through that brand’s accounts.</p>
        <ul className="rows" aria-label="Brands">
          {brands.map((b) => (
            <li key={`${b.profileId}:${b.brandId}`} className="row">
              <button
                type="button"
                className="button composer-brand-choice"
                disabled={busy}
                onClick={() => void choose(b)}
              >
                <BrandAvatar brand={b} size="sm" /> {b.name} <span className="muted">({b.connection})</span>
              </button>
            </li>
          ))}
        </ul>
        <FieldError error={error} />
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </section>
    </div>
  );
}
