import type { MonitoringDevice } from '@app/contracts/care-plans';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { patientHealthPath } from './list-care-plans.ts';

export async function listMonitoringDevices(
  clinicId: string,
  patientId: string,
  signal?: AbortSignal,
): Promise<MonitoringDevice[]> {
  const { monitoringDeviceListSchema } = await import('@app/contracts/care-plans');
  const path = patientHealthPath(clinicId, patientId, 'monitoring-devices');
  return (await apiRequest(path, monitoringDeviceListSchema, { signal })).devices;
}

export function monitoringDevicesQuery(clinicId: string, patientId: string) {
  return queryOptions({
    queryKey: [patientHealthPath(clinicId, patientId, 'monitoring-devices')],
    queryFn: ({ signal }) => listMonitoringDevices(clinicId, patientId, signal),
  });
}
