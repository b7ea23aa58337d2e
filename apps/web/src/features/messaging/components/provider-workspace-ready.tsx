import { Alert, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProviderWorkspace } from '@app/contracts/provider-workspace';
import { useProviderWorkspace } from '../../../lib/provider/provider-workspace.ts';

/**
 * A messaging screen once the provider's workspace (clinic, own id) is known. Its spec 3 §6 gate is
 * the router's (app/guards/provider-route-guard.tsx, from PROVIDER_ROUTE_GATES), not the screen's.
 */
export function ProviderWorkspaceReady({
  children,
}: {
  children: (workspace: ProviderWorkspace) => ReactNode;
}) {
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
  return <>{children(workspace.data)}</>;
}
