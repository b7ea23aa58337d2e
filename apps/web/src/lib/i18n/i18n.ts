import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCAL_KEYS } from '../storage/storage-keys.ts';
import { readItem, writeItem } from '../storage/browser-storage.ts';
import { en } from './en.ts';

export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
/** spec 1 §9: default locale en. */
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: string | null): value is Language {
  return value !== null && (LANGUAGES as readonly string[]).includes(value);
}

export function storedLanguage(): Language {
  const stored = readItem('local', LOCAL_KEYS.language);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

/**
 * Texts of a group of screens, loaded with those screens rather than with the first page
 * (decisions 0006, 0017): English comes with the feature's code, Spanish is fetched when shown. A
 * feature either has its own namespace (useTranslation('booking')) or adds its keys to the default
 * 'translation' namespace (the screens of issues 2-3, whose keys are typed there).
 */
export interface FeatureCatalogue {
  name: string;
  namespace: FeatureNamespace | 'translation';
  en: Record<string, string>;
  es: () => Promise<Record<string, string>>;
}
export type FeatureNamespace =
  | 'healthCard'
  | 'booking'
  | 'appointments'
  | 'checkIn'
  | 'demographics'
  | 'vitals'
  | 'health'
  | 'payments'
  | 'insurance'
  | 'documents'
  | 'myDocuments'
  | 'questionnaires'
  | 'providerShell'
  | 'providerSchedule'
  | 'messaging'
  | 'patients'
  | 'insuranceReview'
  | 'family'
  | 'clinics'
  | 'providerAdmin'
  | 'videoCall'
  | 'voiceCalls'
  | 'audit';

const featureCatalogues = new Map<string, FeatureCatalogue>();
/** `${instance language}:${catalogue name}` of the catalogues already added to the active instance. */
const addedCatalogues = new Set<string>();
/** The instance initI18n made; feature catalogues registered later are added to it. */
let activeInstance: I18n | null = null;

async function ensureFeatureCatalogue(
  instance: I18n,
  language: Language,
  catalogue: FeatureCatalogue,
): Promise<void> {
  const languages: Language[] = language === 'es' ? ['en', 'es'] : ['en'];
  for (const lang of languages) {
    const added = `${lang}:${catalogue.name}`;
    if (addedCatalogues.has(added)) {
      continue;
    }
    const texts = lang === 'es' ? await catalogue.es() : catalogue.en;
    instance.addResourceBundle(lang, catalogue.namespace, texts, true, false);
    addedCatalogues.add(added);
  }
}

async function ensureCatalogue(instance: I18n, language: Language): Promise<void> {
  if (language === 'es' && !instance.hasResourceBundle('es', 'translation')) {
    // Spanish is fetched only by those who use it, keeping the first page light.
    const { es } = await import('./es.ts');
    instance.addResourceBundle('es', 'translation', es);
  }
  await Promise.all(
    [...featureCatalogues.values()].map((catalogue) => ensureFeatureCatalogue(instance, language, catalogue)),
  );
}

/** Called by a feature's screens before they render (the router awaits it in the route's lazy()). */
export async function loadFeatureCatalogue(catalogue: FeatureCatalogue): Promise<void> {
  featureCatalogues.set(catalogue.name, catalogue);
  if (activeInstance) {
    const language = isLanguage(activeInstance.language) ? activeInstance.language : DEFAULT_LANGUAGE;
    await ensureFeatureCatalogue(activeInstance, language, catalogue);
  }
}

function followLanguage(language: string): void {
  // WCAG 3.1.1: the page's lang attribute follows the language shown.
  document.documentElement.lang = language;
}

export async function initI18n(language: Language = storedLanguage()): Promise<I18n> {
  const instance = i18next.createInstance();
  instance.use(initReactI18next);
  await instance.init({
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    resources: { en: { translation: en } },
    keySeparator: false,
    nsSeparator: false,
    // React escapes text already.
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
  instance.on('languageChanged', followLanguage);
  activeInstance = instance;
  addedCatalogues.clear();
  await ensureCatalogue(instance, language);
  await instance.changeLanguage(language);
  followLanguage(instance.language);
  return instance;
}

export async function switchLanguage(instance: I18n, language: Language): Promise<void> {
  await ensureCatalogue(instance, language);
  writeItem('local', LOCAL_KEYS.language, language);
  await instance.changeLanguage(language);
}
