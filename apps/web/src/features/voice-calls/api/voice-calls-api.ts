import { queryOptions } from '@tanstack/react-query';
import type { PlaceVoiceCall, VoiceCall } from '@app/contracts/voice-calls';
import { apiRequest } from '../../../lib/api/api-client.ts';

// Issue 17 item 4: the dialer's three calls (decision 0043).

export const VOICE_CALLS_KEY = 'voice-calls';

function callsPath(clinicId: string, rest = ''): string {
  return `/api/provider/clinics/${encodeURIComponent(clinicId)}/voice-calls${rest}`;
}

export async function placeVoiceCall(clinicId: string, body: PlaceVoiceCall): Promise<VoiceCall> {
  const { voiceCallSchema } = await import('@app/contracts/voice-calls');
  return apiRequest(callsPath(clinicId), voiceCallSchema, { method: 'POST', body });
}

export async function endVoiceCall(clinicId: string, callId: string): Promise<VoiceCall> {
  const { voiceCallSchema } = await import('@app/contracts/voice-calls');
  return apiRequest(callsPath(clinicId, `/${encodeURIComponent(callId)}/end`), voiceCallSchema, {
    method: 'POST',
  });
}

export type VoiceCallTarget = { appointmentId: string } | { patientId: string };

export async function listVoiceCalls(
  clinicId: string,
  target: VoiceCallTarget,
  signal?: AbortSignal,
): Promise<VoiceCall[]> {
  const { voiceCallListSchema } = await import('@app/contracts/voice-calls');
  const query = new URLSearchParams(target).toString();
  const answer = await apiRequest(callsPath(clinicId, `?${query}`), voiceCallListSchema, { signal });
  return answer.calls;
}

export function voiceCallsQuery(clinicId: string, target: VoiceCallTarget) {
  return queryOptions({
    queryKey: [VOICE_CALLS_KEY, clinicId, target],
    queryFn: ({ signal }) => listVoiceCalls(clinicId, target, signal),
  });
}
