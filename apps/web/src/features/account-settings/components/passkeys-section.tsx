import { useEffect, useState } from 'react';
import { Alert, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  forgetBiometricLogin,
  platformBiometricsAvailable,
  readBiometricLogin,
} from '../../../lib/auth/biometric-login.ts';
import { getSession } from '../../../lib/auth/session-store.ts';
import { PASSKEYS_PATH, listPasskeys, removePasskey } from '../../passkeys/api/passkeys-api.ts';
import { deviceName, registerDevicePasskey } from '../../passkeys/register-device-passkey.ts';
import { errorText } from '../error-text.ts';
import { formatInstant } from '../../../lib/dates/format-time.ts';

/** Passkeys (biometric login, decision 0012): list and remove; add one in the Care Manager app. */
export function PasskeysSection({ canAdd }: { canAdd: boolean }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const passkeys = useQuery({ queryKey: [PASSKEYS_PATH], queryFn: () => listPasskeys() });
  const [available, setAvailable] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    if (canAdd) {
      void platformBiometricsAvailable().then(setAvailable);
    }
  }, [canAdd]);

  const refresh = (text: string) => {
    setNotice(text);
    void queryClient.invalidateQueries({ queryKey: [PASSKEYS_PATH] });
  };
  const meta = { url: PASSKEYS_PATH, errorBanner: false };
  const add = useMutation({
    meta,
    mutationFn: async () => {
      const userId = getSession()?.user.id;
      if (userId) {
        await registerDevicePasskey(userId, deviceName(i18n.language));
      }
    },
    onSuccess: () => {
      refresh(t('passkeys.added'));
    },
  });
  const remove = useMutation({
    meta,
    mutationFn: removePasskey,
    onSuccess: (_result, passkeyId) => {
      // The login screen stops offering a passkey that no longer exists.
      if (readBiometricLogin()?.passkeyId === passkeyId) {
        forgetBiometricLogin();
      }
      refresh(t('passkeys.removed'));
    },
  });
  const failure = add.error ?? remove.error;
  const list = passkeys.data ?? [];

  return (
    <section aria-labelledby="passkeys-title">
      <Stack gap="sm">
        <Title order={2} id="passkeys-title" size="h3">
          {t('passkeys.title')}
        </Title>
        <Text>{t('passkeys.intro')}</Text>
        {notice ? (
          <Alert color="green" role="status">
            {notice}
          </Alert>
        ) : null}
        {failure ? (
          <Alert color="red" role="alert">
            {add.error ? t('biometric.setupFailed') : errorText(failure)}
          </Alert>
        ) : null}
        {passkeys.isSuccess && list.length === 0 ? <Text>{t('passkeys.none')}</Text> : null}
        {list.length > 0 ? (
          <List listStyleType="none" spacing="sm" aria-labelledby="passkeys-title">
            {list.map((passkey) => (
              <List.Item key={passkey.id}>
                <Group justify="space-between" wrap="nowrap">
                  <div>
                    <Text fw={700}>{passkey.name}</Text>
                    <Text size="sm">
                      {t('passkeys.created', {
                        date: formatInstant(passkey.createdAt, { language: i18n.language, style: 'date' }),
                      })}
                      {passkey.lastUsedAt
                        ? `, ${t('passkeys.lastUsed', { date: formatInstant(passkey.lastUsedAt, { language: i18n.language, style: 'date' }) })}`
                        : ''}
                    </Text>
                  </div>
                  <Button
                    variant="outline"
                    color="danger"
                    leftSection={<IconTrash size={18} aria-hidden="true" />}
                    aria-label={t('passkeys.removeLabel', { name: passkey.name })}
                    loading={remove.isPending && remove.variables === passkey.id}
                    onClick={() => {
                      remove.mutate(passkey.id);
                    }}
                  >
                    {t('passkeys.remove')}
                  </Button>
                </Group>
              </List.Item>
            ))}
          </List>
        ) : null}
        {canAdd && available ? (
          <Group>
            <Button
              onClick={() => {
                setNotice(null);
                add.mutate();
              }}
              loading={add.isPending}
            >
              {t('passkeys.add')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </section>
  );
}
