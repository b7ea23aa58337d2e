import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import type { AppConfig } from '@app/contracts/variants';
import type { LoaderStore } from '../lib/loader/loader-store.ts';
import { AppConfigContext } from '../lib/variant/app-config.ts';
import { LoaderStoreContext } from './layouts/global-loader.tsx';

interface AppProvidersProps {
  config: AppConfig;
  i18n: I18n;
  queryClient: QueryClient;
  loaderStore: LoaderStore;
  children: ReactNode;
}

/** App-wide providers. Mantine's provider is per area (layouts/mantine-scope.tsx, decision 0006). */
export function AppProviders({ config, i18n, queryClient, loaderStore, children }: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <LoaderStoreContext value={loaderStore}>
          <AppConfigContext value={config}>{children}</AppConfigContext>
        </LoaderStoreContext>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
