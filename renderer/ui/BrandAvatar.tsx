import { brandInitials, textOnColor } from '../../shared/brands/colors.js';
import type { BrandEntry } from '../../shared/brands/ipc.js';

/** A brand's avatar: its initials on its colour (the service gives brands no picture). */
export function BrandAvatar({
  brand,
  size = 'md',
}: {
  brand: Pick<BrandEntry, 'name' | 'color'>;
  size?: 'sm' | 'md';
}) {
  return (
    <span
      className={`brand-avatar brand-avatar--${size}`}
      style={{ background: brand.color, color: textOnColor(brand.color) }}
      aria-hidden="true"
    >
      {brandInitials(brand.name)}
    </span>
  );
}
