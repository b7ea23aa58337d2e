import vm from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import {
  serviceWorkerSource,
  shellOfBundle,
  type BundleEntry,
  type ShellBuild,
} from './service-worker-plugin.ts';

// The service worker's rules (decision 0038), run in a small stand-in for the worker's global scope:
// what it caches, what it answers, and what it must never touch.

const BUILD: ShellBuild = {
  version: 'v2',
  shell: ['/', '/assets/index-abc.js', '/assets/index-abc.css', '/assets/es-def.js'],
};
const ORIGIN = 'https://portal.example';

type Handler = (event: unknown) => void;

class FakeCache {
  readonly entries = new Map<string, Response>();
  put = vi.fn((key: string, response: Response) => {
    this.entries.set(key, response);
    return Promise.resolve();
  });
  async addAll(requests: Request[]): Promise<void> {
    for (const request of requests) {
      const response = await worker.network(request.url);
      this.entries.set(new URL(request.url).pathname, response);
    }
  }
  match(key: string): Promise<Response | undefined> {
    return Promise.resolve(this.entries.get(key)?.clone());
  }
}

/** The worker under test, with its fake network, caches and registration. */
let worker: ReturnType<typeof startWorker>;

function startWorker(build: ShellBuild | null, options: { activeScript?: string } = {}) {
  const handlers = new Map<string, Handler>();
  const caches = new Map<string, FakeCache>();
  const state = { online: true, fetched: [] as string[], imported: [] as string[] };
  const network = vi.fn((input: string | Request) => {
    const url = typeof input === 'string' ? input : input.url;
    state.fetched.push(new URL(url, ORIGIN).pathname);
    if (!state.online) {
      return Promise.reject(new TypeError('Failed to fetch'));
    }
    return Promise.resolve(new Response(`network ${new URL(url, ORIGIN).pathname}`, { status: 200 }));
  });
  const self = {
    location: new URL(`${ORIGIN}/service-worker.js`),
    registration: {
      active: options.activeScript ? { scriptURL: `${ORIGIN}${options.activeScript}` } : null,
      navigationPreload: { enable: vi.fn(() => Promise.resolve()) },
    },
    clients: { claim: vi.fn(() => Promise.resolve()) },
    skipWaiting: vi.fn(() => Promise.resolve()),
    addEventListener: (type: string, handler: Handler) => {
      handlers.set(type, handler);
    },
  };
  const cacheStorage = {
    open: (name: string) => {
      const cache = caches.get(name) ?? new FakeCache();
      caches.set(name, cache);
      return Promise.resolve(cache);
    },
    keys: () => Promise.resolve([...caches.keys()]),
    delete: (name: string) => Promise.resolve(caches.delete(name)),
  };
  const context = vm.createContext({
    self,
    caches: cacheStorage,
    fetch: (input: string | Request) =>
      network(typeof input === 'string' ? new URL(input, ORIGIN).href : input),
    importScripts: (url: string) => state.imported.push(url),
    Request: class extends Request {
      constructor(input: string, init?: RequestInit) {
        super(new URL(input, ORIGIN).href, init);
      }
    },
    Response,
    URL,
    Promise,
    Set,
    TypeError,
  });
  vm.runInContext(serviceWorkerSource(build), context);

  async function dispatch(type: string, extra: Record<string, unknown> = {}) {
    const waits: Promise<unknown>[] = [];
    let answer: Promise<Response> | null = null;
    handlers.get(type)?.({
      ...extra,
      waitUntil: (promise: Promise<unknown>) => waits.push(promise),
      respondWith: (promise: Promise<Response>) => {
        answer = promise;
      },
    });
    await Promise.all(waits);
    return answer as Promise<Response> | null;
  }

  return {
    self,
    caches,
    state,
    network: (url: string) => network(url),
    install: () => dispatch('install'),
    activate: () => dispatch('activate'),
    /** A fetch event; null when the worker leaves the request to the browser. */
    request: (
      path: string,
      init: { mode?: string; method?: string; preload?: Promise<Response | undefined> } = {},
    ) =>
      dispatch('fetch', {
        request: { url: new URL(path, ORIGIN).href, method: init.method ?? 'GET', mode: init.mode ?? 'cors' },
        preloadResponse: init.preload ?? Promise.resolve(undefined),
      }),
  };
}

