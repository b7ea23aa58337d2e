import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_COMPRESS_BYTES, precompressDirectory, shouldCompress } from './precompress.ts';

// Issue 18 figures (decision 0055): the build writes compressed copies of its text files.
describe('precompressing the built app', () => {
  let dist: string;
  const script = `export const text = ${JSON.stringify('a patient books a visit. '.repeat(200))};\n`;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'care-portal-precompress-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'assets', 'index-abc.js'), script);
    await writeFile(path.join(dist, 'assets', 'index-abc.js.map'), script);
    await writeFile(path.join(dist, 'assets', 'tiny-abc.js'), 'export {};');
    await writeFile(path.join(dist, 'assets', 'font-abc.woff2'), Buffer.alloc(4096, 1));
    await writeFile(path.join(dist, 'index.html'), `<!doctype html>${'<p>shell</p>'.repeat(200)}`);
  });
  afterAll(async () => {
    await rm(dist, { recursive: true, force: true });
  });

  it('compresses text files of at least 1 kB, never maps, fonts or images', () => {
    expect(shouldCompress('assets/index-abc.js', MIN_COMPRESS_BYTES)).toBe(true);
    expect(shouldCompress('assets/index-abc.css', 50_000)).toBe(true);
    expect(shouldCompress('index.html', 2000)).toBe(true);
    expect(shouldCompress('assets/index-abc.js', MIN_COMPRESS_BYTES - 1)).toBe(false);
    expect(shouldCompress('assets/index-abc.js.map', 50_000)).toBe(false);
    expect(shouldCompress('assets/inter-abc.woff2', 50_000)).toBe(false);
    expect(shouldCompress('app-icons/icon.png', 50_000)).toBe(false);
  });

  it('writes .br and .gz beside each such file, smaller and with the same content', async () => {
    expect(await precompressDirectory(dist)).toBe(2);
    const assets = await readdir(path.join(dist, 'assets'));
    expect(assets.sort()).toEqual([
      'font-abc.woff2',
      'index-abc.js',
      'index-abc.js.br',
      'index-abc.js.gz',
      'index-abc.js.map',
      'tiny-abc.js',
    ]);
    const br = await readFile(path.join(dist, 'assets', 'index-abc.js.br'));
    const gz = await readFile(path.join(dist, 'assets', 'index-abc.js.gz'));
    expect(brotliDecompressSync(br).toString()).toBe(script);
    expect(gunzipSync(gz).toString()).toBe(script);
    expect(br.length).toBeLessThan(script.length / 10);
    expect(gunzipSync(await readFile(path.join(dist, 'index.html.gz'))).toString()).toContain('<p>shell</p>');
  });
});
