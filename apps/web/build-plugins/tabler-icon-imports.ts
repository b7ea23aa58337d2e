import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

// docs/design.md "Icons": one library, @tabler/icons-react, imported by name. Its entry re-exports
// ~6,000 icons; the production build tree-shakes them, but the dev server and Vitest load and
// transform the whole entry on the first import (≈0.4 s and more under load, enough to push the
// router tests past their waits). This plugin turns `import { IconTrash } from '@tabler/icons-react'`
// into `import IconTrash from '@tabler/icons-react/dist/esm/icons/IconTrash.mjs'`, one small module
// per icon, everywhere (build, dev, tests). Types and names without an icon file stay on the entry.

const PACKAGE = '@tabler/icons-react';
const IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]@tabler\/icons-react['"];?/g;

function iconsDir(): string {
  const entry = createRequire(import.meta.url).resolve(`${PACKAGE}/package.json`);
  return join(dirname(entry), 'dist', 'esm', 'icons');
}

/** Rewrites the named imports of the icon package in one module's source; null when nothing changes. */
export function rewriteTablerImports(code: string, hasIcon: (name: string) => boolean): string | null {
  if (!code.includes(PACKAGE)) {
    return null;
  }
  const result = code.replace(IMPORT, (statement, list: string) => {
    const kept: string[] = [];
    const deep: string[] = [];
    for (const raw of list.split(',')) {
      const specifier = raw.trim();
      if (!specifier) {
        continue;
      }
      const match = /^(type\s+)?(\w+)(?:\s+as\s+(\w+))?$/.exec(specifier);
      const [, isType, name, alias] = match ?? [];
      if (!match || !name || isType || !hasIcon(name)) {
        kept.push(specifier);
        continue;
      }
      deep.push(`import ${alias ?? name} from '${PACKAGE}/dist/esm/icons/${name}.mjs';`);
    }
    if (deep.length === 0) {
      return statement;
    }
    const rest = kept.length > 0 ? `import { ${kept.join(', ')} } from '${PACKAGE}';` : '';
    return [...deep, rest].filter(Boolean).join(' ');
  });
  return result === code ? null : result;
}

export function tablerIconImports(): Plugin {
  const dir = iconsDir();
  const known = new Map<string, boolean>();
  const hasIcon = (name: string) => {
    let found = known.get(name);
    if (found === undefined) {
      found = name.startsWith('Icon') && existsSync(join(dir, `${name}.mjs`));
      known.set(name, found);
    }
    return found;
  };
  return {
    name: 'tabler-icon-imports',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('/node_modules/') || !/\.[cm]?tsx?$/.test(id.split('?')[0] ?? '')) {
        return null;
      }
      const rewritten = rewriteTablerImports(code, hasIcon);
      return rewritten === null ? null : { code: rewritten, map: null };
    },
  };
}
