import { Stack, Text } from '@mantine/core';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StoredImage } from './stored-image.tsx';

/** Phones and tablets open the back camera; desktops get a plain file chooser (issue 5 item 7). */
function prefersCamera(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(pointer: coarse)').matches;
}

interface CardPhotoInputProps {
  label: string;
  alt: string;
  /** The photo already stored (when updating a card). */
  currentHref: string | null;
  file: File | null;
  onFile: (file: File | null) => void;
  error?: string | null;
}

/** One side of the card: a labelled file input (camera on phones) and a preview of what will be sent. */
export function CardPhotoInput({ label, alt, currentHref, file, onFile, error }: CardPhotoInputProps) {
  const { t } = useTranslation('insurance');
  const id = useId();
  const [camera] = useState(prefersCamera);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (preview) {
        URL.revokeObjectURL(preview);
      }
    },
    [preview],
  );
  return (
    <Stack gap={6}>
      <label htmlFor={id} style={{ fontWeight: 600 }}>
        {label}
      </label>
      <Text size="sm" id={`${id}-hint`}>
        {t('card.photoHint')}
      </Text>
      <input
        id={id}
        type="file"
        accept="image/*"
        {...(camera ? { capture: 'environment' as const } : {})}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          onFile(event.currentTarget.files?.[0] ?? null);
        }}
      />
      {error ? (
        <Text size="sm" c="red.9" id={`${id}-error`}>
          {error}
        </Text>
      ) : null}
      {preview ? (
        <img
          src={preview}
          alt={alt}
          style={{ width: 240, maxWidth: '100%', height: 'auto', borderRadius: 8 }}
        />
      ) : currentHref ? (
        <StoredImage href={currentHref} alt={alt} />
      ) : (
        <Text size="sm">{t('card.noPhoto')}</Text>
      )}
    </Stack>
  );
}
