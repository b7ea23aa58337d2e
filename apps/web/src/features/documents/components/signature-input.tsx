import '@fontsource/dancing-script/400.css';
import { Group, Stack, Text } from '@mantine/core';
import SignaturePad from 'signature_pad';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SIGNATURE_CANVAS_HEIGHT,
  SIGNATURE_CANVAS_WIDTH,
  SIGNATURE_MIN_WIDTH,
  TYPED_SIGNATURE_FONT_PT,
} from '@app/contracts/documents';
import { Button } from '../../../components/ui/button.tsx';
import { TypeSignatureDialog } from './type-signature-dialog.tsx';

// spec 3 §2 Signature input: a drawing pad plus a "Type your signature" dialog. §9: pad minimum width 1,
// canvas 500x150, typed signature in a 35 pt script font. §8: 'Please sign' while nothing is drawn.
// Keyboard users sign by typing (the pad itself needs a pointer).

export interface SignatureValue {
  kind: 'drawn' | 'typed';
  /** PNG data URL of the canvas. */
  image: string;
  text?: string;
}

const INK = '#111111';
const SCRIPT_FONT = '"Dancing Script"';

/** Writes the typed text onto the canvas in the script font (shrunk only if a long name would not fit). */
async function drawTyped(canvas: HTMLCanvasElement, text: string): Promise<void> {
  let size = TYPED_SIGNATURE_FONT_PT;
  await document.fonts.load(`${size}pt ${SCRIPT_FONT}`).catch(() => []);
  const context = canvas.getContext('2d');
  if (!context) {
    return;
  }
  context.font = `${size}pt ${SCRIPT_FONT}`;
  while (size > 12 && context.measureText(text).width > canvas.width - 20) {
    size -= 1;
    context.font = `${size}pt ${SCRIPT_FONT}`;
  }
  context.fillStyle = INK;
  context.textBaseline = 'middle';
  context.fillText(text, 10, canvas.height / 2);
}

export function SignatureInput({
  value,
  onChange,
  error,
}: {
  value: SignatureValue | null;
  onChange: (value: SignatureValue | null) => void;
  error?: string | null;
}) {
  const { t } = useTranslation('documents');
  const id = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const onChangeRef = useRef(onChange);
  const [typing, setTyping] = useState(false);

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) {
      return undefined;
    }
    const pad = new SignaturePad(canvas, { minWidth: SIGNATURE_MIN_WIDTH, penColor: INK });
    pad.addEventListener('endStroke', () => {
      onChangeRef.current({ kind: 'drawn', image: canvas.toDataURL('image/png') });
    });
    padRef.current = pad;
    return () => {
      pad.off();
      padRef.current = null;
    };
  }, []);

  const clear = () => {
    padRef.current?.clear();
    onChange(null);
  };

  const confirmTyped = async (text: string) => {
    setTyping(false);
    const canvas = canvasRef.current;
    if (!canvas) {
      return;
    }
    padRef.current?.clear();
    await drawTyped(canvas, text);
    onChange({ kind: 'typed', image: canvas.toDataURL('image/png'), text });
  };

  const status = value
    ? value.kind === 'typed'
      ? t('signature.typed', { text: value.text ?? '' })
      : t('signature.drawn')
    : t('signature.empty');

  return (
    <Stack gap={6}>
      <Text fw={600} id={`${id}-label`}>
        {t('signature.label')}
      </Text>
      <Text size="sm" id={`${id}-hint`}>
        {t('signature.hint')}
      </Text>
      <div style={{ maxWidth: '100%', overflowX: 'auto' }}>
        <div
          style={{
            position: 'relative',
            width: SIGNATURE_CANVAS_WIDTH,
            height: SIGNATURE_CANVAS_HEIGHT,
            border: `2px solid ${error ? 'var(--mantine-color-red-9)' : 'var(--mantine-color-gray-7)'}`,
            borderRadius: 6,
            background: '#fff',
            boxSizing: 'content-box',
          }}
        >
          <canvas
            ref={canvasRef}
            width={SIGNATURE_CANVAS_WIDTH}
            height={SIGNATURE_CANVAS_HEIGHT}
            role="img"
            aria-label={t('signature.pad')}
            aria-describedby={`${id}-hint ${id}-status`}
            data-testid="signature-pad"
            style={{ display: 'block', touchAction: 'none', cursor: 'crosshair' }}
          />
          {value ? null : (
            // spec 3 §5/§8: 'Please sign' on an empty pad.
            <span
              aria-hidden="true"
              style={{
                position: 'absolute',
                inset: 0,
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                color: '#595959',
                pointerEvents: 'none',
                fontSize: 18,
              }}
            >
              {t('signature.empty')}
            </span>
          )}
        </div>
      </div>
      <p className="app-visually-hidden" id={`${id}-status`} role="status">
        {status}
      </p>
      {error ? (
        <Text size="sm" c="red.9" role="alert">
          {error}
        </Text>
      ) : null}
      <Group gap="sm">
        <Button
          variant="outline"
          onClick={() => {
            setTyping(true);
          }}
        >
          {t('signature.type')}
        </Button>
        <Button variant="outline" onClick={clear} disabled={!value}>
          {t('signature.clear')}
        </Button>
      </Group>
      <TypeSignatureDialog
        opened={typing}
        onClose={() => {
          setTyping(false);
        }}
        onConfirm={(text) => void confirmTyped(text)}
      />
    </Stack>
  );
}
