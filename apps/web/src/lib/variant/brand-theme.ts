import { DEFAULT_BRAND_BACKGROUND } from '@app/contracts/variants';

// WCAG 2.1 AA wants 4.5:1 for normal text. The default brand colour #33a094 reaches only ~3.2:1
// with white text, so the brand colour is used as a surface with dark text (header), and a darker
// shade of it carries white text (buttons) and coloured text on white (links).
// docs/decisions/0004-brand-contrast.md.

export const AA_NORMAL_TEXT = 4.5;
const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;
const DARK_TEXT = '#1a1b1e';
const LIGHT_TEXT = '#ffffff';

type Rgb = readonly [number, number, number];

export function parseHex(color: string): Rgb | null {
  const match = HEX.exec(color.trim());
  const digits = match?.[1];
  if (!digits) {
    return null;
  }
  const full =
    digits.length === 3
      ? digits
          .split('')
          .map((digit) => digit + digit)
          .join('')
      : digits;
  return [0, 2, 4].map((start) => Number.parseInt(full.slice(start, start + 2), 16)) as unknown as Rgb;
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

function mix(rgb: Rgb, target: number, amount: number): Rgb {
  return rgb.map((channel) => channel + (target - channel) * amount) as unknown as Rgb;
}

/** WCAG relative luminance. */
export function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((channel) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(first: string, second: string): number {
  const a = parseHex(first);
  const b = parseHex(second);
  if (!a || !b) {
    return 1;
  }
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Dark or white text, whichever reads better on the surface. */
export function readableTextOn(surface: string): string {
  return contrastRatio(surface, DARK_TEXT) >= contrastRatio(surface, LIGHT_TEXT) ? DARK_TEXT : LIGHT_TEXT;
}

export type ColorTuple = readonly [
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
];

export interface BrandPalette {
  /** The brand colour as given (header surface); falls back to the default for invalid input. */
  brand: string;
  /** Text colour on the brand surface (≥ 4.5:1). */
  brandText: string;
  /** Ten shades for Mantine, light to dark, brand at index 5. */
  shades: ColorTuple;
  /** First shade from index 5 on that carries white text and reads on white at ≥ 4.5:1. */
  primaryShade: 5 | 6 | 7 | 8 | 9;
}

const LIGHTER = [0.92, 0.8, 0.64, 0.46, 0.24];
const DARKER = [0.12, 0.24, 0.36, 0.5];

export function buildBrandPalette(color: string | null | undefined): BrandPalette {
  const rgb = parseHex(color ?? '') ?? parseHex(DEFAULT_BRAND_BACKGROUND) ?? ([51, 160, 148] as const);
  const brand = toHex(rgb);
  const shades = [
    ...LIGHTER.map((amount) => toHex(mix(rgb, 255, amount))),
    brand,
    ...DARKER.map((amount) => toHex(mix(rgb, 0, amount))),
  ] as unknown as ColorTuple;
  const candidates = [5, 6, 7, 8, 9] as const;
  const primaryShade =
    candidates.find((index) => contrastRatio(shades[index], LIGHT_TEXT) >= AA_NORMAL_TEXT) ?? 9;
  return { brand, brandText: readableTextOn(brand), shades, primaryShade };
}

/**
 * spec 1 §1: landing-screen brand colours — one brand #00478A, another #8f288b, all others #064060.
 * The spec does not name the two brands; the configuration has no brand name yet, so every variant
 * uses the "all others" colour until a brand setup (colorLanding) is delivered by the server.
 */
export const LANDING_COLORS = {
  primaryBrand: '#00478A',
  secondaryBrand: '#8f288b',
  others: '#064060',
} as const;

export function landingColor(colorLanding?: string | null): string {
  return colorLanding && parseHex(colorLanding) ? colorLanding : LANDING_COLORS.others;
}
