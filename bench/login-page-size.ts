import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { chromium, request as playwrightRequest } from 'playwright-core';
import { chromiumLaunchOptions } from '../e2e/fixtures/chromium.ts';
import { prepareLogin, storeLogin } from '../e2e/fixtures/session.ts';
import { freePort, serverEntry, startAndTime, withTempDir } from './measure-server.ts';

// Issue 20 item 2 (decision 0074): what a first visit to a page costs in JavaScript and requests.
// How it counts: every request the page itself makes from navigation until the network is idle
// (the document, scripts, stylesheets, fonts, icons, the API calls), as seen by Chromium; the
// service worker's own fetches are not the page's and are not counted. "JS" and "CSS" add up the
// gzip -9 size of each script and stylesheet body; API answers count as requests, never as JS.

export interface PageTarget {
  page: string;
  /** A demo login to sign in with by API before the page opens (the session the app stores). */
  username?: string;
}

export interface PageSizeResult {
  page: string;
  username?: string;
  jsGzipBytes: number;
  cssGzipBytes: number;
  /** Every request of the page until network idle, API calls included. */
  requests: number;
  /** Of those, the API calls (/api, /public, /oauth). */
  apiRequests: number;
  files: { url: string; type: 'js' | 'css'; gzipBytes: number }[];
}

export interface PageSizes {
  pages: PageSizeResult[];
  /** The floor any React app pays: a one-paragraph React app built by the same Vite, gzipped. */
  reactBaselineGzipBytes: number;
}

function gzipBytes(content: Buffer | string): number {
  return gzipSync(content, { level: 9 }).length;
}

/** Builds the smallest React app with the same Vite and returns its gzipped JS. */
async function reactBaseline(): Promise<number> {
  return withTempDir(async (outDir) => {
    await build({
      root: fileURLToPath(new URL('./baseline-app/', import.meta.url)),
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true },
    });
    const assets = path.join(outDir, 'assets');
    const files = (await readdir(assets)).filter((name) => name.endsWith('.js'));
    const contents = await Promise.all(files.map((name) => readFile(path.join(assets, name))));
    return contents.reduce((total, content) => total + gzipBytes(content), 0);
  });
}

const API_PREFIXES = ['/api/', '/public/', '/oauth/'];

/** Loads each page of the built app in a fresh Chromium context and adds up what it fetched. */
export async function measurePageSizes(
  targets: PageTarget[] = [{ page: '/guest/login' }, { page: '/user/appointment', username: 'jane.patient' }],
): Promise<PageSizes> {
  return withTempDir(async (dataDir) => {
    const server = await startAndTime(
      [serverEntry],
      { DATA_DIR: dataDir, NODE_ENV: 'development', DATABASE_URL: '' },
      await freePort(),
      '/healthz',
    );
    // localhost, not 127.0.0.1: the app's secure-context features (service worker, WebAuthn) want a name.
    const origin = server.url.replace('127.0.0.1', 'localhost');
    const browser = await chromium.launch(chromiumLaunchOptions());
    const api = await playwrightRequest.newContext({ baseURL: origin });
    try {
      const pages: PageSizeResult[] = [];
      for (const target of targets) {
        const context = await browser.newContext();
        try {
          const page = await context.newPage();
          if (target.username) {
            const { login } = await prepareLogin(api, target.username, { open: target.page });
            await page.addInitScript(storeLogin, login);
          }
          const pending: Promise<PageSizeResult['files'][number] | null>[] = [];
          let requests = 0;
          let apiRequests = 0;
          page.on('request', (request) => {
            requests += 1;
            if (API_PREFIXES.some((prefix) => new URL(request.url()).pathname.startsWith(prefix))) {
              apiRequests += 1;
            }
          });
          page.on('response', (response) => {
            const type = response.request().resourceType();
            if (type !== 'script' && type !== 'stylesheet') {
              return;
            }
            pending.push(
              response.body().then((body) => ({
                url: new URL(response.url()).pathname,
                type: type === 'script' ? ('js' as const) : ('css' as const),
                gzipBytes: gzipBytes(body),
              })),
            );
          });
          await page.goto(origin + target.page, { waitUntil: 'networkidle' });
          const files = (await Promise.all(pending)).filter((file) => file !== null);
          const sum = (type: 'js' | 'css') =>
            files.filter((file) => file.type === type).reduce((total, file) => total + file.gzipBytes, 0);
          pages.push({
            page: target.page,
            ...(target.username ? { username: target.username } : {}),
            jsGzipBytes: sum('js'),
            cssGzipBytes: sum('css'),
            requests,
            apiRequests,
            files,
          });
        } finally {
          await context.close();
        }
      }
      return { pages, reactBaselineGzipBytes: await reactBaseline() };
    } finally {
      await api.dispose();
      await browser.close();
      await server.stop();
    }
  });
}

const kB = (bytes: number) => (bytes / 1024).toFixed(1);

/** The figures as lines for the console, each page's JS against the baseline of the same run. */
export function describePageSizes(sizes: PageSizes, { withFiles = true } = {}): string[] {
  const goals: Record<string, string> = {
    '/guest/login': 'goal: JS <= 120 kB',
    '/user/appointment': 'goal: JS <= 180 kB, <= 30 requests',
  };
  const lines: string[] = [];
  for (const page of sizes.pages) {
    const who = page.username ? `, signed in as ${page.username}` : '';
    lines.push(`${page.page}${who}, gzipped (${goals[page.page] ?? 'no goal'})`);
    lines.push(
      `  JS  ${kB(page.jsGzipBytes)} kB = ${(page.jsGzipBytes / sizes.reactBaselineGzipBytes).toFixed(2)}x the smallest React app (${kB(sizes.reactBaselineGzipBytes)} kB)`,
    );
    lines.push(`  CSS ${kB(page.cssGzipBytes)} kB`);
    lines.push(`  requests ${page.requests} (${page.apiRequests} of them API calls)`);
    if (withFiles) {
      for (const file of page.files) {
        lines.push(`    ${file.type.padEnd(3)} ${kB(file.gzipBytes).padStart(7)} kB  ${file.url}`);
      }
    }
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(describePageSizes(await measurePageSizes()).join('\n'));
}
