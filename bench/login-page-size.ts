import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../e2e/fixtures/chromium.ts';
import { freePort, serverEntry, startAndTime, withTempDir } from './measure-server.ts';

export interface PageSizeResult {
  page: string;
  jsGzipBytes: number;
  cssGzipBytes: number;
  files: { url: string; type: 'js' | 'css'; gzipBytes: number }[];
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

/** Loads a page of the built app in Chromium and adds up the gzipped JS and CSS it fetched. */
export async function measurePageSize(pagePath = '/guest/login'): Promise<PageSizeResult> {
  return withTempDir(async (dataDir) => {
    const server = await startAndTime(
      [serverEntry],
      { DATA_DIR: dataDir, NODE_ENV: 'development', DATABASE_URL: '' },
      await freePort(),
      '/healthz',
    );
    const browser = await chromium.launch(chromiumLaunchOptions());
    try {
      const page = await browser.newPage();
      const pending: Promise<PageSizeResult['files'][number] | null>[] = [];
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
      await page.goto(server.url.replace('127.0.0.1', 'localhost') + pagePath, { waitUntil: 'networkidle' });
      const files = (await Promise.all(pending)).filter((file) => file !== null);
      const sum = (type: 'js' | 'css') =>
        files.filter((file) => file.type === type).reduce((total, file) => total + file.gzipBytes, 0);
      return {
        page: pagePath,
        jsGzipBytes: sum('js'),
        cssGzipBytes: sum('css'),
        files,
        reactBaselineGzipBytes: await reactBaseline(),
      };
    } finally {
      await browser.close();
      await server.stop();
    }
  });
}
