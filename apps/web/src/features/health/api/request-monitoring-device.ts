import type { MonitoringDevice, MonitoringDeviceRequest } from '@app/contracts/care-plans';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { patientHealthPath } from './list-care-plans.ts';

/** "order/connect device" (spec 3 §2 health tab, Devices). */
export async function requestMonitoringDevice(
  clinicId: string,
  patientId: string,
  input: MonitoringDeviceRequest,
): Promise<MonitoringDevice> {
  const { monitoringDeviceSchema } = await import('@app/contracts/care-plans');
  return apiRequest(patientHealthPath(clinicId, patientId, 'monitoring-devices'), monitoringDeviceSchema, {
    method: 'POST',
    body: input,
  });
}
