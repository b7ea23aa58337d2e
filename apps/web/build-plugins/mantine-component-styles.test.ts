import { dirname } from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { createMantineStyleIndex, styleImportsFor } from './mantine-component-styles.ts';

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
