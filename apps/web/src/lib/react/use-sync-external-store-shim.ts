// react-i18next imports useSyncExternalStore from the 'use-sync-external-store/shim' package, a
// polyfill for React versions before 18. React 19 has it built in; vite.config.ts points the shim here
// so the first page does not carry the polyfill (decision 0056).
export { useSyncExternalStore } from 'react';
