import { Alert, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProviderWorkspace } from '@app/contracts/provider-workspace';
import {
  passesGate,
  useProviderWorkspace,
  type WorkspaceGate,
} from '../../../lib/provider/provider-workspace.ts';

interface ProviderGateProps {
  gate: WorkspaceGate;
  /** Shown when the permission or module is missing (spec 3 §6). */
  noAccessText: string;
  children: (workspace: ProviderWorkspace) => ReactNode;
}

/** A provider screen's gate: its content only with the permission and module, else a clear message. */
export function ProviderGate({ gate, noAccessText, children }: ProviderGateProps) {
  const { t } = useTranslation('messaging');
  const workspace = useProviderWorkspace();
  if (workspace.isPending) {
    return <Text role="status">{t('loading')}</Text>;
  }
  if (workspace.isError) {
    return (
      <Alert color="red" role="alert">
        {t('loadError')}
      </Alert>
    );
  }
  if (!passesGate(workspace.data, gate)) {
    return (
      <Alert color="yellow" role="alert" data-testid="no-access">
        {noAccessText}
      </Alert>
    );
  }
  return <>{children(workspace.data)}</>;
}
