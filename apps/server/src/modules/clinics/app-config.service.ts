import { CLIENT_IDS } from '@app/contracts/session';
import {
  DEFAULT_APP_NAME,
  DEFAULT_BRAND_BACKGROUND,
  type AppConfig,
  type AppVariant,
  type Branding,
} from '@app/contracts/variants';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { findFirstClinicBranding } from './clinics.repository.ts';

type VariantDefaults = Omit<AppConfig, 'variant' | 'branding' | 'devOutbox'>;

/** What every patient app starts with: a guest before login, the password grant, no provider extras. */
const PATIENT_APP: VariantDefaults = {
  appName: DEFAULT_APP_NAME,
  defaultRole: 'guest',
  grantType: 'password',
  clientId: CLIENT_IDS.portal,
  features: {
    signUp: true,
    biometricLogin: false,
    liveChat: false,
    productTour: false,
    credentialRecoverySelect: true,
  },
};

/** What every provider app starts with: the provider role and the doctor-username grant. */
const PROVIDER_APP: VariantDefaults = {
  appName: 'CareManager',
  defaultRole: 'provider',
  grantType: 'doctor_username',
  clientId: CLIENT_IDS.portal,
  features: {
    signUp: false,
    biometricLogin: false,
    liveChat: false,
    productTour: false,
    credentialRecoverySelect: false,
  },
};

/**
 * spec 1 §1, §2, §6: what each variant starts with. The reasoning for each value is in
 * docs/decisions/0002-variant-defaults.md and 0037.
 */
export const VARIANT_DEFAULTS: Record<AppVariant, VariantDefaults> = {
  'care-plan': PATIENT_APP,
  // spec 1 §1, §6: biometric login, the live-chat widget and the product tour exist only here.
  'care-manager': {
    ...PROVIDER_APP,
    features: { ...PROVIDER_APP.features, biometricLogin: true, liveChat: true, productTour: true },
  },
  'check-in': { ...PATIENT_APP, appName: 'Check-In', features: { ...PATIENT_APP.features, signUp: false } },
  // spec 1 §1, §2, spec 2 §2 (decision 0037): the app quick links open. Patients arrive by link, so
  // there is no sign-up; the landing says to open the link, with a login for those who have one. The
  // name is the patient app's: "quick link" names how people arrive, not a brand they know.
  'quick-link': { ...PATIENT_APP, features: { ...PATIENT_APP.features, signUp: false } },
  // spec 1 §1, §2 (decision 0037): a care-plan app under its own name; sign-up always ends at
  // /user/unitedmd-schedule.
  unitedmd: { ...PATIENT_APP, appName: 'UnitedMD' },
  // spec 3 §1, §2, §6 (decision 0037): a provider app like Care Manager, with the appointment provider
  // filter; biometric login, live chat and the product tour stay Care Manager's (spec 1 §1 "only").
  'womens-healthcare': { ...PROVIDER_APP, appName: "Women's Health" },
  // spec 1 §1, spec 3 §2 (decision 0046): the provider app inside a browser extension. Its differences
  // are behaviour, not defaults: Open in Browser in the menu, the roadmap on its own route, the chat
  // closing on resize and the SSO message to the extension (browserExtensionOrigin below).
  'browser-extension': PROVIDER_APP,
};

/** Decision 0046: the extension's origin, only in the browser-extension app and when configured. */
export function browserExtensionOrigin(env: Env): string | undefined {
  return env.APP_VARIANT === 'browser-extension' ? env.BROWSER_EXTENSION_ORIGIN : undefined;
}

/** spec 1 §1: company branding, with the default background when the clinic sets none. */
export async function readBranding(db: Db): Promise<Branding> {
  const clinic = await findFirstClinicBranding(db);
  return {
    logo: clinic?.logo ?? null,
    backgroundColor: clinic?.backgroundColor ?? DEFAULT_BRAND_BACKGROUND,
    checkInFlowColor: clinic?.checkInFlowColor ?? null,
  };
}

/**
 * spec 1 §1, §4 (decision 0016): the external scripts this deployment loads — only where the
 * variant has the feature and only when configured. The CSP allows exactly these origins.
 */
export function externalScripts(env: Env): { chatWidgetScriptUrl?: string; productTourScriptUrl?: string } {
  const { features } = VARIANT_DEFAULTS[env.APP_VARIANT];
  return {
    ...(features.liveChat && env.CHAT_WIDGET_SCRIPT_URL
      ? { chatWidgetScriptUrl: env.CHAT_WIDGET_SCRIPT_URL }
      : {}),
    ...(features.productTour && env.PRODUCT_TOUR_SCRIPT_URL
      ? { productTourScriptUrl: env.PRODUCT_TOUR_SCRIPT_URL }
      : {}),
  };
}

/** The origins of the configured external scripts, for script-src and connect-src. */
export function externalScriptOrigins(env: Env): string[] {
  const urls = Object.values(externalScripts(env));
  return [...new Set(urls.map((url) => new URL(url).origin))];
}

export async function buildAppConfig(env: Env, db: Db): Promise<AppConfig> {
  return {
    variant: env.APP_VARIANT,
    ...VARIANT_DEFAULTS[env.APP_VARIANT],
    appName: env.APP_NAME ?? VARIANT_DEFAULTS[env.APP_VARIANT].appName,
    branding: await readBranding(db),
    devOutbox: env.NODE_ENV !== 'production',
    // Only when configured: the web shows no link otherwise.
    ...(env.PATIENT_PORTAL_URL ? { patientPortalUrl: env.PATIENT_PORTAL_URL } : {}),
    ...externalScripts(env),
    ...(browserExtensionOrigin(env) ? { browserExtensionOrigin: browserExtensionOrigin(env) } : {}),
  };
}
