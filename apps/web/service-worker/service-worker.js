// The app's one service worker (docs/decisions/0038-installable-app.md): it keeps the app shell so the
// installed app starts, and says it is offline, without a connection; and it shows Web Push
// notifications (decision 0013, the handlers imported below). It never stores what the API answers:
// health data stays on the server and in the page's memory.
/* global self, caches, importScripts */

// Written by the build (service-worker-plugin.ts): a version and the app shell's files. null outside a
// build (the Vite dev server): push only, no shell, no request handled.
const BUILD = /*__APP_SHELL_BUILD__*/ null;

importScripts('/push-service-worker.js');

const CACHE_PREFIX = 'care-portal-shell-';
const CACHE_NAME = CACHE_PREFIX + (BUILD ? BUILD.version : 'dev');
/** The shell is cached under the root: the server answers every screen of the app with it. */
const SHELL_KEY = '/';
const SHELL_FILES = new Set(BUILD ? BUILD.shell : []);

/**
 * Network only, never answered from or written to a cache: the API and everything with health data
 * (files are served under /api), sign-in, the dev outbox, the socket, and what the server writes per
 * deployment (manifest, icons).
 */
const NETWORK_ONLY_PREFIXES = [
  '/api/',
  '/public/',
  '/oauth/',
  '/dev/',
  '/ws',
  '/healthz',
  '/manifest.webmanifest',
  '/app-icons/',
  '/mediapipe/',
];

function isNetworkOnly(pathname) {
  return NETWORK_ONLY_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

// Last resort when the shell is not in the cache (storage cleared by the browser): still a page, not
// the browser's error. The shell normally answers (see the boot screen's offline state).
const OFFLINE_FALLBACK_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<meta http-equiv="refresh" content="15"><title>Offline</title>' +
  '<style>body{margin:0;font-family:system-ui,sans-serif;color:#1a1b1e;display:flex;' +
  'min-height:100vh;align-items:center;justify-content:center;text-align:center;padding:1rem}' +
  'h1{font-size:1.75rem;margin:0 0 1rem}</style></head><body><main>' +
  '<h1>You are offline</h1><p>The portal cannot be reached right now. ' +
  'This page tries again by itself every few seconds.</p></main></body></html>';

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      if (BUILD) {
        const cache = await caches.open(CACHE_NAME);
        // Revalidated with the server: the shell must be this build's, not a copy from the HTTP cache.
        await cache.addAll(BUILD.shell.map((url) => new Request(url, { cache: 'no-cache' })));
      }
      // The push-only worker of earlier versions controls no request: replacing it at once breaks
      // nothing. Any other older worker keeps its open pages until they close (no skipWaiting).
      const active = self.registration.active;
      if (active && new URL(active.scriptURL).pathname === '/push-service-worker.js') {
        await self.skipWaiting();
      }
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME)
          .map((name) => caches.delete(name)),
      );
      if (BUILD && self.registration.navigationPreload) {
        // Screens load from the network while the worker starts, instead of after it.
        await self.registration.navigationPreload.enable();
      }
      // The page that installed the worker works offline from now on, without a reload.
      await self.clients.claim();
    })(),
  );
});

/** Network first; without a network, the cached shell (which shows the offline screen). */
async function answerNavigation(event) {
  try {
    const preloaded = await event.preloadResponse;
    return preloaded || (await fetch(event.request));
  } catch {
    const cache = await caches.open(CACHE_NAME);
    const shell = await cache.match(SHELL_KEY);
    return (
      shell ||
      new Response(OFFLINE_FALLBACK_HTML, {
        status: 200,
        headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
      })
    );
  }
}

/** A file of the shell (content-hashed, so never stale): from the cache, else from the network. */
async function answerShellFile(request, pathname) {
  const cache = await caches.open(CACHE_NAME);
  const cached = await cache.match(pathname);
  return cached || fetch(request);
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (!BUILD || request.method !== 'GET') {
    return;
  }
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isNetworkOnly(url.pathname)) {
    // Not answered here: the browser fetches it as if there were no worker.
    return;
  }
  if (request.mode === 'navigate') {
    event.respondWith(answerNavigation(event));
    return;
  }
  if (url.pathname !== SHELL_KEY && SHELL_FILES.has(url.pathname)) {
    event.respondWith(answerShellFile(request, url.pathname));
  }
});
