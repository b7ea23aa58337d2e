import { Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { readDraft, removeReceiver, writeDraft, type MessageDraft } from '../message-draft.ts';
import { useMessagePaths } from '../message-paths.ts';
import { ProviderWorkspaceReady } from './provider-workspace-ready.tsx';

/** spec 3 §2 message/receiver-list: who the new message goes to, before message/thread/create. */
export function ReceiverListPage() {
  const { t } = useTranslation('messaging');
  const { patientId } = useParams();
  const paths = useMessagePaths(patientId);
  const [draft, setDraft] = useState<MessageDraft>(readDraft);
  const update = (next: MessageDraft) => {
    writeDraft(next);
    setDraft(next);
  };
  const rows = [
    ...(draft.patient && !patientId ? [{ ...draft.patient, kind: t('patientKind') }] : []),
    ...draft.providers.map((provider) => ({ ...provider, kind: t('providerKind') })),
  ];
  const canContinue = Boolean(patientId) || rows.length > 0;
  return (
    <ProviderWorkspaceReady>
      {() => (
        <Stack gap="md" maw={720}>
          <PageTitle>{t('receivers')}</PageTitle>
          {rows.length === 0 ? <Text>{t('noReceivers')}</Text> : null}
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} data-testid="receivers">
            {rows.map((row) => (
              <Paper component="li" key={row.userId} withBorder p="sm">
                <Group justify="space-between">
                  <Text>
                    {row.name}{' '}
                    <Text span size="sm">
                      ({row.kind})
                    </Text>
                  </Text>
                  <Button
                    variant="outline"
                    onClick={() => {
                      update(removeReceiver(draft, row.userId));
                    }}
                  >
                    {t('remove', { name: row.name })}
                  </Button>
                </Group>
              </Paper>
            ))}
          </Stack>
          <Group>
            {patientId ? null : (
              <ButtonLink variant="outline" to={paths.searchPatient}>
                {t('addPatient')}
              </ButtonLink>
            )}
            <ButtonLink variant="outline" to={paths.searchProvider}>
              {t('addProvider')}
            </ButtonLink>
            {canContinue ? <ButtonLink to={paths.create}>{t('continue')}</ButtonLink> : null}
          </Group>
        </Stack>
      )}
    </ProviderWorkspaceReady>
  );
}
