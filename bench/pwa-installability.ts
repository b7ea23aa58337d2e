import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import lighthouse, { Audit, defaultConfig, type Artifacts, type Config } from 'lighthouse';
import { chromium, type Browser } from 'playwright-core';
import { chromiumLaunchOptions } from '../e2e/fixtures/chromium.ts';
import { freePort, serverEntry, startAndTime, withTempDir } from './measure-server.ts';

// Issue 16 item 4 (docs/decisions/0038-installable-app.md): is the built portal an installable app?
// Lighthouse 11 (the last major with the PWA category) audits the portal and, in the same run, a
// baseline: a bare page served by Node with no manifest and no worker, which must fail where the
// portal passes (so the figures show the audits can tell the difference). Lighthouse 10 dropped its
// service-worker and offline-start audits: the service worker is checked here by a Lighthouse audit
// of our own (the old audit's rule on Lighthouse's ServiceWorker artifact, in the PWA category with
// weight 0, so the category's score stays Lighthouse's), and the offline start by starting the app
// with the network off.

interface AuditFigure {
  score: number | null;
  title: string;
  /** Why an audit failed (Chromium's installability errors for installable-manifest). */
  failures: string[];
}

export interface PwaSiteResult {
  url: string;
  pwaCategoryScore: number | null;
  audits: Record<string, AuditFigure>;
  /** Lighthouse ≤ 9's offline-start-url: the start URL answers 200 with the network off, and what it says. */
  offlineStart: { pass: boolean; status: number | null; heading: string | null };
}

export interface PwaResult {
  lighthouseVersion: string;
  chromium: string;
  portal: PwaSiteResult;
  baseline: PwaSiteResult;
}

const AUDITS = [
  'installable-manifest',
  'service-worker',
  'maskable-icon',
  'splash-screen',
  'themed-omnibox',
  'viewport',
];

type ServiceWorkerArtifact = Artifacts['ServiceWorker'];

/**
 * Lighthouse ≤ 9's service-worker rule: an activated worker of the page's origin whose scope covers
 * the page and the manifest's start_url.
 */
export function serviceWorkerCovering(
  pageUrl: string,
  worker: ServiceWorkerArtifact,
  startUrl: string | null,
): { pass: boolean; scopeURL: string | null } {
  const origin = new URL(pageUrl).origin;
  const activated = new Set(
    worker.versions
      .filter((version) => version.status === 'activated')
      .map((version) => version.registrationId),
  );
  const registration = worker.registrations.find(
    (item) =>
      !item.isDeleted &&
      activated.has(item.registrationId) &&
      new URL(item.scopeURL).origin === origin &&
      pageUrl.startsWith(item.scopeURL),
  );
  const scopeURL = registration?.scopeURL ?? null;
  return { pass: scopeURL !== null && startUrl !== null && startUrl.startsWith(scopeURL), scopeURL };
}

class ServiceWorkerAudit extends Audit {
  static override get meta() {
    return {
      id: 'service-worker',
      title: 'Registers a service worker that controls the page and start_url',
      failureTitle: 'Does not register a service worker that controls the page and start_url',
      description:
        'The service worker lets an installed app start, and say it is offline, without a network.',
      supportedModes: ['navigation' as const],
      requiredArtifacts: ['URL' as const, 'ServiceWorker' as const, 'WebAppManifest' as const],
    };
  }

  static override audit(artifacts: Pick<Artifacts, 'URL' | 'ServiceWorker' | 'WebAppManifest'>) {
    const pageUrl = artifacts.URL.finalDisplayedUrl;
    const startUrl = artifacts.WebAppManifest?.value?.start_url.value ?? null;
    const { pass, scopeURL } = serviceWorkerCovering(pageUrl, artifacts.ServiceWorker, startUrl);
    return {
      score: pass ? 1 : 0,
      explanation: pass
        ? undefined
        : scopeURL
          ? `start_url ${String(startUrl)} is outside ${scopeURL}`
          : 'No active service worker covers the page.',
    };
  }
}

const pwaCategory = defaultConfig.categories?.pwa;
if (!pwaCategory) {
  throw new Error('This Lighthouse has no PWA category: the bench needs lighthouse@11.');
}
const CONFIG: Config = {
  extends: 'lighthouse:default',
  settings: { onlyCategories: ['pwa'] },
  audits: [{ implementation: ServiceWorkerAudit }],
  categories: {
    pwa: {
      ...pwaCategory,
      auditRefs: [...pwaCategory.auditRefs, { id: 'service-worker', weight: 0, group: 'pwa-installable' }],
    },
  },
};

async function runLighthouse(debuggingPort: number, url: string) {
  const result = await lighthouse(url, { port: debuggingPort, output: 'json', logLevel: 'error' }, CONFIG);
  if (!result) {
    throw new Error(`Lighthouse returned nothing for ${url}`);
  }
  return result;
}

