import { useEffect, useRef, useState } from 'react';
import type { QRCodeErrorCorrectionLevel } from 'qrcode';
import { chooseQrSymbol, QR_DEFAULTS } from './qr-symbol.ts';

export interface QrCodeProps {
  /** What the code encodes. Empty: an error is logged and nothing is shown (spec 3 §8). */
  data: string;
  /** The accessible name: what the code stands for (e.g. "QR code of member ID 10010001"). */
  label: string;
  /** A picture drawn over the centre (e.g. the clinic logo), `imageSize` pixels square. */
  image?: string | null;
  imageSize?: number;
  margin?: number;
  scale?: number;
  width?: number;
  errorCorrectionLevel?: QRCodeErrorCorrectionLevel;
  className?: string;
}

/** What was drawn, for which input (`key`): a newer input is pending until its own drawing ends. */
type Drawn = { key: string; state: 'drawn'; withImage: boolean } | { key: string; state: 'failed' };

/**
 * The app's one QR code (spec 3 §9 defaults, decision 0034), drawn in the browser on a canvas by the
 * `qrcode` library, which loads with the first code shown and never with the first page.
 */
export function QrCode({
  data,
  label,
  image = null,
  imageSize = QR_DEFAULTS.imageSize,
  margin = QR_DEFAULTS.margin,
  scale = QR_DEFAULTS.scale,
  width = QR_DEFAULTS.width,
  errorCorrectionLevel = QR_DEFAULTS.errorCorrectionLevel,
  className,
}: QrCodeProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState<Drawn | null>(null);
  const empty = data.trim() === '';
  const key = JSON.stringify([data, image, imageSize, margin, scale, width, errorCorrectionLevel]);
  const current = drawn?.key === key ? drawn : null;

  useEffect(() => {
    if (empty) {
      // spec 3 §8: "A QR component logs an error when its data is empty (no user-visible message)".
      console.error('QrCode: nothing to encode (empty data); no code is shown.');
      return undefined;
    }
    let live = true;
    // A function, not the variable: the cleanup below may change it while the drawing is awaited.
    const isLive = () => live;
    import('qrcode')
      .then(async ({ create, toCanvas }) => {
        const symbol = chooseQrSymbol(create, {
          data,
          imageSize: image ? imageSize : null,
          margin,
          scale,
          width,
          errorCorrectionLevel,
        });
        const canvas = canvasRef.current;
        if (!isLive() || !canvas) {
          return;
        }
        await toCanvas(canvas, data, symbol.options);
        if (isLive()) {
          setDrawn({ key, state: 'drawn', withImage: symbol.withImage });
        }
      })
      .catch((error: unknown) => {
        console.error('QrCode: the code could not be drawn.', error);
        if (isLive()) {
          setDrawn({ key, state: 'failed' });
        }
      });
    return () => {
      live = false;
    };
  }, [key, empty, data, image, imageSize, margin, scale, width, errorCorrectionLevel]);

  if (empty || current?.state === 'failed') {
    return null;
  }
  return (
    <div
      role="img"
      aria-label={label}
      className={className}
      style={{ position: 'relative', display: 'inline-block', width: 'fit-content', lineHeight: 0 }}
      data-qr-state={current?.state ?? 'pending'}
    >
      {/* Hidden until drawn (a blank canvas is 300 × 150); pixels stay square when scaled for print. */}
      <canvas
        ref={canvasRef}
        aria-hidden="true"
        style={{ imageRendering: 'pixelated', display: current ? 'block' : 'none' }}
      />
      {image && current?.withImage ? (
        <img
          src={image}
          alt=""
          width={imageSize}
          height={imageSize}
          style={{
            position: 'absolute',
            left: '50%',
            top: '50%',
            transform: 'translate(-50%, -50%)',
            width: imageSize,
            height: imageSize,
            objectFit: 'contain',
            background: '#ffffff',
          }}
        />
      ) : null}
    </div>
  );
}
