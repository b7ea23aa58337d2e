import { describe, expect, it } from 'vitest';
import {
  AA_NORMAL_TEXT,
  LANDING_COLORS,
  buildBrandPalette,
  contrastRatio,
  landingColor,
} from './brand-theme.ts';

describe('brand palette', () => {
  it('shows that white on the default brand colour fails AA, which is why a darker shade is used', () => {
    expect(contrastRatio('#33a094', '#ffffff')).toBeLessThan(AA_NORMAL_TEXT);
  });

  it('puts dark text on the default brand surface and picks a darker primary shade for white text', () => {
    const palette = buildBrandPalette('#33a094');
    expect(palette.brand).toBe('#33a094');
    expect(contrastRatio(palette.brand, palette.brandText)).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
    const primary = palette.shades[palette.primaryShade];
    expect(contrastRatio(primary, '#ffffff')).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
    expect(palette.primaryShade).toBeGreaterThan(5);
  });

  it('keeps a dark brand colour as the primary shade', () => {
    expect(buildBrandPalette('#064060').primaryShade).toBe(5);
    expect(buildBrandPalette('#064060').brandText).toBe('#ffffff');
  });

  it('falls back to the default for an invalid colour', () => {
    expect(buildBrandPalette('not a colour').brand).toBe('#33a094');
    expect(buildBrandPalette(null).brand).toBe('#33a094');
  });

  it('uses the landing colour for all other brands by default', () => {
    expect(landingColor()).toBe(LANDING_COLORS.others);
    expect(contrastRatio(LANDING_COLORS.others, '#ffffff')).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
  });
});
