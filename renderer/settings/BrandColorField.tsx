import { useId } from 'react';
import { BrandAvatar } from '../ui/BrandAvatar.js';
import { useBrandScope } from '../ui/queries.js';
import { useNotices } from '../ui/notice-store.js';
import { useSetBrandColor } from './queries.js';

/** A brand's colour in the all-brands calendar: picked automatically, or chosen here. */
export function BrandColorField({ profileId, brandId }: { profileId: string; brandId: string }) {
  const id = useId();
  const toast = useNotices((s) => s.show);
  const scope = useBrandScope();
  const entry = scope.data?.brands.find((b) => b.profileId === profileId && b.brandId === brandId);
  const setColor = useSetBrandColor({ profileId, brandId }, (e) =>
    toast({ tone: 'error', message: `Could not change the colour: ${e.message}` }),
  );
  if (!entry) return null;
  return (
    <span className="brand-color-field">
      <BrandAvatar brand={entry} size="sm" />
      <label htmlFor={`${id}-color`}>Colour</label>
      <input
        id={`${id}-color`}
        type="color"
        value={entry.color}
        aria-label={`Colour of ${entry.name}`}
        onChange={(e) => setColor.mutate(e.target.value)}
      />
      {entry.colorChosen && (
        <button type="button" className="button button-small" onClick={() => setColor.mutate(null)}>
          Automatic
        </button>
      )}
    </span>
  );
}
