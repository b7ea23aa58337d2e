import type Sharp from 'sharp';

// Imported when first used (decision 0072): sharp loads libvips (about 110 ms at start-up), and only
// uploads, signatures, app icons and the first demo seed need it.
let loading: Promise<typeof Sharp> | undefined;

export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}
