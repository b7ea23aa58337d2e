import { useState } from 'react';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FollowUpAlert } from '@app/contracts/worklists';
import { Button } from '../../../components/ui/button.tsx';
import { StatusChip } from '../../../components/ui/status-chip.tsx';
import { followUpsQuery, markFollowUpSeen } from '../api/follow-ups.ts';
import { formatDate, QueryState, WorkspaceScreen } from './workspace-screen.tsx';

/** Severity as the design system's status roles (docs/design.md), so the chips keep 7:1 contrast. */
const SEVERITY = {
  info: { key: 'severityInfo', role: 'info' },
  warning: { key: 'severityWarning', role: 'warning' },
  critical: { key: 'severityCritical', role: 'danger' },
} as const;

/** /provider/follow-ups: spec 3 §2 Follow Up List (REMOTE_PATIENT_MONITORING): remote monitoring alerts. */
export function FollowUpsPage() {
  const { t } = useTranslation('providerAdmin');
  return (
    <WorkspaceScreen title={t('followUpsTitle')}>
      {(workspace) => <FollowUpList clinicId={workspace.clinicId} />}
    </WorkspaceScreen>
  );
}

function FollowUpList({ clinicId }: { clinicId: string }) {
  const { t } = useTranslation('providerAdmin');
  const alerts = useQuery(followUpsQuery(clinicId));
  if (!alerts.data) {
    return <QueryState isError={alerts.isError} isLoading={alerts.isLoading} />;
  }
  if (alerts.data.length === 0) {
    return <Text>{t('followUpsEmpty')}</Text>;
  }
  const fresh = alerts.data.filter((alert) => alert.seenAt === null).length;
  return (
    <Stack gap="sm">
      <Text fw={600}>{t('followUpsNew', { count: fresh })}</Text>
      <Stack component="ul" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {alerts.data.map((alert) => (
          <AlertRow key={alert.id} alert={alert} clinicId={clinicId} />
        ))}
      </Stack>
    </Stack>
  );
}

function AlertRow({ alert, clinicId }: { alert: FollowUpAlert; clinicId: string }) {
  const { t, i18n } = useTranslation('providerAdmin');
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const severity = SEVERITY[alert.severity];
  return (
    <Paper withBorder p="md" component="li">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Group gap="xs">
            <Text component="h2" fw={700} fz="md">
              {alert.patientName}
            </Text>
            <StatusChip role={severity.role}>{t(severity.key)}</StatusChip>
            <StatusChip role={alert.seenAt ? 'neutral' : 'info'}>
              {alert.seenAt ? t('seen') : t('new')}
            </StatusChip>
          </Group>
          <Text>{alert.message}</Text>
          <Text fz="sm" c="gray.7">
            {formatDate(alert.createdAt, i18n.language, true)}
          </Text>
          {error ? (
            <Text role="alert" c="red.9">
              {error}
            </Text>
          ) : null}
        </Stack>
        {alert.seenAt ? null : (
          <Button
            variant="outline"
            loading={busy}
            onClick={() => {
              setBusy(true);
              setError(null);
              markFollowUpSeen(clinicId, alert.id)
                .then(() => queryClient.invalidateQueries({ queryKey: followUpsQuery(clinicId).queryKey }))
                .catch(() => {
                  setError(t('saveFailed'));
                })
                .finally(() => {
                  setBusy(false);
                });
            }}
          >
            {t('markSeen', { name: alert.patientName })}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
