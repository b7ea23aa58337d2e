import '@mantine/core/styles/Alert.css';
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A screen whose permission or module does not hold says so (never a blank page). */
export function NoAccess() {
  const { t } = useTranslation('providerSchedule');
  return (
    <Alert color="gray" role="status">
      {t('noAccess')}
    </Alert>
  );
}
