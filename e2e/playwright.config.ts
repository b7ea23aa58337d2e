import { defineConfig, type Project } from '@playwright/test';
import type { PortalWorkerOptions } from './fixtures/test.ts';
import { chromiumLaunchOptions } from './fixtures/chromium.ts';
import { TWO_INSTANCES_POSTGRES_ENV } from './fixtures/two-instances.ts';

// One project per server configuration (docs/testing.md): a worker starts its server once and keeps
// it for every test of its project, instead of restarting whenever the next test wants another
// variant. Each server starts from a copy of the demo data seeded once in global-setup.ts; tests
// still own their data through the dev fixtures. The build runs before (npm run test:e2e).
const careManagerSpecs = [
  'appointments-care-manager.spec.ts',
  'booking-care-manager.spec.ts',
  'passkeys.spec.ts',
  'provider-day.spec.ts',
  'provider-patient.spec.ts',
  'provider-appointments.spec.ts',
  'live-schedule.spec.ts',
];
// Issue 17: every provider route × each single permission (care-manager server, its own project).
const permissionMatrixSpecs = ['permission-matrix.spec.ts'];
// Specs whose worker fixtures start a server (or browser) of their own.
const ownConfigurationSpecs = [
  'video-call.spec.ts',
  'chat-widget.spec.ts',
  'sso.spec.ts',
  'dialer.spec.ts',
  // Issue 17 item 7: APP_VARIANT=browser-extension with its test extension page and EHR (project
  // variant-browser-extension).
  'variant-browser-extension.spec.ts',
];
// Issue 20 item 6 (decision 0071): two servers on one PostgreSQL and Redis. A project only when
// E2E_POSTGRES_URL is set (the PostgreSQL pass of .ci/run); otherwise no project runs the spec, so a
// machine without those servers neither fails nor skips it.
const twoInstancesSpecs = ['two-instances.spec.ts'];
const twoInstancesProjects = process.env[TWO_INSTANCES_POSTGRES_ENV]
  ? [{ name: 'two-instances', testMatch: twoInstancesSpecs }]
  : [];
// The other variants of spec 1 §1 (decision 0037): one small project each, named after its APP_VARIANT.
const variantSpecs = ['quick-link', 'unitedmd', 'womens-healthcare'].map((variant) => ({
  variant,
  spec: `variant-${variant}.spec.ts`,
}));

const projects: Project<object, PortalWorkerOptions>[] = [
  {
    name: 'care-plan',
    testIgnore: [
      ...careManagerSpecs,
      ...ownConfigurationSpecs,
      ...variantSpecs.map(({ spec }) => spec),
      ...permissionMatrixSpecs,
      ...twoInstancesSpecs,
    ],
    use: { portalEnv: { APP_VARIANT: 'care-plan' } },
  },
  { name: 'care-manager', testMatch: careManagerSpecs, use: { portalEnv: { APP_VARIANT: 'care-manager' } } },
  {
    name: 'permission-matrix',
    testMatch: permissionMatrixSpecs,
    use: { portalEnv: { APP_VARIANT: 'care-manager' } },
  },
  ...ownConfigurationSpecs.map((spec) => ({ name: spec.replace('.spec.ts', ''), testMatch: spec })),
  ...variantSpecs.map(({ variant, spec }) => ({
    name: variant,
    testMatch: spec,
    use: { portalEnv: { APP_VARIANT: variant } },
  })),
  ...twoInstancesProjects,
];

export default defineConfig<object, PortalWorkerOptions>({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  fullyParallel: true,
  forbidOnly: true,
  // Two workers on the 2-core machine: measured faster than one (docs/testing.md), since a test spends
  // much of its time waiting on the server and the browser. E2E_WORKERS overrides.
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  retries: 0,
  timeout: 90_000,
  // Generous for a slower CI machine; a screen that never shows still fails.
  expect: { timeout: 15_000 },
  // Screenshot baselines (tests/visual.spec.ts, decision 0055) without a platform suffix: the suite
  // runs on one browser, Debian's Chromium, wherever it runs.
  snapshotPathTemplate: '{testDir}/__screenshots__/{testFilePath}/{arg}{ext}',
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions(),
    trace: 'retain-on-failure',
    // Dialogs open and close without fades (the app respects reduced motion), so axe scans settled screens.
    contextOptions: { reducedMotion: 'reduce' },
    screenshot: 'only-on-failure',
    // The app's service worker (decision 0038) stays out of tests that are not about it, so no test
    // depends on what a worker kept; devices.spec.ts and installable-app.spec.ts allow it.
    serviceWorkers: 'block',
  },
  projects,
});
