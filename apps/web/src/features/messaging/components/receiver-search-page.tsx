import { Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { receiversQuery, type ReceiverKind } from '../api/search-receivers.ts';
import { addReceiver, readDraft, writeDraft } from '../message-draft.ts';
import { useMessagePaths } from '../message-paths.ts';
import { ProviderWorkspaceReady } from './provider-workspace-ready.tsx';

function Results({ clinicId, kind, term }: { clinicId: string; kind: ReceiverKind; term: string }) {
  const { t } = useTranslation('messaging');
  const navigate = useNavigate();
  const { patientId } = useParams();
  const paths = useMessagePaths(patientId);
  const results = useQuery(receiversQuery(clinicId, kind, term));
  if (results.isPending) {
    return <Text role="status">{t('loading')}</Text>;
  }
  if (results.isError) {
    return <Text role="alert">{t('loadError')}</Text>;
  }
  if (results.data.receivers.length === 0) {
    return <Text role="status">{t('noResults')}</Text>;
  }
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} data-testid="receiver-results">
      {results.data.receivers.map((receiver) => (
        <Paper component="li" key={receiver.userId} withBorder p="sm">
          <Group justify="space-between">
            <Text>
              {receiver.name}
              {receiver.detail ? (
                <Text span size="sm">
                  {' '}
                  ({receiver.detail})
                </Text>
              ) : null}
            </Text>
            <Button
              variant="outline"
              onClick={() => {
                writeDraft(addReceiver(readDraft(), kind, { userId: receiver.userId, name: receiver.name }));
                void navigate(paths.receiverList);
              }}
            >
              {t('add', { name: receiver.name })}
            </Button>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/** spec 3 §2 message/search-patient and message/search-provider: add a receiver to the new message. */
export function ReceiverSearchPage() {
  const { t } = useTranslation('messaging');
  const { pathname } = useLocation();
  const kind: ReceiverKind = pathname.endsWith('/search-provider') ? 'provider' : 'patient';
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term.trim(), 300);
  return (
    <ProviderWorkspaceReady>
      {(workspace) => (
        <Stack gap="md" maw={720}>
          <PageTitle>{kind === 'patient' ? t('searchPatient') : t('searchProvider')}</PageTitle>
          {kind === 'patient' ? <Text size="sm">{t('onePatientOnly')}</Text> : null}
          <TextInput
            label={t('searchLabel')}
            value={term}
            onChange={(event) => {
              setTerm(event.currentTarget.value);
            }}
            maxLength={100}
            type="search"
          />
          <Results clinicId={workspace.clinicId} kind={kind} term={debounced} />
        </Stack>
      )}
    </ProviderWorkspaceReady>
  );
}
