import type { LoginResult } from '@app/contracts/auth';
import { LOCAL_KEYS } from '../storage/storage-keys.ts';
import { readItem, writeItem } from '../storage/browser-storage.ts';

export const APP_FLOWS = ['default', 'on-fly', 'check-in'] as const;
export type AppFlow = (typeof APP_FLOWS)[number];

function isAppFlow(value: string | null): value is AppFlow {
  return value !== null && (APP_FLOWS as readonly string[]).includes(value);
}

export function storedAppFlow(): AppFlow {
  const value = readItem('local', LOCAL_KEYS.appFlow);
  return isAppFlow(value) ? value : 'default';
}

/**
 * spec 1 §4: after login the app flow goes back to default, unless it is on-fly; a check-in flow is
 * reset only when the person is not in the middle of it (under /user/questionnaire/ or /user/task/).
 */
export function appFlowAfterLogin(current: AppFlow, currentPath: string): AppFlow {
  switch (current) {
    case 'on-fly':
      return 'on-fly';
    case 'check-in':
      return currentPath.startsWith('/user/questionnaire/') || currentPath.startsWith('/user/task/')
        ? 'check-in'
        : 'default';
    case 'default':
      return 'default';
  }
}

export interface LoginDataContext {
  /** A two-factor step is still open: spec 1 §4 says nothing is processed then. */
  twoFactorPending: boolean;
  currentPath: string;
}

/**
 * spec 1 §4 login-data handling: stores id and memberType and resets the app flow.
 * Returns false when nothing was processed because a two-factor login is in progress.
 */
export function processLoginData(user: LoginResult, context: LoginDataContext): boolean {
  if (context.twoFactorPending) {
    return false;
  }
  writeItem('local', LOCAL_KEYS.id, user.id);
  writeItem('local', LOCAL_KEYS.memberType, user.memberType);
  writeItem('local', LOCAL_KEYS.appFlow, appFlowAfterLogin(storedAppFlow(), context.currentPath));
  return true;
}
