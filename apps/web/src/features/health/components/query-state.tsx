import { Alert, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '../../../lib/api/api-error.ts';

/** Loading and failure texts of a tab's query (404: the patient is not one of the clinic's). */
export function QueryState({ query }: { query: UseQueryResult }) {
  const { t } = useTranslation('health');
  if (query.isPending) {
    return <Text role="status">{t('loading')}</Text>;
  }
  if (query.isError) {
    const status = isApiRequestError(query.error) ? query.error.status : 0;
    return (
      <Alert color="red" role="alert">
        {status === 404 ? t('notFound') : status === 403 ? t('noAccess') : t('loadError')}
      </Alert>
    );
  }
  return null;
}
