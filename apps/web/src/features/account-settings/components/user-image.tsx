import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { Alert, Avatar, Group, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CURRENT_USER_PATH } from '../../auth/api/get-current-user.ts';
import { fetchUserImage, uploadUserImage } from '../api/user-image-api.ts';

/** The account picture and its upload (spec 1 §3 Account data image, §7 User image upload). */
export function UserImage({ href, name }: { href: string | null; name: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const inputId = useId();
  const [src, setSrc] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  useEffect(() => {
    if (!href) {
      return undefined;
    }
    const controller = new AbortController();
    let url: string | null = null;
    fetchUserImage(href, controller.signal)
      .then((value) => {
        url = value;
        setSrc(value);
      })
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (url) {
        URL.revokeObjectURL(url);
      }
    };
  }, [href]);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) {
      return;
    }
    setError(null);
    setUploading(true);
    try {
      await uploadUserImage(file);
      await queryClient.invalidateQueries({ queryKey: [CURRENT_USER_PATH] });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setUploading(false);
    }
  };

  return (
    <Stack gap="xs">
      <Group>
        <Avatar size="xl" src={href ? src : null} name={name} alt={t('accountSettings.imageAlt')} />
        <Stack gap={4}>
          <label htmlFor={inputId}>{t('accountSettings.changeImage')}</label>
          <input
            id={inputId}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            disabled={uploading}
            onChange={(event) => void choose(event)}
          />
        </Stack>
      </Group>
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}
