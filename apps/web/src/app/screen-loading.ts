import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { appQueryClient } from '../lib/api/query-client.ts';

export type LazyComponent = () => Promise<{ Component: ComponentType }>;
export type LoadTexts = () => Promise<void>;

/** A screen whose feature texts are not in the first page's catalogue: both load before it renders. */
export function withTexts(screen: LazyComponent, ...texts: LoadTexts[]): LazyComponent {
  return () => Promise.all([screen(), ...texts.map((load) => load())]).then(([route]) => route);
}

/** Starts a screen's requests in the app's query client (a module of its own, loaded lazily). */
export type LoadPrefetch = () => Promise<(client: QueryClient) => void>;

/**
 * A screen whose data is asked for while its code loads: the prefetch module (small) starts the
 * screen's requests and is not waited for, so the answers and the screen's code travel side by side
 * instead of one after the other (issue 18).
 */
export function withPrefetch(screen: LazyComponent, loadPrefetch: LoadPrefetch): LazyComponent {
  return () => {
    const client = appQueryClient();
    if (client) {
      void loadPrefetch()
        .then((prefetch) => {
          prefetch(client);
        })
        .catch(() => undefined);
    }
    return screen();
  };
}

// Feature catalogues kept off the first page (decisions 0006, 0017).
export const recoveryTexts: LoadTexts = () =>
  import('../features/recovery/i18n/catalogue.ts').then((m) => m.loadRecoveryCatalogue());
export const signUpTexts: LoadTexts = () =>
  import('../features/sign-up/i18n/catalogue.ts').then((m) => m.loadSignUpCatalogue());
export const providerRegistrationTexts: LoadTexts = () =>
  import('../features/provider-registration/i18n/catalogue.ts').then((m) =>
    m.loadProviderRegistrationCatalogue(),
  );
export const providerShellTexts: LoadTexts = () =>
  import('../features/provider-shell/i18n/catalogue.ts').then((m) => m.loadProviderShellCatalogue());
export const videoCallTexts: LoadTexts = () =>
  import('../features/video-call/i18n/catalogue.ts').then((m) => m.loadVideoCallCatalogue());
export const checkInTexts: LoadTexts = () =>
  import('../features/check-in/i18n/catalogue.ts').then((m) => m.loadCheckInCatalogue());

// One lazy chunk per screen and per area layout: /guest/login loads only what it shows.
