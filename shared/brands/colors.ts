/*
 * Brand colours for the all-brands calendar: each brand is picked one automatically (by its place
 * among every brand the app holds) until the user chooses another. The palette is hand-picked so
 * neighbouring brands differ in hue and every colour keeps 3:1 contrast against both themes' cards
 * as a stripe and a dot (no library ships such a palette for this purpose).
 */

/** A colour the user may choose: #rrggbb. */
export const BRAND_COLOR_PATTERN = /^#[0-9a-f]{6}$/i;

export const BRAND_PALETTE = [
  '#2563eb', // blue
  '#d97706', // amber
  '#059669', // green
  '#db2777', // pink
  '#7c3aed', // violet
  '#0891b2', // cyan
  '#dc2626', // red
  '#65a30d', // lime
  '#c026d3', // fuchsia
  '#475569', // slate
] as const;

/** The automatic colour of the brand at this place in the list of every brand. */
export function autoBrandColor(index: number): string {
  return BRAND_PALETTE[
    ((index % BRAND_PALETTE.length) + BRAND_PALETTE.length) % BRAND_PALETTE.length
  ] as string;
}

/** One or two letters standing for a brand in its avatar ("Harbor Coffee" → "HC"). */
export function brandInitials(name: string): string {
  const words = name
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 2);
  const letters = words.map((w) => [...w][0] ?? '').join('');
  return (letters || '?').toUpperCase();
}

/** WCAG 2 relative luminance of a #rrggbb colour (the formula axe checks against; a few lines, no library). */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG contrast ratio between two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const LIGHT_TEXT = '#ffffff';
const DARK_TEXT = '#111827';

// A brand has one colour and a calendar draws hundreds of its avatars: each colour's answer is kept.
const textOnColors = new Map<string, string>();

/** The text colour that reads best on a brand's colour (its avatar's initials): white or near-black. */
export function textOnColor(background: string): string {
  let text = textOnColors.get(background);
  if (text === undefined) {
    text = !BRAND_COLOR_PATTERN.test(background)
      ? LIGHT_TEXT
      : contrastRatio(background, LIGHT_TEXT) >= contrastRatio(background, DARK_TEXT)
        ? LIGHT_TEXT
        : DARK_TEXT;
    // Colours are a few per brand; a bound keeps a stream of odd values from growing it.
    if (textOnColors.size >= 256) textOnColors.clear();
    textOnColors.set(background, text);
  }
  return text;
}
