import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ICON_FILES, webAppManifestSchema } from '@app/contracts/installable-app';
import { DEFAULT_BRAND_BACKGROUND } from '@app/contracts/variants';
import { clinics } from '../../db/schema/clinics.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { appIconSvg, normalizeBrandColor } from './app-icon.ts';

// Issue 16 item 4 (decision 0038): the manifest and icons that make the portal installable.

async function readManifest(t: TestApp) {
  const response = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
  expect(response.headers['cache-control']).toBe('no-cache');
  return webAppManifestSchema.strict().parse(response.json());
}

describe('GET /manifest.webmanifest and the icons (care-plan)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('names the variant app, opens at the root redirect, standalone, in the default brand colour', async () => {
    const manifest = await readManifest(t);
    expect(manifest).toMatchObject({
      id: '/',
      name: 'MyCarePlan',
      short_name: 'MyCarePlan',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: DEFAULT_BRAND_BACKGROUND,
      background_color: DEFAULT_BRAND_BACKGROUND,
    });
    // Chromium's installability wants a 192 and a 512 icon; launchers that mask want maskable ones.
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '192x192 maskable',
      '512x512 maskable',
      'any any',
    ]);
  });

  it('serves every icon the manifest lists as an image of its declared size', async () => {
    const manifest = await readManifest(t);
    for (const icon of manifest.icons) {
      const response = await t.app.inject({ method: 'GET', url: icon.src });
      expect(response.statusCode, icon.src).toBe(200);
      expect(response.headers['content-type']).toBe(icon.type);
      const metadata = await sharp(response.rawPayload).metadata();
      if (icon.type === 'image/png') {
        expect(metadata.format).toBe('png');
        expect(`${metadata.width}x${metadata.height}`).toBe(icon.sizes);
      } else {
        expect(metadata.format).toBe('svg');
      }
    }
    const apple = await t.app.inject({ method: 'GET', url: '/app-icons/apple-touch-icon.png' });
    expect(apple.statusCode).toBe(200);
    expect((await sharp(apple.rawPayload).metadata()).width).toBe(
      APP_ICON_FILES['apple-touch-icon.png'].size,
    );
  });

  it('answers a repeated icon request with 304 when the browser holds the same picture', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/app-icons/icon-192.png' });
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await t.app.inject({
      method: 'GET',
      url: '/app-icons/icon-192.png',
      headers: { 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('answers an unknown icon or a path trick with a clean 404, never the app or a file', async () => {
    for (const url of ['/app-icons/icon-64.png', '/app-icons/..%2Fpackage.json']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ message: 'Not found.', code: 'not_found' });
    }
    // A control character in the name is refused by the contract before any lookup (decision 0059).
    const nul = await t.app.inject({ method: 'GET', url: '/app-icons/%00' });
    expect(nul.statusCode).toBe(400);
    expect(nul.headers['content-type']).toMatch(/^application\/json/);
  });

  it("takes the colours and the icons' colour from the clinic's branding", async () => {
    const before = await t.app.inject({ method: 'GET', url: '/app-icons/icon.svg' });
    await t.context.db
      .insert(clinics)
      .values({ clinicNumber: 3801, name: 'Branded', backgroundColor: '#8F288B' });
    const manifest = await readManifest(t);
    expect(manifest.theme_color).toBe('#8f288b');
    expect(manifest.background_color).toBe('#8f288b');
    const after = await t.app.inject({ method: 'GET', url: '/app-icons/icon.svg' });
    expect(after.body).toContain('fill="#8f288b"');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const png = await t.app.inject({ method: 'GET', url: '/app-icons/icon-512.png' });
    // The corner of the tile is transparent (rounded), a pixel inside it is the brand colour.
    const { data, info } = await sharp(png.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4),
    ];
    expect(pixel(0, 0)[3]).toBe(0);
    expect(pixel(40, 256)).toEqual([0x8f, 0x28, 0x8b, 255]);
  });
});

describe('the manifest per variant', () => {
  it('care-manager: opens the provider schedule, named after the app', async () => {
    const t = await buildTestApp({ APP_VARIANT: 'care-manager' });
    try {
      expect(await readManifest(t)).toMatchObject({
        name: 'CareManager',
        short_name: 'CareManager',
        start_url: '/provider/appointment',
        scope: '/',
      });
    } finally {
      await t.close();
    }
  });

  it('check-in with a long APP_NAME: opens the root redirect, short name is its first word', async () => {
    const t = await buildTestApp({ APP_VARIANT: 'check-in', APP_NAME: 'Riverside Family Check-In' });
    try {
      expect(await readManifest(t)).toMatchObject({
        name: 'Riverside Family Check-In',
        short_name: 'Riverside',
        start_url: '/',
      });
    } finally {
      await t.close();
    }
  });
});

describe('icon drawing', () => {
  it('accepts only a hex brand colour: anything else (markup included) becomes the default', () => {
    expect(normalizeBrandColor('#ABC')).toBe('#aabbcc');
    expect(normalizeBrandColor(' #123456 ')).toBe('#123456');
    expect(normalizeBrandColor('red')).toBe(DEFAULT_BRAND_BACKGROUND);
    expect(normalizeBrandColor('#123456"/><script>alert(1)</script>')).toBe(DEFAULT_BRAND_BACKGROUND);
    expect(normalizeBrandColor(null)).toBe(DEFAULT_BRAND_BACKGROUND);
    expect(appIconSvg('any', '"><script>')).not.toContain('<script>');
  });

  it('keeps the maskable picture inside the safe zone and fills the whole square', async () => {
    const png = await sharp(Buffer.from(appIconSvg('maskable', '#33a094', 512)))
      .raw()
      .toBuffer({
        resolveWithObject: true,
      });
    const { data, info } = png;
    let farthest = 0;
    let transparent = 0;
    for (let y = 0; y < info.height; y += 1) {
      for (let x = 0; x < info.width; x += 1) {
        const offset = (y * info.width + x) * 4;
        if (data[offset + 3] !== 255) {
          transparent += 1;
        }
        const white = (data[offset] ?? 0) > 200 && (data[offset + 1] ?? 0) > 200;
        if (white) {
          farthest = Math.max(farthest, Math.hypot(x - 256, y - 256));
        }
      }
    }
    // Every pixel is opaque (no transparent corner a mask could show).
    expect(transparent).toBe(0);
    // W3C safe zone: a circle of radius 40 % of the icon around the centre.
    expect(farthest).toBeGreaterThan(150);
    expect(farthest).toBeLessThanOrEqual(512 * 0.4);
  });
});
