// The API layer cannot navigate; the app registers what happens when the session is lost
// (refresh refused, or the session revoked from another device) so the person is sent to log in.

/** The login screen's arrival state after a lost session: it says the session ended. */
export interface SessionEndedState {
  sessionEnded: true;
}

export function arrivedAfterSessionEnded(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && 'sessionEnded' in state && state.sessionEnded === true
  );
}

type Handler = () => void;
let sessionLostHandler: Handler = () => undefined;

export function onSessionLost(handler: Handler): void {
  sessionLostHandler = handler;
}

export function reportSessionLost(): void {
  sessionLostHandler();
}
