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

/** The brand colour of the configuration as Mantine's primary colour (spec 1 §1; decision 0004). */
export function themeFor(config: AppConfig) {
  const palette = buildBrandPalette(config.branding.backgroundColor);
  const theme = createTheme({
    primaryColor: 'brand',
    colors: { brand: palette.shades as unknown as MantineColorsTuple },
    primaryShade: palette.primaryShade,
    fontFamily: SYSTEM_FONT,
    headings: { fontFamily: SYSTEM_FONT },
    focusRing: 'auto',
    defaultRadius: 'md',
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
