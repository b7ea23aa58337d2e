import { Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A loading indicator that is announced: a live status with a text, the spinner itself hidden. */
export function Busy() {
  const { t } = useTranslation('booking');
  return (
    <div role="status" aria-label={t('loading')}>
      <Loader aria-hidden />
    </div>
  );
}
