import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  baseSheetsOf,
  createMantineStyleIndex,
  mantineImportsOf,
  styleImportsFor,
} from './mantine-component-styles.ts';

const coreDir = dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css'));
const styleIndex = createMantineStyleIndex(coreDir);

describe('the Mantine stylesheets a module needs', () => {
  it('brings a checkbox its own sheet and the ones it is built on (the first questionnaire, issue 18)', () => {
    const sheets = styleImportsFor("import { Checkbox, Radio } from '@mantine/core';", styleIndex);
    for (const name of ['InlineInput', 'CheckboxIndicator', 'Checkbox', 'RadioIndicator', 'Radio']) {
      expect(sheets).toContain(`@mantine/core/styles/${name}.css`);
    }
  });

  it('puts the base before the component built on it, in Mantine order', () => {
    const sheets = styleImportsFor(
      "import {\n  Tabs,\n  Button as MantineButton,\n  Modal,\n} from '@mantine/core';",
      styleIndex,
    );
    const at = (name: string) => sheets.indexOf(`@mantine/core/styles/${name}.css`);
    expect(at('UnstyledButton')).toBeGreaterThanOrEqual(0);
    expect(at('UnstyledButton')).toBeLessThan(at('Button'));
    expect(at('UnstyledButton')).toBeLessThan(at('Tabs'));
    expect(at('ModalBase')).toBeLessThan(at('Modal'));
  });

  it('adds nothing for type-only imports or components without styles', () => {
    expect(styleImportsFor("import type { MantineTheme } from '@mantine/core';", styleIndex)).toEqual([]);
    expect(
      styleImportsFor("import { type MantineTheme, MantineProvider } from '@mantine/core';", styleIndex),
    ).toEqual([]);
    expect(styleImportsFor("import { Stack } from '@mantine/hooks';", styleIndex)).toEqual([]);
  });
});

describe('the base sheets in the entry', () => {
  it('main.tsx imports, in Mantine order, every sheet a component the app uses builds on', () => {
    const srcDir = join(import.meta.dirname, '..', 'src');
    const used = new Set<string>();
    for (const entry of readdirSync(srcDir, { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        for (const name of mantineImportsOf(readFileSync(join(entry.parentPath, entry.name), 'utf8'))) {
          used.add(name);
        }
      }
    }
    const bases = baseSheetsOf(used, styleIndex);
    expect(bases).toContain('UnstyledButton.css');
    const main = readFileSync(join(srcDir, 'main.tsx'), 'utf8');
    const imported = [...main.matchAll(/^import '@mantine\/core\/styles\/(\w+\.css)';$/gm)]
      .map((match) => match[1] ?? '')
      .filter((sheet) => !['baseline.css', 'default-css-variables.css', 'global.css'].includes(sheet));
    expect(imported).toEqual(bases);
  });
});
