import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadFirstPageHtml } from './first-page-html.ts';

const TEMPLATE = '<!doctype html><html><head><title>shell</title></head><body></body></html>';

describe('loadFirstPageHtml (decision 0068)', () => {
  let dist: string;
  beforeEach(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'care-portal-first-page-'));
    await writeFile(path.join(dist, 'index.html'), TEMPLATE);
  });
  afterEach(async () => {
    await rm(dist, { recursive: true, force: true });
  });

  const writeRoutes = (routes: unknown) =>
    writeFile(path.join(dist, 'first-page-preloads.json'), JSON.stringify({ routes }));

  it('answers index.html as built when the build lists no preloads', () => {
    expect(loadFirstPageHtml(dist).pageFor('/user/appointment')).toBe(TEMPLATE);
  });

  it('takes the longest prefix a path starts with, whatever the order of the list', async () => {
    await writeRoutes([
      { prefix: '/guest/', scripts: ['/assets/guest.js'], styles: [] },
      { prefix: '/guest/login', scripts: ['/assets/login.js'], styles: ['/assets/login.css'] },
    ]);
    const pages = loadFirstPageHtml(dist);
    expect(pages.pageFor('/guest/login')).toContain('href="/assets/login.js"');
    expect(pages.pageFor('/guest/login')).not.toContain('guest.js');
    expect(pages.pageFor('/guest/landing')).toContain('href="/assets/guest.js"');
    expect(pages.pageFor('/provider/schedule')).toBe(TEMPLATE);
    // In the head, before it closes.
    expect(pages.pageFor('/guest/login').indexOf('login.css')).toBeLessThan(
      pages.pageFor('/guest/login').indexOf('</head>'),
    );
  });

  it('refuses a list that names anything but our own hashed files', async () => {
    await writeRoutes([{ prefix: '/guest/', scripts: ['https://elsewhere.example/x.js'], styles: [] }]);
    expect(() => loadFirstPageHtml(dist)).toThrow(/not a list of first-page preloads/);
    await writeRoutes([
      { prefix: '/guest/', scripts: ['/assets/a.js"><script>alert(1)</script>'], styles: [] },
    ]);
    expect(() => loadFirstPageHtml(dist)).toThrow(/not a list of first-page preloads/);
  });
});
