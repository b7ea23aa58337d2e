import { describe, expect, it } from 'vitest';
import { rewriteTablerImports } from './tabler-icon-imports.ts';

const icons = new Set(['IconTrash', 'IconCalendar']);
const hasIcon = (name: string) => icons.has(name);
// Built from parts: this file goes through the same plugin, which would rewrite a literal import.
const PKG = ['@tabler', 'icons-react'].join('/');
const from = (names: string) => `import ${names} from '${PKG}';`;

describe('tabler icon imports', () => {
  it('imports each icon from its own module', () => {
    const code = `${from('{ IconTrash, IconCalendar as Calendar }')}\nuse(IconTrash);`;
    expect(rewriteTablerImports(code, hasIcon)).toBe(
      `import IconTrash from '${PKG}/dist/esm/icons/IconTrash.mjs'; ` +
        `import Calendar from '${PKG}/dist/esm/icons/IconCalendar.mjs';\nuse(IconTrash);`,
    );
  });

  it('keeps types and names without an icon file on the package entry', () => {
    const code = from('{\n  IconTrash,\n  type Icon,\n  IconMissing,\n}');
    expect(rewriteTablerImports(code, hasIcon)).toBe(
      `import IconTrash from '${PKG}/dist/esm/icons/IconTrash.mjs'; ` + from('{ type Icon, IconMissing }'),
    );
  });

  it('leaves modules without icon imports alone', () => {
    expect(rewriteTablerImports("import { Badge } from '@mantine/core';", hasIcon)).toBeNull();
    expect(rewriteTablerImports(from('type { Icon }'), hasIcon)).toBeNull();
  });
});
