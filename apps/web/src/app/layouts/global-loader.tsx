import { createContext, useContext, useSyncExternalStore } from 'react';
import { useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LoaderStore } from '../../lib/loader/loader-store.ts';

export const LoaderStoreContext = createContext<LoaderStore | null>(null);

const idleStore: LoaderStore = {
  subscribe: () => () => undefined,
  getSnapshot: () => false,
  dispose: () => undefined,
};

/** spec 1 §2, §7: the global loader, for requests (minus the excluded list) and route changes. */
export function GlobalLoader() {
  const { t } = useTranslation();
  const store = useContext(LoaderStoreContext) ?? idleStore;
  const requests = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const navigating = useNavigation().state !== 'idle';
  if (!requests && !navigating) {
    return null;
  }
  return <div className="app-loader" role="progressbar" aria-label={t('loader.label')} />;
}