function figuresOf(lhr: {
  audits: Record<string, { score: number | null; title: string; details?: unknown }>;
}) {
  const audits: Record<string, AuditFigure> = {};
  for (const id of AUDITS) {
    const audit = lhr.audits[id];
    const details = audit?.details as { items?: { reason?: string }[] } | undefined;
    audits[id] = {
      score: audit?.score ?? null,
      title: audit?.title ?? id,
      failures: (details?.items ?? []).map((item) => item.reason ?? '').filter(Boolean),
    };
  }
  return audits;
}

/** Opens the site once online, then its start URL with the network off, as an installed app would start. */
async function offlineStartCheck(browser: Browser, pageUrl: string, startUrl: string | null) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(pageUrl, { waitUntil: 'load' });
    // A site with a worker is controlled once it has activated; one without never is.
    await page
      .waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 10_000 })
      .catch(() => undefined);
    await context.setOffline(true);
    const response = await page.goto(startUrl ?? pageUrl).catch(() => null);
    const heading = response
      ? await page
          .getByRole('heading', { level: 1 })
          .first()
          .textContent({ timeout: 10_000 })
          .catch(() => null)
      : null;
    const status = response?.status() ?? null;
    return { pass: status === 200 && heading !== null, status, heading };
  } finally {
    await context.close();
  }
}

async function auditSite(browser: Browser, debuggingPort: number, url: string): Promise<PwaSiteResult> {
  const { lhr, artifacts } = await runLighthouse(debuggingPort, url);
  const startUrl = artifacts.WebAppManifest?.value?.start_url.value ?? null;
  return {
    url,
    pwaCategoryScore: lhr.categories.pwa?.score ?? null,
    audits: figuresOf(lhr),
    offlineStart: await offlineStartCheck(browser, url, startUrl),
  };
}

/** The baseline: a bare page on a Node HTTP server (no manifest, no icons, no worker). */
async function withBaselineSite<T>(run: (url: string) => Promise<T>): Promise<T> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
        '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Baseline</title></head>' +
        '<body><h1>Baseline</h1></body></html>',
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await run(`http://localhost:${(server.address() as AddressInfo).port}/`);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

export async function measurePwa(): Promise<PwaResult> {
  return withTempDir(async (dataDir) => {
    const server = await startAndTime(
      [serverEntry],
      { DATA_DIR: dataDir, NODE_ENV: 'development', DATABASE_URL: '' },
      await freePort(),
      '/healthz',
    );
    const debuggingPort = await freePort();
    const options = chromiumLaunchOptions([`--remote-debugging-port=${debuggingPort}`]);
    const browser = await chromium.launch({ ...options, headless: true });
    try {
      // Service workers need a secure context: localhost is one, a bare IP address is not for every check.
      const portal = await auditSite(
        browser,
        debuggingPort,
        `${server.url.replace('127.0.0.1', 'localhost')}/`,
      );
      const baseline = await withBaselineSite((url) => auditSite(browser, debuggingPort, url));
      const { default: lighthousePackage } = (await import('lighthouse/package.json', {
        with: { type: 'json' },
      })) as {
        default: { version: string };
      };
      return { lighthouseVersion: lighthousePackage.version, chromium: browser.version(), portal, baseline };
    } finally {
      await browser.close();
      await server.stop();
    }
  });
}

function line(name: string, portal: string, baseline: string): string {
  return `  ${name.padEnd(26)} ${portal.padEnd(24)} ${baseline}`;
}

function score(figure: AuditFigure | undefined): string {
  if (!figure || figure.score === null) {
    return 'n/a';
  }
  return figure.score === 1
    ? 'pass'
    : `fail${figure.failures.length ? ` (${figure.failures.length} reasons)` : ''}`;
}

/** The figures as lines for the console; `passed` is whether the portal is an installable app. */
export function describePwa(result: PwaResult): { lines: string[]; passed: boolean } {
  const { portal, baseline } = result;
  const lines = [
    `Installable app (Lighthouse ${result.lighthouseVersion}, Chromium ${result.chromium})`,
    line('', 'portal', 'baseline (bare page)'),
    line('PWA category score', String(portal.pwaCategoryScore), String(baseline.pwaCategoryScore)),
    ...AUDITS.map((id) => line(id, score(portal.audits[id]), score(baseline.audits[id]))),
    line(
      'offline start',
      portal.offlineStart.pass ? `pass: "${portal.offlineStart.heading ?? ''}"` : 'fail',
      baseline.offlineStart.pass ? 'pass' : `fail (status ${String(baseline.offlineStart.status)})`,
    ),
    ...(portal.audits['installable-manifest']?.failures ?? []).map(
      (reason) => `  portal installability: ${reason}`,
    ),
  ];
  const passed =
    portal.audits['installable-manifest']?.score === 1 &&
    portal.audits['service-worker']?.score === 1 &&
    portal.offlineStart.pass;
  return { lines, passed };
}
