import { useQuery } from '@tanstack/react-query';
import { VOICE_CALL_MODULE, VOICE_CALL_PERMISSION } from '@app/contracts/voice-calls';
import { passesGate, providerWorkspaceQuery } from '../../../lib/provider/provider-workspace.ts';

/**
 * spec 3 §2 "Outbound-calling dialer is shown only when that clinic module is active", and the
 * PATIENT permission the calls need (decision 0043). The clinic to call from, or null: no dialer.
 */
export function useCallingClinic(enabled = true): string | null {
  const workspace = useQuery({ ...providerWorkspaceQuery(), enabled }).data;
  if (!enabled || !workspace) {
    return null;
  }
  return passesGate(workspace, { permission: VOICE_CALL_PERMISSION, module: VOICE_CALL_MODULE })
    ? workspace.clinicId
    : null;
}
