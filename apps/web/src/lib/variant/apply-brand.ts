import { buildBrandPalette, type BrandPalette } from './brand-theme.ts';

/**
 * Puts the brand palette into CSS variables on <html> for the app's own styles (the guest screens
 * run without Mantine's provider, decision 0006) and the browser's theme colour.
 */
export function applyBrandColors(backgroundColor: string | null | undefined): BrandPalette {
  const palette = buildBrandPalette(backgroundColor);
  const root = document.documentElement.style;
  const hover = palette.shades[Math.min(9, palette.primaryShade + 1)] ?? palette.shades[9];
  root.setProperty('--app-brand', palette.brand);
  root.setProperty('--app-brand-text', palette.brandText);
  root.setProperty('--app-primary', palette.shades[palette.primaryShade]);
  root.setProperty('--app-primary-hover', hover);
  root.setProperty('--app-primary-soft', palette.shades[0]);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', palette.brand);
  return palette;
}
