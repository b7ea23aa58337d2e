import { createContext, useContext } from 'react';
import type { AppConfig, AppVariant } from '@app/contracts/variants';

// spec 1 §1: one build serves every variant; the server's configuration decides the variant, default
// role, grant type, features and branding. It is read once, before the router renders.

let loaded: AppConfig | null = null;

/** The contract's APP_VARIANTS, spelt out so the first page does not load zod (a test keeps them equal). */
export const KNOWN_VARIANTS: readonly AppVariant[] = [
  'care-plan',
  'care-manager',
  'check-in',
  'quick-link',
  'unitedmd',
  'womens-healthcare',
  'browser-extension',
];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks the shape of GET /public/app-config. The server answers through appConfigSchema already;
 * the app checks the fields it relies on by hand instead of parsing with zod, so the first page does
 * not load zod (docs/decisions/0006-web-first-page-budget.md).
 */
export function isAppConfig(value: unknown): value is AppConfig {
  if (!isRecord(value) || !isRecord(value.features) || !isRecord(value.branding)) {
    return false;
  }
  const { features, branding } = value;
  const optionalText = (field: unknown) => field === undefined || typeof field === 'string';
  const flags = ['signUp', 'biometricLogin', 'liveChat', 'productTour', 'credentialRecoverySelect'];
  return (
    KNOWN_VARIANTS.some((variant) => variant === value.variant) &&
    typeof value.appName === 'string' &&
    (value.defaultRole === 'guest' || value.defaultRole === 'user' || value.defaultRole === 'provider') &&
    (value.grantType === 'password' || value.grantType === 'doctor_username') &&
    typeof value.clientId === 'string' &&
    flags.every((flag) => typeof features[flag] === 'boolean') &&
    (branding.logo === null || typeof branding.logo === 'string') &&
    typeof branding.backgroundColor === 'string' &&
    (branding.checkInFlowColor === null || typeof branding.checkInFlowColor === 'string') &&
    typeof value.devOutbox === 'boolean' &&
    optionalText(value.chatWidgetScriptUrl) &&
    optionalText(value.productTourScriptUrl) &&
    optionalText(value.browserExtensionOrigin)
  );
}

export async function fetchAppConfig(signal?: AbortSignal): Promise<AppConfig> {
  const response = await fetch('/public/app-config', { headers: { accept: 'application/json' }, signal });
  if (!response.ok) {
    throw new Error(`GET /public/app-config answered ${response.status}`);
  }
  const body: unknown = await response.json();
  if (!isAppConfig(body)) {
    throw new Error('GET /public/app-config answered in an unexpected shape.');
  }
  loaded = body;
  return body;
}

/** For code outside React (token refresh, logout) that needs the client id or variant. */
export function loadedAppConfig(): AppConfig {
  if (!loaded) {
    throw new Error('The app configuration has not been loaded yet.');
  }
  return loaded;
}

/** Tests and the bootstrap set the configuration directly. */
export function setLoadedAppConfig(config: AppConfig): void {
  loaded = config;
}

export const AppConfigContext = createContext<AppConfig | null>(null);

export function useAppConfig(): AppConfig {
  const config = useContext(AppConfigContext);
  if (!config) {
    throw new Error('useAppConfig needs the AppConfigContext provider.');
  }
  return config;
}
