import type { AppConfig } from '@app/contracts/variants';
import {
  APP_ICON_FILES,
  APP_ICONS_PATH,
  type AppIconFile,
  type WebAppManifest,
} from '@app/contracts/installable-app';
import { normalizeBrandColor } from './app-icon.ts';

const MANIFEST_ICONS: readonly AppIconFile[] = [
  'icon-192.png',
  'icon-512.png',
  'maskable-192.png',
  'maskable-512.png',
  'icon.svg',
];

/** Launchers cut long names; past this length the short name is the name's first word. */
const SHORT_NAME_MAX = 12;

/**
 * Where the installed app opens. Provider apps open their schedule (the area's guard sends a signed-out
 * provider to the provider login and back); every other app opens the root, whose redirect picks the
 * screen of whoever is signed in (spec 1 §2: a patient's appointments, a guest's landing).
 */
export function startUrlOf(config: Pick<AppConfig, 'defaultRole'>): string {
  return config.defaultRole === 'provider' ? '/provider/appointment' : '/';
}

function shortNameOf(name: string): string {
  if (name.length <= SHORT_NAME_MAX) {
    return name;
  }
  const firstWord = name.split(/\s+/)[0] ?? name;
  return firstWord.length <= SHORT_NAME_MAX ? firstWord : name.slice(0, SHORT_NAME_MAX);
}

/** The web app manifest of this deployment: the variant's name and start, the clinic's colours. */
export function buildWebAppManifest(config: AppConfig): WebAppManifest {
  const brand = normalizeBrandColor(config.branding.backgroundColor);
  const name = config.appName.trim() || 'Care Portal';
  return {
    // One id for every variant of a deployment: the origin is the app (one server, one variant).
    id: '/',
    name,
    short_name: shortNameOf(name),
    description: 'Appointments, check-in, messages and video visits with your care team.',
    lang: 'en',
    dir: 'ltr',
    start_url: startUrlOf(config),
    // The app moves between the guest, patient and provider areas: the whole origin is its scope.
    scope: '/',
    display: 'standalone',
    theme_color: brand,
    background_color: brand,
    categories: ['health', 'medical'],
    prefer_related_applications: false,
    icons: MANIFEST_ICONS.map((file) => {
      const { size, purpose } = APP_ICON_FILES[file];
      return {
        src: `${APP_ICONS_PATH}${file}`,
        sizes: size === 0 ? 'any' : `${size}x${size}`,
        type: file.endsWith('.svg') ? ('image/svg+xml' as const) : ('image/png' as const),
        purpose,
      };
    }),
  };
}
