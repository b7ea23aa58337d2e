import { describe, expect, it } from 'vitest';
import type { BundleChunk, BundleEntry } from './bundle-closure.ts';
import { FIRST_PAGE_MODULES, firstPagePreloads, START_MODULE } from './first-page-preloads.ts';

function chunk(fileName: string, extra: Partial<BundleChunk> = {}): BundleChunk {
  return {
    type: 'chunk',
    fileName,
    isEntry: false,
    facadeModuleId: null,
    moduleIds: [],
    imports: [],
    ...extra,
  };
}

/** A build like ours: the entry, the app's start, an area layout and a screen sharing a chunk. */
function bundle(): Record<string, BundleEntry> {
  const chunks = [
    chunk('assets/entry.js', {
      isEntry: true,
      facadeModuleId: '/app/index.html',
      imports: ['assets/helper.js'],
    }),
    chunk('assets/helper.js'),
    chunk('assets/start.js', {
      facadeModuleId: `/app${START_MODULE}`,
      imports: ['assets/react.js', 'assets/helper.js'],
    }),
    chunk('assets/react.js'),
    chunk('assets/guest.js', {
      facadeModuleId: '/app/src/app/layouts/guest-layout.tsx',
      imports: ['assets/shared.js', 'assets/react.js'],
      viteMetadata: { importedCss: new Set(['assets/guest.css']) },
    }),
    chunk('assets/login.js', {
      facadeModuleId: '/app/src/features/auth/components/login-page.tsx',
      imports: ['assets/shared.js'],
      viteMetadata: { importedCss: new Set(['assets/login.css', 'assets/guest.css']) },
    }),
    chunk('assets/shared.js'),
  ];
  return Object.fromEntries(chunks.map((item) => [item.fileName, item]));
}

const MODULES = {
  '/guest/': ['/src/app/layouts/guest-layout.tsx'],
  '/guest/login': ['/src/features/auth/components/login-page.tsx'],
};

describe('firstPagePreloads (decision 0068)', () => {
  it("lists a page's layout and screen with what they import, once each, without the entry's and the start's files", () => {
    const { routes } = firstPagePreloads(bundle(), MODULES);
    expect(routes).toEqual([
      {
        prefix: '/guest/login',
        scripts: ['/assets/guest.js', '/assets/shared.js', '/assets/login.js'],
        styles: ['/assets/guest.css', '/assets/login.css'],
      },
      {
        prefix: '/guest/',
        scripts: ['/assets/guest.js', '/assets/shared.js'],
        styles: ['/assets/guest.css'],
      },
    ]);
  });

  it('fails the build when a listed module has no chunk (a renamed screen)', () => {
    expect(() => firstPagePreloads(bundle(), { '/guest/': ['/src/app/layouts/renamed-layout.tsx'] })).toThrow(
      /no chunk holds \/src\/app\/layouts\/renamed-layout\.tsx/,
    );
  });

  it('lists, for every full path, the area it belongs to', () => {
    for (const prefix of Object.keys(FIRST_PAGE_MODULES)) {
      const area = prefix.match(/^\/[^/]+\//)?.[0];
      expect(area && FIRST_PAGE_MODULES[area], prefix).toBeTruthy();
    }
  });
});
