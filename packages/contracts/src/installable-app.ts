import { z } from 'zod';

// Issue 16 item 4, docs/decisions/0038-installable-app.md: the installable web app is our answer to
// spec 1 §1's native apps. The server writes the web app manifest and draws the icons from the
// variant's configuration and the clinic's branding.

export const WEB_APP_MANIFEST_PATH = '/manifest.webmanifest';
export const APP_ICONS_PATH = '/app-icons/';

/** The one service worker of the app (app shell, offline start, Web Push), at the root so its scope is '/'. */
export const SERVICE_WORKER_URL = '/service-worker.js';

/**
 * The icon files the server draws: `any` icons are a rounded tile, `maskable` ones fill the square and
 * keep the picture in the safe zone (the inner 80 % circle) so a launcher can cut any shape out of them.
 */
export const APP_ICON_FILES = {
  'icon.svg': { size: 0, purpose: 'any' },
  'icon-192.png': { size: 192, purpose: 'any' },
  'icon-512.png': { size: 512, purpose: 'any' },
  'maskable-192.png': { size: 192, purpose: 'maskable' },
  'maskable-512.png': { size: 512, purpose: 'maskable' },
  // iOS ignores manifest icons and rounds the corners itself: a full square, like a maskable icon.
  'apple-touch-icon.png': { size: 180, purpose: 'maskable' },
} as const;
export type AppIconFile = keyof typeof APP_ICON_FILES;

export function isAppIconFile(name: string): name is AppIconFile {
  return Object.hasOwn(APP_ICON_FILES, name);
}

const manifestIconSchema = z.object({
  src: z.string().startsWith(APP_ICONS_PATH),
  sizes: z.string().regex(/^(any|\d+x\d+)$/),
  type: z.enum(['image/png', 'image/svg+xml']),
  purpose: z.enum(['any', 'maskable']),
});

const hexColorSchema = z.string().regex(/^#[0-9a-f]{6}$/);

/** The fields of the W3C Web App Manifest we write (https://www.w3.org/TR/appmanifest/). */
export const webAppManifestSchema = z.object({
  id: z.string().startsWith('/'),
  name: z.string().min(1),
  short_name: z.string().min(1),
  description: z.string(),
  lang: z.string(),
  dir: z.enum(['ltr', 'rtl', 'auto']),
  start_url: z.string().startsWith('/'),
  scope: z.literal('/'),
  display: z.literal('standalone'),
  theme_color: hexColorSchema,
  background_color: hexColorSchema,
  categories: z.array(z.string()),
  prefer_related_applications: z.literal(false),
  icons: z.array(manifestIconSchema).min(1),
});
export type WebAppManifest = z.infer<typeof webAppManifestSchema>;
