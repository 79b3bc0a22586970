import { describe, expect, it } from 'vitest';
import { BRAND_PALETTE, contrastRatio, textOnColor } from './colors.js';

describe('brand colours', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBeCloseTo(1, 5);
  });

  it("writes every palette colour's initials with at least 4.5:1 contrast", () => {
    for (const color of BRAND_PALETTE) {
      expect(contrastRatio(color, textOnColor(color)), color).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('picks dark text on a light colour a user chose, light text on a dark one', () => {
    expect(textOnColor('#fde68a')).toBe('#111827');
    expect(textOnColor('#1e3a8a')).toBe('#ffffff');
    expect(textOnColor('not a colour')).toBe('#ffffff');
  });
});
