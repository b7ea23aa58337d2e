// The stylesheets of the components Mantine builds the others on, loaded before any screen's own so
// that a component's rules always come after its base's (the rest travel with each screen's chunk,
// build-plugins/mantine-component-styles.ts).
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Flex.css';
import '@mantine/core/styles/FloatingIndicator.css';
import { useMemo, type ReactNode } from 'react';
import {
  createTheme,
  MantineProvider,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';
import type { AppConfig } from '@app/contracts/variants';
import { buildBrandPalette } from '../../lib/variant/brand-theme.ts';
import { useAppConfig } from '../../lib/variant/app-config.ts';

const SYSTEM_FONT =
  "'Inter Variable', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

/**
 * The danger role for destructive buttons (docs/design.md). Mantine's reds carry white text below
 * 4.5:1 at every shade the brand's primaryShade may pick (red-6 is 3.3:1), so every shade from 5 on
 * is #c92a2a (5.5:1) or darker, and the light tints come first as Mantine expects.
 */
export const DANGER_COLORS: MantineColorsTuple = [
  '#fff5f5',
  '#fdecec',
  '#ffc9c9',
  '#ffa8a8',
  '#ff8787',
  '#c92a2a',
  '#c92a2a',
  '#b52525',
  '#a51d1d',
  '#8a1c1c',
];

/** docs/design.md type scale: 16 px body, semibold (600) headings, never heavy black. */
const HEADINGS = {
  fontFamily: SYSTEM_FONT,
  fontWeight: '600',
  sizes: {
    h1: { fontSize: '1.75rem', lineHeight: '1.25' },
    h2: { fontSize: '1.375rem', lineHeight: '1.3' },
    h3: { fontSize: '1.125rem', lineHeight: '1.35' },
    h4: { fontSize: '1rem', lineHeight: '1.4' },
    h5: { fontSize: '0.875rem', lineHeight: '1.45' },
    h6: { fontSize: '0.75rem', lineHeight: '1.5' },
  },
};

/** The brand colour of the configuration as Mantine's primary colour (spec 1 §1; decision 0004). */
export function themeFor(config: AppConfig) {
  const palette = buildBrandPalette(config.branding.backgroundColor);
  const theme = createTheme({
    primaryColor: 'brand',
    colors: { brand: palette.shades as unknown as MantineColorsTuple, danger: DANGER_COLORS },
    primaryShade: palette.primaryShade,
    fontFamily: SYSTEM_FONT,
    headings: HEADINGS,
    fontSizes: { xs: '0.75rem', sm: '0.875rem', md: '1rem', lg: '1.125rem', xl: '1.25rem' },
    lineHeights: { xs: '1.4', sm: '1.45', md: '1.55', lg: '1.6', xl: '1.65' },
    spacing: { xs: '0.5rem', sm: '0.75rem', md: '1rem', lg: '1.5rem', xl: '2rem' },
    focusRing: 'auto',
    defaultRadius: 'md',
    // Plain objects, not Component.extend(): importing the components here would pull their
    // stylesheets into every signed-in chunk (build-plugins/mantine-component-styles.ts).
    components: {
      // Standalone links: brand shade, semibold, underline on hover and focus. A link inside a
      // sentence passes underline="always" (docs/design.md "Links").
      Anchor: { defaultProps: { underline: 'hover', fw: 600 } },
      Button: { defaultProps: { fw: 600 } },
      Badge: { defaultProps: { tt: 'none' } },
      Paper: { defaultProps: { radius: 'md' } },
    },
    // People who ask their system for less motion get dialogs without fades (WCAG 2.3.3); the e2e
    // browser asks for it too, so axe never measures a half-faded dialog.
    respectReducedMotion: true,
  });
  // Mantine's light error (red-6) and dimmed (gray-6) texts are below 4.5:1 on white.
  const resolver: CSSVariablesResolver = () => ({
    variables: {},
    light: { '--mantine-color-error': '#c92a2a', '--mantine-color-dimmed': '#495057' },
    dark: {},
  });
  return { theme, resolver };
}

/**
 * Mantine's provider for the screens that use Mantine components (signed-in areas now). It lives in
 * their lazy chunks, not at the root, so the guest screens load no Mantine JavaScript (decision 0006).
 */
export function MantineScope({ children }: { children: ReactNode }) {
  const config = useAppConfig();
  const { theme, resolver } = useMemo(() => themeFor(config), [config]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={resolver} forceColorScheme="light">
      {children}
    </MantineProvider>
  );
}
