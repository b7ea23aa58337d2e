// The browser's install offer (decision 0038). Chromium-based browsers fire `beforeinstallprompt` when
// the app can be installed; the app keeps the event (it comes early, before any signed-in screen) and
// shows its own small offer instead of the browser's banner. Browsers that offer no prompt (Safari,
// Firefox) never fire it: the offer then shows nothing, or on iOS a hint (features/app-install).

/** Chromium's event; not in TypeScript's DOM library. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

export type InstallState = 'unavailable' | 'available' | 'installed';

let deferred: BeforeInstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) {
    listener();
  }
}

function isInstallPromptEvent(event: Event): event is BeforeInstallPromptEvent {
  return 'prompt' in event && typeof (event as { prompt?: unknown }).prompt === 'function';
}

/** Called once at start, before anything renders. Returns a function that stops listening (tests). */
export function captureInstallPrompt(target: Window = window): () => void {
  const onPrompt = (event: Event) => {
    if (!isInstallPromptEvent(event)) {
      return;
    }
    // Our own offer replaces the browser's mini banner; the browser's menu entry stays.
    event.preventDefault();
    deferred = event;
    notify();
  };
  const onInstalled = () => {
    deferred = null;
    installed = true;
    notify();
  };
  target.addEventListener('beforeinstallprompt', onPrompt);
  target.addEventListener('appinstalled', onInstalled);
  return () => {
    target.removeEventListener('beforeinstallprompt', onPrompt);
    target.removeEventListener('appinstalled', onInstalled);
  };
}

export function installState(): InstallState {
  if (installed) {
    return 'installed';
  }
  return deferred ? 'available' : 'unavailable';
}

export function subscribeInstallState(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Shows the browser's install dialog (only from a click). An event can prompt once only. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred;
  if (!event) {
    return 'unavailable';
  }
  deferred = null;
  notify();
  await event.prompt();
  const { outcome } = await event.userChoice;
  return outcome;
}

/** Tests only. */
export function resetInstallPromptForTests(): void {
  deferred = null;
  installed = false;
  listeners.clear();
}
