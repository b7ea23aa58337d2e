import { useSyncExternalStore } from 'react';
import { getSession, roleOf, subscribeSession } from '../../../lib/auth/session-store.ts';
import type { Viewer } from '../appointment-rules.ts';

/** Who is looking: a provider (booking for a patient, spec 2 §6 provider extras) or the patient. */
export function useViewer(): Viewer {
  const role = useSyncExternalStore(subscribeSession, () => roleOf(getSession()));
  return role === 'provider' ? 'provider' : 'patient';
}
