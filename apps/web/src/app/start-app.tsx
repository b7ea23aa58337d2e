// The app's start (decision 0068): loaded by main.tsx once the boot screen of index.html is painted.
import { StrictMode, startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import type { QueryClient } from '@tanstack/react-query';
import { BootScreen } from './boot-screen.tsx';
import { captureInstallPrompt } from '../lib/app-install/install-prompt.ts';
import { registerAppServiceWorkerAfterLoad } from '../lib/app-install/service-worker-registration.ts';
import { isConnectionFailure, waitForConnection } from '../lib/app-install/wait-for-connection.ts';
import { watchForOutlet } from './outlet-watch.ts';
import { AppProviders } from './providers.tsx';
import { createAppRouter, preloadRouteTableOf, preloadScreensOf } from './router.tsx';
import { loginAfterSessionLost } from './guards/area-access.ts';
import { createAppQueryClient } from '../lib/api/query-client.ts';
import { clearAppStorage } from '../lib/auth/clear-app-storage.ts';
import { onSessionLost, type SessionEndedState } from '../lib/auth/session-events.ts';
import { startRefreshTimer } from '../lib/auth/token-refresh.ts';
import { rememberUrlAfterLogin } from '../lib/auth/url-after-login.ts';
import { initI18n } from '../lib/i18n/i18n.ts';
import { createLoaderStore } from '../lib/loader/loader-store.ts';
import { applyBrandColors } from '../lib/variant/apply-brand.ts';
import { fetchAppConfig } from '../lib/variant/app-config.ts';

function renderBoot(root: Root, i18n: I18n, failed: boolean, retry?: () => void, offline = false): void {
  root.render(
    <I18nextProvider i18n={i18n}>
      <BootScreen failed={failed} offline={offline} onRetry={retry} />
    </I18nextProvider>,
  );
}

/**
 * The portal cannot be reached (decision 0038; the service worker answered with the cached shell, or
 * the connection dropped during the start): say so, and start afresh from the server once it answers.
 * A reload, not a second start(): the shell in this page may be older than the server's.
 */
function renderOffline(root: Root, i18n: I18n): void {
  const reload = () => {
    window.location.reload();
  };
  renderBoot(root, i18n, true, reload, true);
  void waitForConnection().connected.then(reload);
}

/** The variant configuration is read before the router renders (spec 1 §1). */
async function start(
  root: Root,
  i18n: I18n,
  queryClient: QueryClient,
  configRequest = fetchAppConfig(),
): Promise<void> {
  renderBoot(root, i18n, false);
  let config;
  try {
    config = await configRequest;
  } catch (error) {
    if (isConnectionFailure(error)) {
      renderOffline(root, i18n);
      return;
    }
    renderBoot(root, i18n, true, () => void start(root, i18n, queryClient));
    return;
  }

  applyBrandColors(config.branding.backgroundColor);
  const loaderStore = createLoaderStore(queryClient);
  const router = createAppRouter();
  startRefreshTimer();
  // A refused refresh or a revoked session ends the session: back to login (the provider login from
  // a provider screen), which says the session ended, returning here afterwards.
  onSessionLost(() => {
    const next = loginAfterSessionLost(`${window.location.pathname}${window.location.search}`);
    clearAppStorage();
    queryClient.clear();
    rememberUrlAfterLogin(next.urlAfterLogin);
    const state: SessionEndedState = { sessionEnded: true };
    void router.navigate(next.to, { replace: true, state });
  });

  // As a transition, React renders the app in slices of a few milliseconds and lets the browser
  // breathe between them, instead of one long task that blocks input (decision 0062). The boot screen
  // stays up until the first screen is ready.
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders config={config} i18n={i18n} queryClient={queryClient} loaderStore={loaderStore}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
}

/** Starts the app in index.html's #root, which shows the static boot screen until React renders. */
export function startApp(): void {
  const element = document.getElementById('root');
  if (!element) {
    return;
  }
  // The browser's install offer comes early, before any screen that shows it (decision 0038).
  captureInstallPrompt();
  if (import.meta.env.PROD) {
    // The app shell and push worker; the dev server's modules are not a shell to keep.
    registerAppServiceWorkerAfterLoad();
  }
  const root = createRoot(element);
  // Before the first screen's code is asked for: a screen may start its requests while its code loads.
  const queryClient = createAppQueryClient();
  // Asked for at once, while the language catalogue loads (decision 0062); start() reports a failure.
  const configRequest = fetchAppConfig();
  preloadRouteTableOf(window.location.pathname);
  configRequest.catch(() => undefined);
  void initI18n().then((i18n) => {
    void preloadScreensOf(window.location.pathname);
    // spec 1 §9: a start that rendered nothing 100 ms later reloads the page (once per tab session).
    // Counted from here, not from the script's first line, so a slow language catalogue is no failure.
    watchForOutlet();
    return start(root, i18n, queryClient, configRequest);
  });
}
