import { Alert, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { getSession } from '../../../lib/auth/session-store.ts';
import { readItem, removeItem } from '../../../lib/storage/browser-storage.ts';
import { LOCAL_KEYS } from '../../../lib/storage/storage-keys.ts';
import { putSmsPreference, smsPreferenceQuery } from '../api/sms-preference.ts';
import { ThreadList } from './thread-list.tsx';

/** spec 1 §3: the first-use warning of the messaging screens, shown once after sign-up. */
function MessagingWarning() {
  const { t } = useTranslation('messaging');
  const [shown, setShown] = useState(() => readItem('local', LOCAL_KEYS.messagingWarning) === 'true');
  if (!shown) {
    return null;
  }
  return (
    <Alert color="blue" role="note">
      <Group justify="space-between">
        <Text size="sm">{t('emergencyNotice')}</Text>
        <Button
          variant="outline"
          onClick={() => {
            removeItem('local', LOCAL_KEYS.messagingWarning);
            setShown(false);
          }}
        >
          {t('dismiss')}
        </Button>
      </Group>
    </Alert>
  );
}

function TextPreference() {
  const { t } = useTranslation('messaging');
  const queryClient = useQueryClient();
  const preference = useQuery(smsPreferenceQuery());
  const save = useMutation({
    mutationFn: putSmsPreference,
    onSuccess: (data) => queryClient.setQueryData(smsPreferenceQuery().queryKey, data),
  });
  return (
    <section aria-labelledby="text-preference">
      <Title order={2} size="h3" id="text-preference" mb="xs">
        {t('textPreferenceTitle')}
      </Title>
      <Switch
        label={t('textPreferenceLabel')}
        checked={preference.data?.smsOptOut ?? false}
        disabled={preference.isPending || save.isPending}
        onChange={(event) => {
          save.mutate({ smsOptOut: event.currentTarget.checked });
        }}
      />
      {save.isSuccess ? (
        <Text size="sm" role="status" mt="xs">
          {t('textPreferenceSaved')}
        </Text>
      ) : null}
    </section>
  );
}

/** The patient's messages (/user/message; spec 2 §2 messaging quick links land on a thread). */
export function UserMessagesPage() {
  const { t } = useTranslation('messaging');
  return (
    <Stack gap="md" maw={860}>
      <PageTitle>{t('patientMessages')}</PageTitle>
      <MessagingWarning />
      <ThreadList
        scope={{ kind: 'patient' }}
        linkTo={(threadId) => `/user/message/${encodeURIComponent(threadId)}`}
        selfId={getSession()?.user.id ?? null}
        empty={{ text: t('noThreadsPatient') }}
      />
      <TextPreference />
    </Stack>
  );
}
