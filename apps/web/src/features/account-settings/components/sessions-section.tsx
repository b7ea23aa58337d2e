import { useState } from 'react';
import { Alert, Badge, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AccountSession } from '@app/contracts/account-sessions';
import { formatInstant } from '../../../lib/dates/format-time.ts';
import { performLogout } from '../../../lib/auth/logout.ts';
import {
  ACCOUNT_SESSIONS_PATH,
  listAccountSessions,
  signOutOtherSessions,
  signOutSession,
} from '../api/account-sessions-api.ts';
import { errorText } from '../error-text.ts';

/**
 * Issue 19 item 10 (decision 0061): the user's active sessions and devices, newest use first, with
 * "Sign out this device" per row and "Sign out everywhere" for every other session.
 */
export function SessionsSection() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const sessions = useQuery({ queryKey: [ACCOUNT_SESSIONS_PATH], queryFn: listAccountSessions });
  const [notice, setNotice] = useState<string | null>(null);
  const meta = { url: ACCOUNT_SESSIONS_PATH, errorBanner: false };
  const refresh = (text: string) => {
    setNotice(text);
    void queryClient.invalidateQueries({ queryKey: [ACCOUNT_SESSIONS_PATH] });
  };
  const signOutOne = useMutation({
    meta,
    mutationFn: async (session: AccountSession) => {
      await signOutSession(session.id);
      return session;
    },
    onSuccess: (session) => {
      // Signing this very device out is a logout (spec 1 §2: to the guest landing page).
      if (session.current) {
        void performLogout({ queryClient, navigate });
        return;
      }
      refresh(t('sessions.signedOut'));
    },
  });
  const signOutOthers = useMutation({
    meta,
    mutationFn: signOutOtherSessions,
    onSuccess: () => {
      refresh(t('sessions.signedOutOthers'));
    },
  });
  const failure = signOutOne.error ?? signOutOthers.error ?? sessions.error;
  const list = sessions.data ?? [];
  const date = (value: string) => formatInstant(value, { language: i18n.language });
  const deviceName = (session: AccountSession) =>
    session.browser && session.os
      ? t('sessions.device', { browser: session.browser, os: session.os })
      : (session.browser ?? session.os ?? t('sessions.unknownDevice'));

  return (
    <section aria-labelledby="sessions-title">
      <Stack gap="sm">
        <Title order={2} id="sessions-title" size="h3">
          {t('sessions.title')}
        </Title>
        <Text>{t('sessions.intro')}</Text>
        {notice ? (
          <Alert color="green" role="status">
            {notice}
          </Alert>
        ) : null}
        {failure ? (
          <Alert color="red" role="alert">
            {errorText(failure)}
          </Alert>
        ) : null}
        {list.length > 0 ? (
          <List listStyleType="none" spacing="sm" aria-labelledby="sessions-title">
            {list.map((session) => (
              <List.Item key={session.id} data-testid="account-session">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <div>
                    <Group gap="xs">
                      <Text fw={700}>{deviceName(session)}</Text>
                      {session.current ? <Badge variant="light">{t('sessions.thisDevice')}</Badge> : null}
                    </Group>
                    {session.clientAddress ? (
                      <Text size="sm">{t('sessions.address', { address: session.clientAddress })}</Text>
                    ) : null}
                    <Text size="sm">
                      {t('sessions.created', { date: date(session.createdAt) })},{' '}
                      {t('sessions.lastUsed', { date: date(session.lastUsedAt) })}
                    </Text>
                  </div>
                  <Button
                    variant="outline"
                    color="danger"
                    leftSection={<IconLogout size={18} aria-hidden="true" />}
                    aria-label={t('sessions.signOutLabel', { device: deviceName(session) })}
                    loading={signOutOne.isPending && signOutOne.variables.id === session.id}
                    onClick={() => {
                      setNotice(null);
                      signOutOne.mutate(session);
                    }}
                  >
                    {t('sessions.signOut')}
                  </Button>
                </Group>
              </List.Item>
            ))}
          </List>
        ) : null}
        {list.some((session) => !session.current) ? (
          <Group>
            <Button
              variant="outline"
              color="danger"
              loading={signOutOthers.isPending}
              onClick={() => {
                setNotice(null);
                signOutOthers.mutate();
              }}
            >
              {t('sessions.signOutEverywhere')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </section>
  );
}
