import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import jsQR from 'jsqr';
import { create } from 'qrcode';
import { QrCode } from './qr-code.tsx';
import { chooseQrSymbol, modulesOfVersion, QR_DEFAULTS } from './qr-symbol.ts';

// jsdom draws nothing on a canvas, so the 2D context is a small stand-in that keeps the pixels the
// library writes (qrcode's canvas renderer only creates and puts one ImageData). The test then reads
// those pixels back with a real QR decoder, as a phone would read the screen.

interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}
const drawnPixels = new WeakMap<HTMLCanvasElement, Pixels>();

function stubCanvas() {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    return {
      createImageData: (width: number, height: number) => ({
        data: new Uint8ClampedArray(width * height * 4),
        width,
        height,
      }),
      putImageData: (image: Pixels) => {
        drawnPixels.set(this, {
          data: new Uint8ClampedArray(image.data),
          width: image.width,
          height: image.height,
        });
      },
      clearRect: () => undefined,
    } as unknown as CanvasRenderingContext2D;
  });
}

/** The pixels on the canvas, with the centre square painted over as the centre image would. */
function pixelsOf(canvas: HTMLCanvasElement, cover?: { size: number; shade: number }): Pixels {
  const pixels = drawnPixels.get(canvas);
  if (!pixels) {
    throw new Error('nothing was drawn on the canvas');
  }
  const data = new Uint8ClampedArray(pixels.data);
  if (cover) {
    const start = Math.floor((pixels.width - cover.size) / 2);
    for (let y = start; y < start + cover.size; y++) {
      for (let x = start; x < start + cover.size; x++) {
        const at = (y * pixels.width + x) * 4;
        data.set([cover.shade, cover.shade, cover.shade, 255], at);
      }
    }
  }
  return { data, width: pixels.width, height: pixels.height };
}

function decode(pixels: Pixels): string | null {
  return jsQR(pixels.data, pixels.width, pixels.height)?.data ?? null;
}

async function drawnCode(name: string): Promise<{ box: HTMLElement; canvas: HTMLCanvasElement }> {
  const box = screen.getByRole('img', { name });
  await waitFor(() => {
    expect(box).toHaveAttribute('data-qr-state', 'drawn');
  });
  const canvas = box.querySelector('canvas');
  if (!canvas) {
    throw new Error('no canvas');
  }
  return { box, canvas };
}

describe('QrCode (spec 3 §8, §9; decision 0034)', () => {
  let errors: MockInstance<typeof console.error>;
  beforeEach(() => {
    stubCanvas();
    errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('logs an error and shows nothing when the data is empty', () => {
    const { container, rerender } = render(<QrCode data="" label="QR code of your member ID" />);
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('img')).toBeNull();
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('empty data'));
    errors.mockClear();
    rerender(<QrCode data="   " label="QR code of your member ID" />);
    expect(container).toBeEmptyDOMElement();
    expect(errors).toHaveBeenCalledTimes(1);
  });

  it('draws a member ID that decodes back to the member ID, with the spec defaults', async () => {
    render(<QrCode data="10010001" label="QR code of member ID 10010001" />);
    const { canvas } = await drawnCode('QR code of member ID 10010001');
    expect(decode(pixelsOf(canvas))).toBe('10010001');
    // Version 1 (21 modules) with a 4-module quiet zone on each side, 4 pixels a module: width 10 is
    // below the smallest symbol, so the library keeps the scale (decision 0034).
    const side = (modulesOfVersion(1) + 2 * QR_DEFAULTS.margin) * QR_DEFAULTS.scale;
    expect([canvas.width, canvas.height]).toEqual([side, side]);
    expect(canvas).toHaveAttribute('aria-hidden', 'true');
    expect(errors).not.toHaveBeenCalled();
  });

  it('corrects at M without a centre image, up to version 40', () => {
    const short = chooseQrSymbol(create, {
      data: '10010001',
      imageSize: null,
      margin: 4,
      scale: 4,
      width: 10,
      errorCorrectionLevel: 'M',
    });
    expect(short).toMatchObject({ version: 1, errorCorrectionLevel: 'M', withImage: false });
    const longest = chooseQrSymbol(create, {
      data: '7'.repeat(5596),
      imageSize: null,
      margin: 4,
      scale: 4,
      width: 10,
      errorCorrectionLevel: 'M',
    });
    expect(longest.version).toBe(40);
  });

  it('keeps a 40 × 40 centre image readable: correction H and a symbol large enough for it', async () => {
    render(<QrCode data="10010001" label="QR code of member ID 10010001" image="/logo.png" />);
    const { box, canvas } = await drawnCode('QR code of member ID 10010001');
    const picture = box.querySelector('img');
    expect(picture).toHaveAttribute('src', '/logo.png');
    expect(picture).toHaveAttribute('alt', '');
    expect(picture).toHaveAttribute('width', '40');
    // Version 6 (41 modules): the 10-module image spans at most a quarter of the side.
    expect(canvas.width).toBe((modulesOfVersion(6) + 8) * 4);
    // Whatever the picture looks like (light, dark), the code under it still reads.
    expect(decode(pixelsOf(canvas, { size: 40, shade: 255 }))).toBe('10010001');
    expect(decode(pixelsOf(canvas, { size: 40, shade: 0 }))).toBe('10010001');
  });

  it('reads longer data under the centre image as well', async () => {
    const data = `https://portal.example.org/verify?member=10010001&clinic=1001&t=${'x'.repeat(120)}`;
    render(<QrCode data={data} label="QR code of the link" image="/logo.png" />);
    const { canvas } = await drawnCode('QR code of the link');
    expect(decode(pixelsOf(canvas, { size: 40, shade: 0 }))).toBe(data);
    expect(decode(pixelsOf(canvas, { size: 40, shade: 255 }))).toBe(data);
  });

  it('without a centre image a code of M is lost under a 40 × 40 picture (why H is used)', async () => {
    render(<QrCode data="10010001" label="QR code of member ID 10010001" />);
    const { canvas } = await drawnCode('QR code of member ID 10010001');
    expect(decode(pixelsOf(canvas, { size: 40, shade: 0 }))).toBeNull();
  });

  it('logs an error and shows nothing when the data does not fit version 40', async () => {
    const { container } = render(<QrCode data={'x'.repeat(5000)} label="QR code" />);
    await waitFor(() => {
      expect(container).toBeEmptyDOMElement();
    });
    expect(errors).toHaveBeenCalledWith('QrCode: the code could not be drawn.', expect.anything());
  });
});
