import type { ReactNode } from 'react';
import { Alert, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProviderWorkspace } from '@app/contracts/provider-workspace';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { useProviderWorkspace } from '../../../lib/provider/provider-workspace.ts';
import { formatCalendarDate, formatInstant } from '../../../lib/dates/format-time.ts';

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
  // A calendar date never shifts with a zone; an instant is read in the viewer's zone.
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) {
    return formatCalendarDate(iso, language);
  }
  return formatInstant(iso, { language, style: withTime ? 'dateTime' : 'date' });
}
