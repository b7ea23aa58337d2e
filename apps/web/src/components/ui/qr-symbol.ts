import type { QRCodeErrorCorrectionLevel, QRCodeRenderersOptions, create } from 'qrcode';

/**
 * spec 3 §9 "QR defaults: margin 4, scale 4, width 10, correction M, version 1-40, centre image 40 by
 * 40" (decision 0034). `width` is handed to the library as the spec gives it: qrcode ignores a width
 * below 21 (the smallest symbol), so the drawing is always `scale` pixels per module, as it was in the
 * spec's original. A larger width would stretch the code to that many pixels instead.
 */
export const QR_DEFAULTS = {
  margin: 4,
  scale: 4,
  width: 10,
  errorCorrectionLevel: 'M',
  minVersion: 1,
  maxVersion: 40,
  imageSize: 40,
} as const satisfies {
  margin: number;
  scale: number;
  width: number;
  errorCorrectionLevel: QRCodeErrorCorrectionLevel;
  minVersion: number;
  maxVersion: number;
  imageSize: number;
};

/** With a centre image the code corrects at H (about 30 % of it may be lost instead of 15 %)… */
export const QR_IMAGE_CORRECTION: QRCodeErrorCorrectionLevel = 'H';
/** …and is large enough that the image covers at most a quarter of its side (1/16 of its area). */
export const QR_IMAGE_SIDE_SHARE = 4;

export interface QrSymbolRequest {
  data: string;
  /** Side of the centre image in CSS pixels, or null without one. */
  imageSize: number | null;
  scale: number;
  margin: number;
  width: number;
  errorCorrectionLevel: QRCodeErrorCorrectionLevel;
}

export interface QrSymbol {
  version: number;
  errorCorrectionLevel: QRCodeErrorCorrectionLevel;
  /** Whether the centre image is drawn (false when the data leaves no room for it). */
  withImage: boolean;
  options: QRCodeRenderersOptions;
}

/** Modules on a side of a symbol of this version (ISO/IEC 18004: 17 + 4 × version). */
export function modulesOfVersion(version: number): number {
  return 17 + 4 * version;
}

/**
 * The symbol to draw: the library's own choice of the smallest version for the data (1–40), raised so
 * a centre image stays small enough to be corrected. Throws when the data does not fit version 40.
 */
export function chooseQrSymbol(createSymbol: typeof create, request: QrSymbolRequest): QrSymbol {
  const options = (version: number, errorCorrectionLevel: QRCodeErrorCorrectionLevel) => ({
    version,
    errorCorrectionLevel,
    margin: request.margin,
    scale: request.scale,
    width: request.width,
  });
  if (request.imageSize !== null) {
    try {
      const smallest = createSymbol(request.data, { errorCorrectionLevel: QR_IMAGE_CORRECTION }).version;
      const imageModules = Math.ceil(request.imageSize / request.scale);
      const needed = Math.ceil((QR_IMAGE_SIDE_SHARE * imageModules - modulesOfVersion(0)) / 4);
      const version = Math.min(QR_DEFAULTS.maxVersion, Math.max(smallest, needed, QR_DEFAULTS.minVersion));
      return {
        version,
        errorCorrectionLevel: QR_IMAGE_CORRECTION,
        withImage: true,
        options: options(version, QR_IMAGE_CORRECTION),
      };
    } catch {
      // Too much data for a version-40 symbol at H: the code matters more than the picture.
    }
  }
  const version = createSymbol(request.data, { errorCorrectionLevel: request.errorCorrectionLevel }).version;
  return {
    version,
    errorCorrectionLevel: request.errorCorrectionLevel,
    withImage: false,
    options: options(version, request.errorCorrectionLevel),
  };
}
