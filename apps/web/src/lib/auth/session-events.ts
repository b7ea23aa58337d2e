// The API layer cannot navigate; the app registers what happens when the session is lost
// (refresh refused) so the person is sent to log in.

type Handler = () => void;
let sessionLostHandler: Handler = () => undefined;

export function onSessionLost(handler: Handler): void {
  sessionLostHandler = handler;
}

export function reportSessionLost(): void {
  sessionLostHandler();
}
