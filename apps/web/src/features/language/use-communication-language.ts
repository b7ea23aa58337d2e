import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@app/contracts/auth';
import { switchLanguage } from '../../lib/i18n/i18n.ts';
import { CURRENT_USER_PATH, useCurrentUser } from '../auth/api/get-current-user.ts';
import { patchCommunicationLanguage } from './api/patch-communication-language.ts';
import { communicationLanguageAction } from './communication-language.ts';

/**
 * spec 1 §4, run by the signed-in layouts: a patient's app language is sent to the server whenever
 * it differs from the stored one (at login and after each change); a provider gets the stored
 * language once per login, and may still switch for the session afterwards.
 */
export function useCommunicationLanguage(): void {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const appliedFor = useRef<string | null>(null);
  const appLanguage = i18n.language;

  useEffect(() => {
    if (!user) {
      return;
    }
    if (user.memberType === 'doctor' && appliedFor.current === user.id) {
      return;
    }
    const action = communicationLanguageAction(
      user.memberType,
      appLanguage,
      user.communicationLanguage.isoCode,
    );
    appliedFor.current = user.id;
    switch (action.kind) {
      case 'none':
        return;
      case 'apply':
        void switchLanguage(i18n, action.language);
        return;
      case 'patch':
        patchCommunicationLanguage(user.id, action.language)
          .then(() => {
            queryClient.setQueryData<CurrentUser>([CURRENT_USER_PATH], (current) =>
              current ? { ...current, communicationLanguage: { isoCode: action.language } } : current,
            );
          })
          // Tried again at the next login or language change.
          .catch(() => undefined);
        return;
    }
  }, [user, appLanguage, i18n, queryClient]);
}
