import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import './app/app.css';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { BootScreen } from './app/boot-screen.tsx';
import { watchForOutlet } from './app/outlet-watch.ts';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { loginAfterSessionLost } from './app/guards/area-access.ts';
import { createAppQueryClient } from './lib/api/query-client.ts';
import { clearAppStorage } from './lib/auth/clear-app-storage.ts';
import { onSessionLost } from './lib/auth/session-events.ts';
import { startRefreshTimer } from './lib/auth/token-refresh.ts';
import { rememberUrlAfterLogin } from './lib/auth/url-after-login.ts';
import { initI18n } from './lib/i18n/i18n.ts';
import { createLoaderStore } from './lib/loader/loader-store.ts';
import { applyBrandColors } from './lib/variant/apply-brand.ts';
import { fetchAppConfig } from './lib/variant/app-config.ts';

function renderBoot(root: Root, i18n: I18n, failed: boolean, retry?: () => void): void {
  root.render(
    <I18nextProvider i18n={i18n}>
      <BootScreen failed={failed} onRetry={retry} />
    </I18nextProvider>,
  );
}

/** The variant configuration is read before the router renders (spec 1 §1). */
async function start(root: Root, i18n: I18n): Promise<void> {
  renderBoot(root, i18n, false);
  let config;
  try {
    config = await fetchAppConfig();
  } catch {
    renderBoot(root, i18n, true, () => void start(root, i18n));
    return;
  }

  applyBrandColors(config.branding.backgroundColor);
  const queryClient = createAppQueryClient();
  const loaderStore = createLoaderStore(queryClient);
  const router = createAppRouter();
  startRefreshTimer();
  // A refused refresh ends the session: back to login (the provider login from a provider screen),
  // returning here afterwards.
  onSessionLost(() => {
    const next = loginAfterSessionLost(`${window.location.pathname}${window.location.search}`);
    clearAppStorage();
    queryClient.clear();
    rememberUrlAfterLogin(next.urlAfterLogin);
    void router.navigate(next.to, { replace: true });
  });

  root.render(
    <StrictMode>
      <AppProviders config={config} i18n={i18n} queryClient={queryClient} loaderStore={loaderStore}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

const element = document.getElementById('root');
if (element) {
  const root = createRoot(element);
  void initI18n().then((i18n) => {
    // spec 1 §9: a start that rendered nothing 100 ms later reloads the page (once per tab session).
    // Counted from here, not from the script's first line, so a slow language catalogue is no failure.
    watchForOutlet();
    return start(root, i18n);
  });
}