async function installed(build: ShellBuild | null = BUILD, options: { activeScript?: string } = {}) {
  worker = startWorker(build, options);
  await worker.install();
  await worker.activate();
  worker.state.fetched.length = 0;
  return worker;
}

describe('the app service worker', () => {
  it('imports the push handlers, so push works exactly as before', async () => {
    const { state } = await installed();
    expect(state.imported).toEqual(['/push-service-worker.js']);
  });

  it('precaches the shell into a cache named after the build version', async () => {
    const { caches } = await installed();
    expect([...caches.keys()]).toEqual(['care-portal-shell-v2']);
    expect([...(caches.get('care-portal-shell-v2')?.entries.keys() ?? [])].sort()).toEqual(
      [...BUILD.shell].sort(),
    );
  });

  it('deletes the caches of older versions on activate, keeps others, and takes the open page', async () => {
    worker = startWorker(BUILD);
    const open = worker.caches;
    open.set('care-portal-shell-v1', new FakeCache());
    open.set('someone-else', new FakeCache());
    await worker.install();
    expect(worker.self.clients.claim).not.toHaveBeenCalled();
    await worker.activate();
    expect([...open.keys()].sort()).toEqual(['care-portal-shell-v2', 'someone-else']);
    expect(worker.self.clients.claim).toHaveBeenCalledTimes(1);
    expect(worker.self.registration.navigationPreload.enable).toHaveBeenCalledTimes(1);
  });

  it('waits for the open pages of an older app worker (no skipWaiting); replaces the push-only one at once', async () => {
    const older = await installed(BUILD, { activeScript: '/service-worker.js' });
    expect(older.self.skipWaiting).not.toHaveBeenCalled();
    const pushOnly = await installed(BUILD, { activeScript: '/push-service-worker.js' });
    expect(pushOnly.self.skipWaiting).toHaveBeenCalledTimes(1);
  });

  it('never answers or caches the API, files, sign-in, the dev tools or the per-deployment files', async () => {
    const { caches, state } = await installed();
    const before = [...(caches.get('care-portal-shell-v2')?.entries.keys() ?? [])];
    for (const path of [
      '/api/appointments',
      '/api/files/1234/download',
      '/public/app-config',
      '/oauth/v2/token',
      '/dev/outbox',
      '/healthz',
      '/ws',
      '/manifest.webmanifest',
      '/app-icons/icon-192.png',
    ]) {
      expect(await worker.request(path), path).toBeNull();
      expect(await worker.request(path, { mode: 'navigate' }), `${path} navigation`).toBeNull();
    }
    expect(await worker.request('/user/appointment', { method: 'POST', mode: 'navigate' })).toBeNull();
    expect(await worker.request('https://cdn.example/lib.js')).toBeNull();
    // Not a file of the shell: a later screen's chunk loads as if there were no worker.
    expect(await worker.request('/assets/booking-page-x1.js')).toBeNull();
    expect(state.fetched).toEqual([]);
    expect([...(caches.get('care-portal-shell-v2')?.entries.keys() ?? [])]).toEqual(before);
    for (const cache of caches.values()) {
      expect(cache.put).not.toHaveBeenCalled();
    }
  });

  it('loads screens from the network while online and stores nothing from them', async () => {
    const { caches } = await installed();
    const answer = await worker.request('/user/appointment', { mode: 'navigate' });
    expect(await answer?.text()).toBe('network /user/appointment');
    // With navigation preload on, the preloaded answer is used instead of a second request.
    const preloaded = await worker.request('/guest/login', {
      mode: 'navigate',
      preload: Promise.resolve(new Response('preloaded')),
    });
    expect(await preloaded?.text()).toBe('preloaded');
    expect(worker.state.fetched).toEqual(['/user/appointment']);
    expect(caches.get('care-portal-shell-v2')?.entries.get('/user/appointment')).toBeUndefined();
  });

  it('answers a screen with the cached shell while offline, and shell files from the cache', async () => {
    await installed();
    worker.state.online = false;
    const answer = await worker.request('/user/appointment', {
      mode: 'navigate',
      preload: Promise.reject(new TypeError('offline')),
    });
    expect(answer).not.toBeNull();
    expect(await answer?.text()).toBe('network /');
    const script = await worker.request('/assets/index-abc.js');
    expect(await script?.text()).toBe('network /assets/index-abc.js');
  });

  it('without a cached shell, still answers a page that says it is offline (never the browser error)', async () => {
    await installed();
    worker.caches.clear();
    worker.state.online = false;
    const answer = await worker.request('/guest/landing', { mode: 'navigate' });
    expect(answer?.status).toBe(200);
    expect(answer?.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await answer?.text()).toContain('You are offline');
  });

  it('outside a build (the dev server) handles push only: no cache, no request', async () => {
    const dev = await installed(null);
    expect([...dev.caches.keys()]).toEqual([]);
    expect(await worker.request('/user/appointment', { mode: 'navigate' })).toBeNull();
    expect(dev.state.imported).toEqual(['/push-service-worker.js']);
  });
});

