import { Alert, Anchor, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { MESSAGE_BODY_MAX, MESSAGE_SUBJECT_MAX } from '@app/contracts/messaging-constants';
import { Button } from '../../../components/ui/button.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { errorText } from '../../account-settings/error-text.ts';
import { createThread } from '../api/create-thread.ts';
import { MESSAGING_KEY } from '../api/messaging-scope.ts';
import { clearDraft, readDraft } from '../message-draft.ts';
import { useMessagePaths } from '../message-paths.ts';
import { ProviderWorkspaceReady } from './provider-workspace-ready.tsx';

function CreateThreadForm({ clinicId }: { clinicId: string }) {
  const { t } = useTranslation('messaging');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { patientId } = useParams();
  const paths = useMessagePaths(patientId);
  const [draft] = useState(readDraft);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  // In the patient view the patient is the tab's own; elsewhere the one chosen in the receiver list.
  const chosenPatientId = patientId ?? draft.patient?.userId ?? null;
  const names = [
    ...(patientId ? [] : draft.patient ? [draft.patient.name] : []),
    ...draft.providers.map((provider) => provider.name),
  ];
  const create = useMutation({
    mutationFn: () =>
      createThread(clinicId, {
        subject,
        body,
        patientId: chosenPatientId,
        providerIds: draft.providers.map((provider) => provider.userId),
      }),
    onSuccess: (thread) => {
      clearDraft();
      void queryClient.invalidateQueries({ queryKey: [MESSAGING_KEY, clinicId] });
      void navigate(paths.thread(thread.id));
    },
    meta: { errorBanner: false },
  });
  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    create.mutate();
  };
  if (!chosenPatientId && draft.providers.length === 0) {
    return (
      <Stack gap="sm">
        <Text>{t('noReceivers')}</Text>
        <Anchor component={Link} to={paths.receiverList}>
          {t('chooseReceivers')}
        </Anchor>
      </Stack>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text>
          {t('receivers')}: {patientId ? [t('patientKind'), ...names].join(', ') : names.join(', ')}{' '}
          <Anchor component={Link} to={paths.receiverList}>
            {t('chooseReceivers')}
          </Anchor>
        </Text>
        <TextInput
          label={t('subjectLabel')}
          value={subject}
          onChange={(event) => {
            setSubject(event.currentTarget.value);
          }}
          maxLength={MESSAGE_SUBJECT_MAX}
          required
        />
        <Textarea
          label={t('messageLabel')}
          value={body}
          onChange={(event) => {
            setBody(event.currentTarget.value);
          }}
          autosize
          minRows={5}
          maxLength={MESSAGE_BODY_MAX}
          required
        />
        {create.isError ? (
          <Alert color="red" role="alert">
            {errorText(create.error)}
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" loading={create.isPending}>
            {t('send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** spec 3 §2 message/thread/create. */
export function CreateThreadPage() {
  const { t } = useTranslation('messaging');
  return (
    <ProviderWorkspaceReady>
      {(workspace) => (
        <Stack gap="md" maw={720}>
          <PageTitle>{t('createThread')}</PageTitle>
          <CreateThreadForm clinicId={workspace.clinicId} />
        </Stack>
      )}
    </ProviderWorkspaceReady>
  );
}
