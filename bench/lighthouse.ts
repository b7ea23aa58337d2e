import { mkdir, writeFile } from 'node:fs/promises';
import lighthouse, { type Flags } from 'lighthouse';
import { chromium, request as playwrightRequest } from 'playwright-core';
// Lighthouse's own browser driver (a dependency of lighthouse, same version): Lighthouse audits a
// page of ours only when it is handed as a Puppeteer page.
import puppeteer from 'puppeteer-core';
import { chromiumLaunchOptions } from '../e2e/fixtures/chromium.ts';
import { prepareLogin, storeLogin } from '../e2e/fixtures/session.ts';
import { freePort, serverEntry, startAndTime, withTempDir } from './measure-server.ts';

// Issue 18 "Figures to reach" (decision 0055): Lighthouse on a phone (its default mobile settings:
// Moto G Power screen, simulated slow 4G and 4x CPU slowdown) for the login page and the patient's
// home, signed in as the demo patient. Goals: performance >= 95, accessibility >= 98, best practices
// 100. `npm run bench:lighthouse -w @app/bench` (builds first) prints the scores and every audit that
// keeps a category below 100, and writes results/lighthouse.json. A benchmark: it reports, never fails.
//
// Signed in: the app keeps its session in sessionStorage, which belongs to one tab, so the token is
// taken from the real token endpoint (the e2e suite's prepareLogin) and written by a script that runs
// in Lighthouse's own tab before the app starts, exactly as the app stores it after a login.

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
type Category = (typeof CATEGORIES)[number];
export const LIGHTHOUSE_GOALS: Record<Category, number> = {
  performance: 95,
  accessibility: 98,
  'best-practices': 100,
};

interface PageTarget {
  name: string;
  path: string;
  /** Demo login to sign in with first, if any. */
  username?: string;
}

const TARGETS: PageTarget[] = [
  { name: 'login', path: '/guest/login' },
  { name: 'patient home', path: '/user/appointment', username: 'jane.patient' },
];

export interface LighthousePageResult {
  name: string;
  url: string;
  finalUrl: string;
  scores: Record<Category, number | null>;
  metrics: Record<string, string>;
  /**
   * What the page load fetched, from the network-requests audit (issue 20's "JS gz / requests"): every
   * request, and the bytes on the wire (compressed where the server compressed) of scripts and of all.
   */
  network: { requests: number; scriptTransferBytes: number; totalTransferBytes: number };
  /** Largest contentful paint under Lighthouse's mobile throttling (4x CPU, 1.6 Mbps, 150 ms RTT). */
  largestContentfulPaintMs: number | null;
  /** Audits below a full score in these categories, with their weight in the category. */
  findings: { category: Category; id: string; title: string; score: number | null; display?: string }[];
}

export interface LighthouseResult {
  lighthouseVersion: string;
  chromium: string;
  pages: LighthousePageResult[];
}

const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];

interface Lhr {
  lighthouseVersion: string;
  finalDisplayedUrl: string;
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    {
      title: string;
      score: number | null;
      scoreDisplayMode: string;
      displayValue?: string;
      numericValue?: number;
      details?: { items?: { resourceType?: string; transferSize?: number }[] };
    }
  >;
}

function summarise(target: PageTarget, url: string, lhr: Lhr): LighthousePageResult {
  const scores = {} as Record<Category, number | null>;
  const findings: LighthousePageResult['findings'] = [];
  for (const category of CATEGORIES) {
    const entry = lhr.categories[category];
    scores[category] = entry?.score === null || entry === undefined ? null : Math.round(entry.score * 100);
    for (const ref of entry?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      const scored =
        audit &&
        (audit.scoreDisplayMode === 'binary' ||
          audit.scoreDisplayMode === 'numeric' ||
          audit.scoreDisplayMode === 'metricSavings');
      // Weighted audits below 1, and the opportunities and diagnostics Lighthouse itself flags (< 0.9).
      if (audit && scored && audit.score !== null && audit.score < (ref.weight > 0 ? 1 : 0.9)) {
        findings.push({
          category,
          id: ref.id,
          title: audit.title,
          score: audit.score,
          ...(audit.displayValue ? { display: audit.displayValue } : {}),
        });
      }
    }
  }
  const metrics: Record<string, string> = {};
  for (const id of METRICS) {
    metrics[id] = lhr.audits[id]?.displayValue ?? 'n/a';
  }
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const transfer = (items: typeof requests) => items.reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  return {
    name: target.name,
    url,
    finalUrl: lhr.finalDisplayedUrl,
    scores,
    metrics,
    network: {
      requests: requests.length,
      scriptTransferBytes: transfer(requests.filter((item) => item.resourceType === 'Script')),
      totalTransferBytes: transfer(requests),
    },
    largestContentfulPaintMs: lhr.audits['largest-contentful-paint']?.numericValue ?? null,
    findings,
  };
}

