import type { ReactNode } from 'react';
import { Alert, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProviderWorkspace } from '@app/contracts/provider-workspace';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { useProviderWorkspace } from '../../../lib/provider/provider-workspace.ts';

/**
 * A provider screen once the workspace is known: the title always, then the content. Its spec 3 §6
 * gate (permission and clinic module) is the router's (app/guards/provider-route-guard.tsx).
 */
export function WorkspaceScreen({
  title,
  children,
}: {
  title: string;
  children: (workspace: ProviderWorkspace) => ReactNode;
}) {
  const { t } = useTranslation('providerAdmin');
  const workspace = useProviderWorkspace();
  let body: ReactNode;
  if (workspace.isError) {
    body = (
      <Alert color="red" role="alert">
        {t('loadFailed')}
      </Alert>
    );
  } else if (!workspace.data) {
    body = <Text role="status">{t('loading')}</Text>;
  } else {
    body = children(workspace.data);
  }
  return (
    <Stack>
      <PageTitle>{title}</PageTitle>
      {body}
    </Stack>
  );
}

/** Loading and failure states of one query inside a screen. */
export function QueryState({ isError, isLoading }: { isError: boolean; isLoading: boolean }) {
  const { t } = useTranslation('providerAdmin');
  if (isError) {
    return (
      <Alert color="red" role="alert">
        {t('loadFailed')}
      </Alert>
    );
  }
  return isLoading ? <Text role="status">{t('loading')}</Text> : null;
}

export function formatDate(iso: string, language: string, withTime = false): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Date(`${iso}T12:00:00`) : new Date(iso);
  return new Intl.DateTimeFormat(language, {
    dateStyle: 'medium',
    ...(withTime ? { timeStyle: 'short' } : {}),
  }).format(date);
}
