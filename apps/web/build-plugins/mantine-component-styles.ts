import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Mantine publishes one stylesheet per component (`@mantine/core/styles/Checkbox.css`) and leaves it
 * to the app to import the right ones, dependencies included (Checkbox also needs InlineInput and
 * CheckboxIndicator). Imports written by hand went missing: the first questionnaire rendered giant
 * ticks because only the booking page imported the checkbox styles (issue 18).
 *
 * This plugin writes those imports instead. For every `import { A, B } from '@mantine/core'` in our
 * source it follows Mantine's own ES modules from A and B, collects every `X.module.mjs` (Mantine's
 * compiled CSS-module class names) they reach, and prepends `import '@mantine/core/styles/X.css'`
 * for each, in the order of Mantine's own styles.css (dependencies first). The styles so travel with the chunk that uses the component, on every
 * page that uses it (docs/design.md, decision 0049).
 */

const IMPORT_FROM_CORE = /import\s*(type\s+)?\{([^}]*)\}\s*from\s*['"]@mantine\/core['"]/g;
const RELATIVE_IMPORT = /(?:import|export)\s*(?:[^'";]*?\sfrom\s*)?["'](\.{1,2}\/[^"']+\.mjs)["']/g;

export interface MantineStyleIndex {
  /** The stylesheets a named export of @mantine/core needs, dependencies before dependents. */
  stylesFor(exportName: string): string[];
  /** The sheets in Mantine's own order (bases first). */
  sortSheets(sheets: readonly string[]): string[];
}

export function createMantineStyleIndex(coreDir: string): MantineStyleIndex {
  const esmDir = join(coreDir, 'esm');
  const stylesDir = join(coreDir, 'styles');
  const exportFile = new Map<string, string>();
  const index = readFileSync(join(esmDir, 'index.mjs'), 'utf8');
  for (const match of index.matchAll(/import\s*\{([^}]*)\}\s*from\s*"(\.\/[^"]+)"/g)) {
    const file = resolve(esmDir, match[2] ?? '');
    for (const part of (match[1] ?? '').split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)[0]
        ?.trim();
      if (name) {
        exportFile.set(name, file);
      }
    }
  }

  const importsOf = new Map<string, string[]>();
  function relativeImports(file: string): string[] {
    let found = importsOf.get(file);
    if (!found) {
      const source = readFileSync(file, 'utf8');
      found = [...source.matchAll(RELATIVE_IMPORT)].map((match) => resolve(dirname(file), match[1] ?? ''));
      importsOf.set(file, found);
    }
    return found;
  }

  const stylesOfFile = new Map<string, string[]>();
  function stylesFromFile(file: string, visiting: Set<string>): string[] {
    const known = stylesOfFile.get(file);
    if (known) {
      return known;
    }
    if (visiting.has(file)) {
      return [];
    }
    visiting.add(file);
    const styles: string[] = [];
    for (const dependency of relativeImports(file)) {
      for (const sheet of stylesFromFile(dependency, visiting)) {
        if (!styles.includes(sheet)) {
          styles.push(sheet);
        }
      }
    }
    if (file.endsWith('.module.mjs')) {
      const sheet = `${basename(file, '.module.mjs')}.css`;
      if (existsSync(join(stylesDir, sheet)) && !styles.includes(sheet)) {
        styles.push(sheet);
      }
    }
    visiting.delete(file);
    stylesOfFile.set(file, styles);
    return styles;
  }

  // Mantine's all-in-one styles.css lists the sheets in an order where a component's rules come after
  // those of the components it is built on (Button after UnstyledButton); we keep that order.
  const bundle = readFileSync(join(coreDir, 'styles.css'), 'utf8');
  const rank = new Map<string, number>();
  function rankOf(sheet: string): number {
    let known = rank.get(sheet);
    if (known === undefined) {
      const content = readFileSync(join(stylesDir, sheet), 'utf8').trim();
      known = bundle.indexOf(content.slice(0, 300));
      rank.set(sheet, known);
    }
    return known;
  }

  return {
    stylesFor(exportName) {
      const file = exportFile.get(exportName);
      return file ? stylesFromFile(file, new Set()) : [];
    },
    sortSheets(sheets) {
      return [...sheets].sort((a, b) => rankOf(a) - rankOf(b));
    },
  };
}

/** The stylesheet imports a module of ours needs for the Mantine components it imports. */
export function styleImportsFor(code: string, styleIndex: MantineStyleIndex): string[] {
  const sheets: string[] = [];
  for (const name of mantineImportsOf(code)) {
    for (const sheet of styleIndex.stylesFor(name)) {
      if (!sheets.includes(sheet)) {
        sheets.push(sheet);
      }
    }
  }
  return styleIndex.sortSheets(sheets).map((sheet) => `@mantine/core/styles/${sheet}`);
}

/**
 * The sheets other sheets build on (UnstyledButton under Button and Tabs, Input under Select...), for
 * the components `exportNames`. A component's own sheet must come after its bases in the cascade, but
 * when two screens' chunks share a base, the build moves the base into a chunk of its own, whose
 * stylesheet can be added after the screen's: Tabs lost its padding to UnstyledButton's `padding: 0`
 * (issue 18). The entry (main.tsx) imports these bases, so they are always first.
 */
export function baseSheetsOf(exportNames: Iterable<string>, styleIndex: MantineStyleIndex): string[] {
  const bases = new Set<string>();
  for (const name of exportNames) {
    for (const sheet of styleIndex.sortSheets(styleIndex.stylesFor(name)).slice(0, -1)) {
      bases.add(sheet);
    }
  }
  return styleIndex.sortSheets([...bases]);
}

/** The @mantine/core components a module imports (not its types). */
export function mantineImportsOf(code: string): string[] {
  const names: string[] = [];
  for (const match of code.matchAll(IMPORT_FROM_CORE)) {
    if (match[1]) {
      continue;
    }
    for (const part of (match[2] ?? '').split(',')) {
      const name =
        part
          .trim()
          .split(/\s+as\s+/)[0]
          ?.trim() ?? '';
      if (name && !name.startsWith('type ') && !names.includes(name)) {
        names.push(name);
      }
    }
  }
  return names;
}

export function mantineComponentStyles(): Plugin {
  let styleIndex: MantineStyleIndex | undefined;
  return {
    name: 'mantine-component-styles',
    enforce: 'pre',
    transform(code, id) {
      const path = id.split('?')[0] ?? '';
      if (path.includes('/node_modules/') || !/\.tsx?$/.test(path) || !code.includes('@mantine/core')) {
        return null;
      }
      styleIndex ??= createMantineStyleIndex(
        dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css')),
      );
      const imports = styleImportsFor(code, styleIndex);
      if (imports.length === 0) {
        return null;
      }
      return { code: `${imports.map((sheet) => `import '${sheet}';`).join('\n')}\n${code}`, map: null };
    },
  };
}
