import { useState } from 'react';

/**
 * Issue 18 / spec 3 §2: whether the patient has left and come back since this page opened. Only then
 * does the provider read 'join the call again'; the first time it is 'join the call'.
 */
export function usePatientReturned(patientHere: boolean): boolean {
  const [presence, setPresence] = useState({ here: false, left: false, returned: false });
  if (presence.here !== patientHere) {
    setPresence({
      here: patientHere,
      left: presence.left || !patientHere,
      returned: presence.returned || (patientHere && presence.left),
    });
  }
  return presence.returned || (patientHere && presence.left);
}
