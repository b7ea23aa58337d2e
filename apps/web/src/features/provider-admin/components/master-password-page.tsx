import { useState } from 'react';
import { Group, Paper, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../appointments/components/confirm-dialog.tsx';
import { masterPasswordQuery, resetMasterPassword } from '../api/master-password.ts';
import { QueryState, WorkspaceScreen } from './workspace-screen.tsx';

/** /provider/master-password: spec 3 §2 Master password panel, §4 its reset transition. */
export function MasterPasswordPage() {
  const { t } = useTranslation('providerAdmin');
  return (
    <WorkspaceScreen title={t('masterTitle')}>
      {(workspace) => (
        <MasterPasswordPanel
          clinicId={workspace.clinicId}
          canReset={workspace.permissions.includes('SETTING')}
        />
      )}
    </WorkspaceScreen>
  );
}

function MasterPasswordPanel({ clinicId, canReset }: { clinicId: string; canReset: boolean }) {
  const { t } = useTranslation('providerAdmin');
  const queryClient = useQueryClient();
  const shown = useQuery(masterPasswordQuery(clinicId));
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');

  if (!shown.data) {
    return <QueryState isError={shown.isError} isLoading={shown.isLoading} />;
  }
  const password = shown.data.masterPassword;
  return (
    <Paper withBorder p="md">
      <Text fw={600} id="master-password-label">
        {t('masterLabel')}
      </Text>
      {password ? (
        <Text
          component="output"
          aria-labelledby="master-password-label"
          ff="monospace"
          fz="xl"
          data-testid="master-password"
        >
          {password}
        </Text>
      ) : (
        <Text>{t('masterNone')}</Text>
      )}
      {/* spec 3 §2: "Click to reset" only with permission SETTING. */}
      {canReset ? (
        <Group mt="md">
          <Button
            variant="outline"
            onClick={() => {
              setError(null);
              setConfirming(true);
            }}
          >
            {t('masterReset')}
          </Button>
        </Group>
      ) : null}
      <Text role="status" className="app-visually-hidden">
        {announce}
      </Text>
      <ConfirmDialog
        opened={confirming}
        title={t('masterResetTitle')}
        text={t('masterResetText')}
        yesLabel={t('yes')}
        noLabel={t('no')}
        closeLabel={t('close')}
        busy={busy}
        error={error}
        onNo={() => {
          setConfirming(false);
        }}
        onYes={() => {
          setBusy(true);
          resetMasterPassword(clinicId)
            .then((answer) => {
              // spec 3 §4: on Yes the new password replaces the shown one and the popup closes.
              queryClient.setQueryData(masterPasswordQuery(clinicId).queryKey, answer);
              setConfirming(false);
              setAnnounce(t('masterResetDone'));
            })
            .catch(() => {
              setError(t('saveFailed'));
            })
            .finally(() => {
              setBusy(false);
            });
        }}
      />
    </Paper>
  );
}
