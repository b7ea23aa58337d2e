import type { Plugin } from 'vite';
import { chunkOfModule, chunksOf, entryChunk, staticClosure, type BundleEntry } from './bundle-closure.ts';

// Issue 18 / issue 20 item 1 (decision 0068): a page's code used to arrive in a chain. The entry ran,
// then asked for the area's layout and the screen, which then asked for the chunks they import; on a
// phone every link of the chain costs a round trip. The build lists, for the pages people open first,
// every file their first screen needs, and the server writes them into the page as
// <link rel="modulepreload"> and stylesheets (apps/server/src/platform/first-page-html.ts), so the
// browser fetches them beside the entry. Preloading only fetches: the router still decides what runs.

/** Written beside index.html; read by the server. */
export const FIRST_PAGE_PRELOADS_FILE = 'first-page-preloads.json';

export interface FirstPagePreloads {
  /** Longest prefix first; a path takes the first entry it starts with. */
  routes: { prefix: string; scripts: string[]; styles: string[] }[];
}

/**
 * A module the page fetches at once but needs only after its first paint: at low priority, so the
 * stylesheet and the boot screen's own files come first (and Lighthouse's simulation, which counts
 * every high-priority script fetched before the first paint as blocking it, agrees).
 */
export function preloadLink(url: string): string {
  return `<link rel="modulepreload" fetchpriority="low" crossorigin href="${url}">`;
}

/** main.tsx imports the app's start after the first paint; every page fetches it beside the entry. */
export const START_MODULE = '/src/app/start-app.tsx';

/**
 * The modules a page's first screen loads at start, by path prefix. A prefix ending in '/' covers an
 * area; a full path adds its screen. Modules are the targets of the router's dynamic imports
 * (app/router.tsx, app/public-screens.ts, app/signed-in-routes.tsx); the build fails when one is
 * missing, so a renamed screen cannot leave a stale entry behind.
 */
export const FIRST_PAGE_MODULES: Record<string, readonly string[]> = {
  '/guest/': ['/src/app/layouts/guest-layout.tsx'],
  '/guest/login': ['/src/features/auth/components/login-page.tsx'],
  '/guest/provider-login': ['/src/features/auth/components/provider-login-page.tsx'],
  '/guest/landing': ['/src/features/auth/components/landing-page.tsx'],
  '/user/': ['/src/app/layouts/user-layout.tsx', '/src/app/signed-in-routes.tsx'],
  '/user/appointment': [
    '/src/features/appointments/components/appointment-list-page.tsx',
    '/src/features/appointments/home-prefetch.ts',
    '/src/features/appointments/i18n/catalogue.ts',
  ],
  '/provider/': [
    '/src/app/layouts/provider-layout.tsx',
    '/src/app/signed-in-routes.tsx',
    '/src/features/provider-shell/i18n/catalogue.ts',
  ],
};

/** The area a full path belongs to ('/guest/login' → '/guest/'), whose modules it needs too. */
function areaOf(prefix: string): string | null {
  const area = prefix.match(/^\/[^/]+\//)?.[0];
  return area && area !== prefix ? area : null;
}

export function firstPagePreloads(
  bundle: Record<string, BundleEntry>,
  modules: Record<string, readonly string[]> = FIRST_PAGE_MODULES,
): FirstPagePreloads {
  const chunks = chunksOf(bundle);
  const entry = entryChunk(bundle);
  if (!entry) {
    throw new Error('The build has no index.html entry: no first-page preloads can be listed.');
  }
  const routes = Object.keys(modules).map((prefix) => {
    // What index.html loads already (the entry and the app's start) is left out.
    const known = new Set<string>();
    staticClosure(chunks, entry, known);
    const start = chunkOfModule(chunks, START_MODULE);
    if (start) {
      staticClosure(chunks, start, known);
    }
    const scripts: string[] = [];
    const styles: string[] = [];
    const area = areaOf(prefix);
    for (const module of [...(area ? (modules[area] ?? []) : []), ...(modules[prefix] ?? [])]) {
      const chunk = chunkOfModule(chunks, module);
      if (!chunk) {
        throw new Error(`First-page preloads: no chunk holds ${module} (listed for ${prefix}).`);
      }
      const files = staticClosure(chunks, chunk, known);
      scripts.push(...files.scripts.map((file) => `/${file}`));
      styles.push(...files.styles.map((file) => `/${file}`));
    }
    return { prefix, scripts, styles };
  });
  routes.sort((a, b) => b.prefix.length - a.prefix.length);
  return { routes };
}

function preloadStart(html: string, bundle: Record<string, BundleEntry>): string {
  const chunks = chunksOf(bundle);
  const entry = entryChunk(bundle);
  const start = chunkOfModule(chunks, START_MODULE);
  if (!entry || !start) {
    throw new Error(`First-page preloads: the build has no entry or no chunk for ${START_MODULE}.`);
  }
  const known = new Set<string>();
  staticClosure(chunks, entry, known);
  const { scripts } = staticClosure(chunks, start, known);
  const links = scripts.map((file) => preloadLink(`/${file}`));
  return html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
}

/**
 * The web font every page draws its text with, preloaded from index.html: otherwise the browser asks
 * for it only once the first screen has rendered text, one more round trip before the page settles.
 */
function preloadFont(html: string, bundle: Record<string, BundleEntry>): string {
  const font = Object.values(bundle).find(
    (file) => file.type === 'asset' && /inter-latin-wght-normal-[\w-]+\.woff2$/.test(file.fileName),
  );
  if (!font) {
    throw new Error('First-page preloads: the Inter latin font is not in the build.');
  }
  const link = `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${font.fileName}">`;
  return html.replace('</head>', `    ${link}\n  </head>`);
}

export function firstPagePreloadsPlugin(): Plugin {
  return {
    name: 'first-page-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle as Record<string, BundleEntry> | undefined;
        return bundle ? preloadFont(preloadStart(html, bundle), bundle) : html;
      },
    },
    generateBundle(_options, bundle) {
      this.emitFile({
        type: 'asset',
        fileName: FIRST_PAGE_PRELOADS_FILE,
        source: JSON.stringify(firstPagePreloads(bundle), null, 2),
      });
    },
  };
}
