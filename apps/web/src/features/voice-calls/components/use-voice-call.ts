import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isActiveVoiceCall, type VoiceCall } from '@app/contracts/voice-calls';
import { isApiRequestError } from '../../../lib/api/api-error.ts';
import {
  endVoiceCall,
  listVoiceCalls,
  placeVoiceCall,
  VOICE_CALLS_KEY,
  voiceCallsQuery,
  type VoiceCallTarget,
} from '../api/voice-calls-api.ts';
import { latestCall } from '../voice-call-rules.ts';

/** While a call is live the visit's dialer re-reads it, so an end elsewhere (the video) shows. */
const LIVE_REFRESH_MS = 10_000;

export interface VoiceCallState {
  /** The latest call of this target that this screen knows of. */
  call: VoiceCall | null;
  active: boolean;
  placing: boolean;
  hangingUp: boolean;
  /** The server's message when placing or hanging up failed. */
  error: { kind: 'place' | 'hangUp'; message: string | null } | null;
  place: () => void;
  hangUp: () => void;
}

function serverMessage(error: unknown): string | null {
  if (isApiRequestError(error)) {
    const body = error.body as { message?: unknown } | null;
    return typeof body?.message === 'string' ? body.message : null;
  }
  return null;
}

function codeOf(error: unknown): string | null {
  if (isApiRequestError(error)) {
    const body = error.body as { code?: unknown } | null;
    return typeof body?.code === 'string' ? body.code : null;
  }
  return null;
}

/**
 * One dialer's state. `watch` reads the target's calls from the server (the video room, where a call
 * may outlive a reload); the schedule rows do not, so a long day does not cost a request per row.
 */
export function useVoiceCall(clinicId: string, target: VoiceCallTarget, watch: boolean): VoiceCallState {
  const queryClient = useQueryClient();
  const [local, setLocal] = useState<VoiceCall | null>(null);
  const list = useQuery({
    ...voiceCallsQuery(clinicId, target),
    enabled: watch && clinicId !== '',
    refetchInterval: (query) => ((query.state.data ?? []).some(isActiveVoiceCall) ? LIVE_REFRESH_MS : false),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: [VOICE_CALLS_KEY] });
  const place = useMutation({
    mutationFn: async () => {
      try {
        return await placeVoiceCall(clinicId, target);
      } catch (error) {
        // A call left live (another tab, a reload): show it, so it can be hung up.
        if (codeOf(error) === 'call_in_progress') {
          const live = (await listVoiceCalls(clinicId, target)).find(isActiveVoiceCall);
          if (live) {
            return live;
          }
        }
        throw error;
      }
    },
    onSuccess: async (call) => {
      setLocal(call);
      await refresh();
    },
  });
  const hangUp = useMutation({
    mutationFn: (callId: string) => endVoiceCall(clinicId, callId),
    onSuccess: async (call) => {
      setLocal(call);
      await refresh();
    },
  });
  const call = latestCall(local, list.data?.[0] ?? null);
  let error: VoiceCallState['error'] = null;
  if (place.isError) {
    error = { kind: 'place', message: serverMessage(place.error) };
  } else if (hangUp.isError) {
    error = { kind: 'hangUp', message: serverMessage(hangUp.error) };
  }
  return {
    call,
    active: call !== null && isActiveVoiceCall(call),
    placing: place.isPending,
    hangingUp: hangUp.isPending,
    error,
    place: () => {
      hangUp.reset();
      place.mutate();
    },
    hangUp: () => {
      if (call) {
        place.reset();
        hangUp.mutate(call.id);
      }
    },
  };
}
