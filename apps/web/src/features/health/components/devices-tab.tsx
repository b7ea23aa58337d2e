import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  NativeSelect,
  Radio,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MONITORING_DEVICE_KINDS, type MonitoringDeviceKind } from '@app/contracts/care-plans';
import { errorText } from '../../account-settings/error-text.ts';
import { monitoringDevicesQuery } from '../api/list-monitoring-devices.ts';
import { requestMonitoringDevice } from '../api/request-monitoring-device.ts';
import type { HealthTabProps } from './patient-health-page.tsx';
import { QueryState } from './query-state.tsx';
import { formatInstant } from '../../../lib/dates/format-time.ts';

/** Devices (order/connect device): the patient's monitoring devices and a request for another. */
export function DevicesTab({ clinicId, patientId }: HealthTabProps) {
  const { t, i18n } = useTranslation('health');
  const queryClient = useQueryClient();
  const query = useQuery(monitoringDevicesQuery(clinicId, patientId));
  const [kind, setKind] = useState<MonitoringDeviceKind>('blood_pressure_monitor');
  const [action, setAction] = useState<'order' | 'connect'>('order');
  const [serialNumber, setSerialNumber] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [saving, setSaving] = useState(false);
  const date = (value: string) => formatInstant(value, { language: i18n.language, style: 'date' });

  async function submit() {
    setSaving(true);
    setSent(false);
    setFailure(null);
    try {
      await requestMonitoringDevice(clinicId, patientId, { kind, action, serialNumber });
      setSerialNumber('');
      setSent(true);
      await queryClient.invalidateQueries({ queryKey: monitoringDevicesQuery(clinicId, patientId).queryKey });
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Stack gap="lg">
      <Stack component="section" aria-labelledby="devices-list" gap="xs">
        <Title order={2} size="h3" id="devices-list">
          {t('devices.title')}
        </Title>
        {query.data ? (
          query.data.length === 0 ? (
            <Text>{t('devices.empty')}</Text>
          ) : (
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('devices.kind')}</Table.Th>
                  <Table.Th scope="col">{t('devices.status')}</Table.Th>
                  <Table.Th scope="col">{t('devices.serial')}</Table.Th>
                  <Table.Th scope="col">{t('devices.requestedAt')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {query.data.map((device) => (
                  <Table.Tr key={device.id}>
                    <Table.Td>{t(`devices.kind.${device.kind}`)}</Table.Td>
                    <Table.Td>{t(`devices.status.${device.status}`)}</Table.Td>
                    <Table.Td>{device.serialNumber}</Table.Td>
                    <Table.Td>{date(device.requestedAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )
        ) : (
          <QueryState query={query} />
        )}
      </Stack>
      <Stack component="section" aria-labelledby="devices-order" gap="xs" maw={520}>
        <Title order={2} size="h3" id="devices-order">
          {t('devices.order')}
        </Title>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack gap="sm">
            {failure ? (
              <Alert color="red" role="alert">
                {failure}
              </Alert>
            ) : null}
            <NativeSelect
              label={t('devices.kind')}
              value={kind}
              data={MONITORING_DEVICE_KINDS.map((value) => ({ value, label: t(`devices.kind.${value}`) }))}
              onChange={(event) => {
                setKind(event.currentTarget.value as MonitoringDeviceKind);
              }}
            />
            <Radio.Group
              label={t('devices.action')}
              value={action}
              onChange={(value) => {
                setAction(value === 'connect' ? 'connect' : 'order');
              }}
            >
              <Stack gap={6} mt={4}>
                <Radio value="order" label={t('devices.actionOrder')} />
                <Radio value="connect" label={t('devices.actionConnect')} />
              </Stack>
            </Radio.Group>
            <TextInput
              label={t('devices.serial')}
              value={serialNumber}
              maxLength={64}
              onChange={(event) => {
                setSerialNumber(event.currentTarget.value);
              }}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={saving}>
                {t('devices.send')}
              </Button>
            </Group>
            <div role="status">{sent ? t('devices.sent') : null}</div>
          </Stack>
        </form>
      </Stack>
    </Stack>
  );
}
