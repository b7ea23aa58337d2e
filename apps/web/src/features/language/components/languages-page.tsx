import { useState, type SubmitEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@app/contracts/auth';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { LANGUAGES, switchLanguage, type Language } from '../../../lib/i18n/i18n.ts';
import { readItem } from '../../../lib/storage/browser-storage.ts';
import { LOCAL_KEYS } from '../../../lib/storage/storage-keys.ts';
import { CURRENT_USER_PATH } from '../../auth/api/get-current-user.ts';
import { patchCommunicationLanguage } from '../api/patch-communication-language.ts';
import { isLanguage } from '../communication-language.ts';

/** Each language is named in itself, so a person who cannot read the current one still finds theirs. */
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español' };

/** spec 1 §2 patient side menu 'language' (/user/single/languages): choose, save, and the UI follows. */
export function LanguagesPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<Language>(isLanguage(i18n.language) ? i18n.language : 'en');
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const userId = readItem('local', LOCAL_KEYS.id);
    if (saving || !userId) {
      return;
    }
    setSaving(true);
    setSaved(false);
    setError(null);
    try {
      // Saved first, so the language shown is always the one the server keeps.
      await patchCommunicationLanguage(userId, choice);
      queryClient.setQueryData<CurrentUser>([CURRENT_USER_PATH], (current) =>
        current ? { ...current, communicationLanguage: { isoCode: choice } } : current,
      );
      await switchLanguage(i18n, choice);
      setSaved(true);
    } catch {
      setError(t('languages.error'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="app-stack">
      <PageTitle>{t('languages.title')}</PageTitle>
      <form className="app-stack" onSubmit={(event) => void submit(event)} noValidate>
        <FormMessage tone="error">{error}</FormMessage>
        <fieldset className="app-stack">
          <legend className="app-field__label">{t('languages.legend')}</legend>
          {LANGUAGES.map((language) => (
            <label key={language} className="app-text" lang={language}>
              <input
                type="radio"
                name="language"
                value={language}
                checked={choice === language}
                onChange={() => {
                  setChoice(language);
                  setSaved(false);
                }}
              />{' '}
              {LANGUAGE_NAMES[language]}
            </label>
          ))}
        </fieldset>
        <Button type="submit" loading={saving}>
          {t('languages.save')}
        </Button>
        <FormMessage tone="success">{saved ? t('languages.saved') : null}</FormMessage>
      </form>
    </div>
  );
}