export async function measureLighthouse(): Promise<LighthouseResult> {
  return withTempDir(async (dataDir) => {
    const server = await startAndTime(
      [serverEntry],
      { DATA_DIR: dataDir, NODE_ENV: 'development', DATABASE_URL: '' },
      await freePort(),
      '/healthz',
    );
    // localhost, not 127.0.0.1: the app's secure-context features (service worker, WebAuthn) want a name.
    const origin = server.url.replace('127.0.0.1', 'localhost');
    const debuggingPort = await freePort();
    const browser = await chromium.launch({
      ...chromiumLaunchOptions([`--remote-debugging-port=${debuggingPort}`]),
      headless: true,
    });
    const driver = await puppeteer.connect({ browserURL: `http://127.0.0.1:${debuggingPort}` });
    const api = await playwrightRequest.newContext({ baseURL: origin });
    const pages: LighthousePageResult[] = [];
    let lighthouseVersion = '';
    try {
      for (const target of TARGETS) {
        const page = await driver.newPage();
        try {
          if (target.username) {
            const { login } = await prepareLogin(api, target.username, { open: target.path });
            await page.evaluateOnNewDocument(storeLogin, login);
          }
          const url = `${origin}${target.path}`;
          const flags: Flags = { output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] };
          let result = await lighthouse(url, flags, undefined, page);
          // A trace Lighthouse could not read (NO_NAVSTART and the like) says nothing about the page:
          // measure once more.
          if (result?.lhr.runtimeError) {
            result = await lighthouse(url, flags, undefined, page);
          }
          if (!result) {
            throw new Error(`Lighthouse returned nothing for ${url}`);
          }
          const lhr = result.lhr as unknown as Lhr;
          lighthouseVersion = lhr.lighthouseVersion;
          // The whole report beside the summary, for a look at any audit (results/ is not committed).
          await mkdir(new URL('./results/', import.meta.url), { recursive: true });
          await writeFile(
            new URL(`./results/lighthouse-${target.name.replace(/\W+/g, '-')}.report.json`, import.meta.url),
            JSON.stringify(lhr),
          );
          pages.push(summarise(target, url, lhr));
        } finally {
          await page.close();
        }
      }
      return { lighthouseVersion, chromium: browser.version(), pages };
    } finally {
      await api.dispose();
      await driver.disconnect();
      await browser.close();
      await server.stop();
    }
  });
}

/** The figures as lines for the console, each score against its goal. */
export function describeLighthouse(result: LighthouseResult): string[] {
  const lines = [`Lighthouse ${result.lighthouseVersion} (mobile), Chromium ${result.chromium}`];
  for (const page of result.pages) {
    const scores = CATEGORIES.map((category) => {
      const score = page.scores[category];
      const mark = score !== null && score >= LIGHTHOUSE_GOALS[category] ? 'ok' : 'BELOW';
      return `${category} ${String(score)} (goal ${LIGHTHOUSE_GOALS[category]}, ${mark})`;
    });
    lines.push(`  ${page.name} ${new URL(page.finalUrl).pathname}: ${scores.join(', ')}`);
    lines.push(
      `    ${String(page.network.requests)} requests, scripts ${(page.network.scriptTransferBytes / 1024).toFixed(1)} kB and all ${(page.network.totalTransferBytes / 1024).toFixed(1)} kB on the wire`,
    );
    lines.push(
      `    ${Object.entries(page.metrics)
        .map(([id, value]) => `${id} ${value}`)
        .join(', ')}`,
    );
    for (const finding of page.findings) {
      lines.push(
        `    - [${finding.category}] ${finding.id}: ${finding.title}${finding.display ? ` (${finding.display})` : ''}`,
      );
    }
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await measureLighthouse();
  await mkdir(new URL('./results/', import.meta.url), { recursive: true });
  await writeFile(
    new URL('./results/lighthouse.json', import.meta.url),
    JSON.stringify({ measuredAt: new Date().toISOString(), ...result }, null, 2),
  );
  console.log(describeLighthouse(result).join('\n'));
}
