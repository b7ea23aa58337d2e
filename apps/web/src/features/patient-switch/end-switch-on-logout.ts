import type { QueryClient } from '@tanstack/react-query';
import type { NavigateFunction } from 'react-router';
import { endFamilySwitch, returnToProvider } from './use-patient-switch.ts';

/**
 * What logout does first in a switched tab (logout-session.ts): a provider acting as a patient goes
 * back to the provider's session (resolves true: nothing more to do), and a family member's session
 * gives way to the primary user's, whose logout follows. Its own module, loaded on logout only
 * (decision 0006): were use-patient-switch.ts itself loaded that way, it would be a chunk of its own
 * that the patient area's layout fetches as one more request (decision 0074).
 */
export async function endSwitchOnLogout(
  queryClient: QueryClient,
  navigate: NavigateFunction,
): Promise<boolean> {
  if (await returnToProvider(queryClient, navigate)) {
    return true;
  }
  endFamilySwitch();
  return false;
}
