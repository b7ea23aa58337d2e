import { Avatar, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useProvider } from '../api/get-provider.ts';

/** The provider at the top of the later steps (spec 2 §2 time slot picker header, confirm). */
export function ProviderHeader({
  clinicUuid,
  providerId,
  details = [],
}: {
  clinicUuid: string;
  providerId: string;
  details?: { label: string; value: string }[];
}) {
  const { t } = useTranslation('booking');
  const provider = useProvider(providerId, clinicUuid);
  return (
    <Group wrap="nowrap" align="flex-start">
      <Avatar src={provider.data?.image ?? null} alt="" radius="xl" size="lg">
        {provider.data?.firstName.slice(0, 1)}
      </Avatar>
      <Stack gap={2}>
        <Text fw={700} size="lg">
          <Text span size="sm" fw={400} style={{ display: 'block' }}>
            {t('slots.provider')}
          </Text>
          {provider.data?.name ?? '…'}
        </Text>
        {details.map((detail) => (
          <Text key={detail.label} size="sm">
            <Text span fw={700}>
              {detail.label}:
            </Text>{' '}
            {detail.value}
          </Text>
        ))}
      </Stack>
    </Group>
  );
}
