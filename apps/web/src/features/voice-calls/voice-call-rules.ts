import { isActiveVoiceCall, type VoiceCall } from '@app/contracts/voice-calls';

/**
 * The call a dialer shows: the newer of what this screen did and what the server listed. For one and
 * the same call an ended state wins, since a call never comes back to life.
 */
export function latestCall(local: VoiceCall | null, fromServer: VoiceCall | null): VoiceCall | null {
  if (!local || !fromServer) {
    return local ?? fromServer;
  }
  if (local.id === fromServer.id) {
    return isActiveVoiceCall(fromServer) ? local : fromServer;
  }
  return local.startedAt >= fromServer.startedAt ? local : fromServer;
}

export type CallStatusKey =
  'statusDialing' | 'statusInProgress' | 'statusEnded' | 'statusEndedByVideo' | 'statusFailed';

/** The live status line's text key for a call. */
export function statusKeyOf(call: Pick<VoiceCall, 'status' | 'endedReason'>): CallStatusKey {
  switch (call.status) {
    case 'dialing':
      return 'statusDialing';
    case 'in-progress':
      return 'statusInProgress';
    case 'failed':
      return 'statusFailed';
    case 'ended':
      return call.endedReason === 'video-ended' ? 'statusEndedByVideo' : 'statusEnded';
  }
}
