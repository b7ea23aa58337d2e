import { DEFAULT_BRAND_BACKGROUND } from '@app/contracts/variants';
import { APP_ICON_FILES, type AppIconFile } from '@app/contracts/installable-app';
import { loadSharp } from '../../platform/lazy/sharp.ts';

// The app's icon, drawn here (no artwork from elsewhere): a white appointment card with a cross, on
// the clinic's brand colour. PNGs are rendered from this SVG by sharp (already a dependency for
// uploads), so an installed app wears the deployment's branding. Decision 0038.

/** The brand colour as #rrggbb; anything else (a clinic can store any text) falls back to the default. */
export function normalizeBrandColor(color: string | null | undefined): string {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color?.trim() ?? '');
  const digits = match?.[1];
  if (!digits) {
    return DEFAULT_BRAND_BACKGROUND;
  }
  const full = digits.length === 3 ? digits.replace(/./g, (digit) => digit + digit) : digits;
  return `#${full.toLowerCase()}`;
}

/** The picture on a 512 × 512 canvas, centred on (256, 256); no point of it is more than 194 units away. */
function symbol(brand: string): string {
  return [
    // The card with its header band cut off by a brand-coloured gap.
    '<rect x="111" y="144" width="290" height="262" rx="36" fill="#ffffff"/>',
    `<rect x="111" y="206" width="290" height="14" fill="${brand}"/>`,
    // Two binder rings over the top edge, outlined in the brand colour so they read on the card.
    `<rect x="175" y="112" width="34" height="72" rx="17" fill="#ffffff" stroke="${brand}" stroke-width="12"/>`,
    `<rect x="303" y="112" width="34" height="72" rx="17" fill="#ffffff" stroke="${brand}" stroke-width="12"/>`,
    // The care cross in the body of the card.
    `<rect x="233" y="245" width="46" height="136" rx="10" fill="${brand}"/>`,
    `<rect x="188" y="290" width="136" height="46" rx="10" fill="${brand}"/>`,
  ].join('');
}

/**
 * The SVG source of an icon. `any`: a rounded tile. `maskable`: a full square whose picture shrinks to
 * fit the safe zone (a circle of 40 % of the size around the centre), so any mask shape keeps it whole.
 */
export function appIconSvg(purpose: 'any' | 'maskable', brandColor: string, size = 512): string {
  const brand = normalizeBrandColor(brandColor);
  const tile =
    purpose === 'any'
      ? `<rect width="512" height="512" rx="112" fill="${brand}"/>`
      : `<rect width="512" height="512" fill="${brand}"/>`;
  // Scaled by 0.9 the picture reaches 175 units from the centre, inside the safe zone's 204.8.
  const picture =
    purpose === 'any'
      ? symbol(brand)
      : `<g transform="translate(256 256) scale(0.9) translate(-256 -256)">${symbol(brand)}</g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 512 512">${tile}${picture}</svg>`;
}

/** Drawn icons by file and colour: a handful at most (one brand colour per deployment, six files). */
const rendered = new Map<string, Promise<Buffer>>();
const MAX_RENDERED = 24;

/** The bytes of an icon file in the brand colour (SVG as text, PNGs rendered once and kept). */
export function renderAppIcon(file: AppIconFile, brandColor: string): Promise<Buffer> {
  const brand = normalizeBrandColor(brandColor);
  const { size, purpose } = APP_ICON_FILES[file];
  if (size === 0) {
    return Promise.resolve(Buffer.from(appIconSvg(purpose, brand)));
  }
  const key = `${file}:${brand}`;
  let bytes = rendered.get(key);
  if (!bytes) {
    if (rendered.size >= MAX_RENDERED) {
      rendered.clear();
    }
    bytes = loadSharp().then((sharp) =>
      sharp(Buffer.from(appIconSvg(purpose, brand, size)))
        .png({ compressionLevel: 9 })
        .toBuffer(),
    );
    // A failed render is not kept: the next request tries again.
    bytes.catch(() => rendered.delete(key));
    rendered.set(key, bytes);
  }
  return bytes;
}