describe('the app shell of a build', () => {
  const chunk = (fileName: string, extra: Partial<Extract<BundleEntry, { type: 'chunk' }>> = {}) => ({
    type: 'chunk' as const,
    fileName,
    isEntry: false,
    facadeModuleId: null,
    moduleIds: [],
    imports: [],
    ...extra,
  });
  const bundle = (html: string): Record<string, BundleEntry> => ({
    'index.html': { type: 'asset', fileName: 'index.html', source: html },
    'assets/index-a.js': chunk('assets/index-a.js', {
      isEntry: true,
      facadeModuleId: '/repo/apps/web/index.html',
      imports: ['assets/react-b.js'],
      viteMetadata: { importedCss: new Set(['assets/index-c.css']) },
    }),
    'assets/react-b.js': chunk('assets/react-b.js', { imports: ['assets/index-a.js'] }),
    'assets/es-d.js': chunk('assets/es-d.js', { moduleIds: ['/repo/apps/web/src/lib/i18n/es.ts'] }),
    'assets/booking-e.js': chunk('assets/booking-e.js', { moduleIds: ['/repo/apps/web/src/booking.tsx'] }),
  });

  it('is index.html, the entry with its static imports and CSS, and the Spanish catalogue — not later screens', () => {
    expect(shellOfBundle(bundle('<html>1</html>'), 'template').shell).toEqual([
      '/',
      '/assets/es-d.js',
      '/assets/index-a.js',
      '/assets/index-c.css',
      '/assets/react-b.js',
    ]);
  });

  it('has a version that changes with index.html, the files and the worker, and only then', () => {
    const first = shellOfBundle(bundle('<html>1</html>'), 'template').version;
    expect(shellOfBundle(bundle('<html>1</html>'), 'template').version).toBe(first);
    expect(shellOfBundle(bundle('<html>2</html>'), 'template').version).not.toBe(first);
    expect(shellOfBundle(bundle('<html>1</html>'), 'template 2').version).not.toBe(first);
  });

  it('refuses a build without an index.html entry, and a worker without its placeholder', () => {
    expect(() => shellOfBundle({}, 'template')).toThrow(/no index.html entry/);
    expect(() => serviceWorkerSource(BUILD, 'const BUILD = null;')).toThrow(/placeholder/);
  });
});
