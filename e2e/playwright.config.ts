import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './fixtures/chromium.ts';

// Each worker starts its own built server on a free port with a fresh data directory
// (fixtures/portal.ts), so workers never share state. The build runs before (npm run test:e2e).
export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  forbidOnly: true,
  // Half the cores (Playwright's default): one worker on the 2-core CI machine, where a second
  // worker's server and browser would only compete for the same cores.
  retries: 0,
  timeout: 90_000,
  // Generous for a slower CI machine; a screen that never shows still fails.
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions(),
    trace: 'retain-on-failure',
    // Dialogs open and close without fades (the app respects reduced motion), so axe scans settled screens.
    contextOptions: { reducedMotion: 'reduce' },
    screenshot: 'only-on-failure',
  },
});
