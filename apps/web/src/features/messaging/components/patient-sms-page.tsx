import { Alert, Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { errorText } from '../../account-settings/error-text.ts';
import { smsListQuery } from '../api/list-sms.ts';
import { sendSms } from '../api/send-sms.ts';
import { messagePaths } from '../message-paths.ts';
import { DeliveryStatusText } from './delivery-status.tsx';
import { ProviderWorkspaceReady } from './provider-workspace-ready.tsx';
import { SmsBodyField } from './sms-body-field.tsx';
import { formatInstant } from '../../../lib/dates/format-time.ts';

function SmsForm({ clinicId, patientId }: { clinicId: string; patientId: string }) {
  const { t, i18n } = useTranslation('messaging');
  const queryClient = useQueryClient();
  const history = useQuery(smsListQuery(clinicId, patientId));
  const [body, setBody] = useState('');
  const dateTime = (value: string) => formatInstant(value, { language: i18n.language, style: 'dateTime' });
  const send = useMutation({
    mutationFn: () => sendSms(clinicId, patientId, body),
    onSuccess: () => {
      setBody('');
      void queryClient.invalidateQueries({ queryKey: smsListQuery(clinicId, patientId).queryKey });
    },
    meta: { errorBanner: false },
  });
  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    send.mutate();
  };
  return (
    <Stack gap="lg">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Text>{t('smsIntro')}</Text>
          <SmsBodyField clinicId={clinicId} value={body} onChange={setBody} />
          {send.isError ? (
            <Alert color="red" role="alert">
              {errorText(send.error)}
            </Alert>
          ) : null}
          {send.isSuccess ? (
            <Alert color="green" role="status">
              {t('smsSent')}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={send.isPending} disabled={!body.trim()}>
              {t('send')}
            </Button>
          </Group>
        </Stack>
      </form>
      <section aria-labelledby="sms-history">
        <Title order={2} size="h3" id="sms-history" mb="sm">
          {t('smsHistory')}
        </Title>
        {history.data?.messages.length === 0 ? <Text>{t('noSms')}</Text> : null}
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {history.data?.messages.map((sms) => (
            <Paper component="li" key={sms.id} withBorder p="sm">
              <Group justify="space-between" align="flex-start">
                <Text size="sm">{dateTime(sms.createdAt)}</Text>
                <DeliveryStatusText status={sms.status} />
              </Group>
              <Text style={{ whiteSpace: 'pre-wrap' }}>{sms.body}</Text>
            </Paper>
          ))}
        </Stack>
      </section>
    </Stack>
  );
}

/** spec 3 §2 patient/{patientId}/message/thread/sms: a text message to the patient. */
export function PatientSmsPage() {
  const { t } = useTranslation('messaging');
  const { patientId = '' } = useParams();
  return (
    <ProviderWorkspaceReady>
      {(workspace) => (
        <Stack gap="md" maw={720}>
          <Anchor component={Link} to={messagePaths(patientId).list}>
            {t('backToMessages')}
          </Anchor>
          <PageTitle>{t('smsTitle')}</PageTitle>
          <SmsForm clinicId={workspace.clinicId} patientId={patientId} />
        </Stack>
      )}
    </ProviderWorkspaceReady>
  );
}
