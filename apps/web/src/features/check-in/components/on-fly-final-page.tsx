import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';

/** /user/on-fly-final: every on-the-fly task is done (spec 2 §4). */
export function OnFlyFinalPage() {
  const { t } = useTranslation('checkIn');
  return (
    <Stack gap="md">
      <PageTitle>{t('onFlyFinal.title')}</PageTitle>
      <Text>{t('onFlyFinal.text')}</Text>
      <ButtonLink to="/user/appointment">{t('onFlyFinal.home')}</ButtonLink>
    </Stack>
  );
}
