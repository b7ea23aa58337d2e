import fs from 'node:fs';
import path from 'node:path';

// Decision 0068: the page a browser opens carries the links to every file its first screen needs, so
// they are fetched beside the entry instead of one round trip after another. The web build lists them
// by path prefix (apps/web/build-plugins/first-page-preloads.ts, first-page-preloads.json); this module
// writes them into index.html once at start, one page per prefix.

const PRELOADS_FILE = 'first-page-preloads.json';

interface PreloadRoute {
  prefix: string;
  scripts: string[];
  styles: string[];
}

/** Only our own hashed files go into the page: the list comes from the build, but a link is a link. */
const ASSET_URL = /^\/assets\/[\w.-]+\.(?:js|css)$/;

function isPreloadRoute(value: unknown): value is PreloadRoute {
  if (typeof value !== 'object' || value === null) {
    return false;
  }
  const route = value as Record<string, unknown>;
  const urls = (list: unknown) =>
    Array.isArray(list) && list.every((item) => typeof item === 'string' && ASSET_URL.test(item));
  return typeof route.prefix === 'string' && urls(route.scripts) && urls(route.styles);
}

function readRoutes(webDistDir: string): PreloadRoute[] {
  const file = path.join(webDistDir, PRELOADS_FILE);
  if (!fs.existsSync(file)) {
    return [];
  }
  const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  const routes = (parsed as { routes?: unknown }).routes;
  if (!Array.isArray(routes) || !routes.every(isPreloadRoute)) {
    throw new Error(`${file} is not a list of first-page preloads; rebuild the web app.`);
  }
  return [...routes].sort((a, b) => b.prefix.length - a.prefix.length);
}

function withLinks(html: string, route: PreloadRoute): string {
  const links = [
    // Low priority: needed once the app has started, after the boot screen's first paint (the web
    // build's first-page-preloads.ts says why).
    ...route.scripts.map((url) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${url}">`),
    // Fetched, not applied: the boot screen paints without waiting for them, and the screen's chunk
    // applies them from the cache when it loads (Vite's preload helper adds the stylesheet link).
    ...route.styles.map(
      (url) => `<link rel="preload" as="style" fetchpriority="low" crossorigin href="${url}">`,
    ),
  ];
  if (links.length === 0) {
    return html;
  }
  return html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
}

export interface FirstPageHtml {
  /** index.html with the preloads of the longest prefix `pathname` starts with. */
  pageFor(pathname: string): string;
}

/** Reads the built index.html and its preload list once; answers every screen path from memory. */
export function loadFirstPageHtml(webDistDir: string): FirstPageHtml {
  const template = fs.readFileSync(path.join(webDistDir, 'index.html'), 'utf8');
  const pages = readRoutes(webDistDir).map((route) => ({
    prefix: route.prefix,
    html: withLinks(template, route),
  }));
  return {
    pageFor(pathname) {
      return pages.find((page) => pathname.startsWith(page.prefix))?.html ?? template;
    },
  };
}
