import type { Page } from '@playwright/test';
import { PROVIDER_PERMISSIONS } from '@app/contracts/provider-permission-names';
import { decideProviderRoute, PROVIDER_ROUTE_GATES } from '@app/contracts/provider-route-gates';
import type { ProviderPermission } from '@app/contracts/roles';
import { WORKSPACE_MODULES } from '@app/contracts/workspace-modules';
import { providerShellEn } from '../../apps/web/src/features/provider-shell/i18n/en.ts';
import { test, expect } from '../fixtures/test.ts';
import { DEMO_PASSWORD } from '../fixtures/demo.ts';
import { createUser, uniqueName } from '../fixtures/dev-fixtures.ts';
import { signInByApi } from '../fixtures/session.ts';

// Issue 17 "Must show": every provider web route × {each single permission, none} answers as spec 3
// §6 says. The rows come from PROVIDER_ROUTE_GATES (the table the router's one guard reads), the
// expected answer from the same decision the guard makes, and the sentences from the catalogue:
// nothing here is hand-listed. Each cell: a provider of the demo clinic (every module on) holding
// exactly that permission opens the route and sees the screen or the route's no-access sentence.
// Fast: one sign-in by API per provider, then client-side navigations in the same page.

type Grant = ProviderPermission | 'none';
const GRANTS: readonly Grant[] = [...PROVIDER_PERMISSIONS, 'none'];
/** The demo clinic has every module on (seed-demo-data.ts DEMO_CLINIC_MODULES). */
const DEMO_MODULES: readonly string[] = WORKSPACE_MODULES;
const ANY_ID = '6f1c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f';
/** A screen with a heading no table row shares, visited between two rows (see `openRow`). */
const BETWEEN = { path: '/provider/master-password', heading: 'Master password' };

const ROWS = Object.keys(PROVIDER_ROUTE_GATES);

/** The row's path with its parameters filled: a patient of the clinic, else ids that name nothing. */
function concrete(path: string, patientId: string): string {
  return path.replace(/:(\w+)/g, (_match, name: string) => {
    switch (name) {
      case 'patientId':
      case 'userId':
        return patientId;
      case 'type':
      case 'kind':
        return 'primary';
      case 'step':
        return path.includes('/appointments/create/') ? 'providers' : 'personal';
      default:
        return ANY_ID;
    }
  });
}

/** A client-side navigation, as a link in the app makes it (no reload, no second sign-in). */
async function navigate(page: Page, url: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}

/**
 * Opens a row once the previous screen is gone: first a screen of its own heading, then the row,
 * then waits until that heading has left and a screen's h1 is there — the row's screen or its gate.
 */
async function openRow(page: Page, url: string): Promise<void> {
  await navigate(page, BETWEEN.path);
  await expect(page.getByRole('heading', { level: 1, name: BETWEEN.heading })).toBeVisible();
  await navigate(page, url);
  if (url !== BETWEEN.path) {
    await expect(page.getByRole('heading', { level: 1, name: BETWEEN.heading })).toHaveCount(0);
  }
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
}

// About 80 rows with two client-side navigations each, and axe on each screen a worker meets first:
// more than the suite's 90 s on a loaded machine, so this spec allows five minutes per provider.
test.describe.configure({ timeout: 300_000 });

for (const grant of GRANTS) {
  test(`a provider holding ${grant === 'none' ? 'no permission' : `only ${grant}`} meets every provider route as spec 3 §6 says`, async ({
    page,
    request,
  }) => {
    const username = uniqueName(`dr.matrix.${grant.toLowerCase()}`);
    const permissions: ProviderPermission[] = grant === 'none' ? [] : [grant];
    await createUser(request, {
      memberType: 'doctor',
      username,
      password: DEMO_PASSWORD,
      firstName: 'Max',
      lastName: 'Matrix',
      email: `${username}@example.com`,
      clinicNumbers: [1001],
      permissions,
    });
    const patient = await createUser(request, {
      firstName: 'Mia',
      lastName: 'Matrix',
      birthdate: '1980-02-03',
      clinicNumbers: [1001],
    });
    await signInByApi(page, username, { open: BETWEEN.path });

    const wrong: string[] = [];
    for (const row of ROWS) {
      const url = concrete(row, patient.id);
      await openRow(page, url);
      const decision = decideProviderRoute(row, { permissions, modules: DEMO_MODULES });
      const noAccess = page.getByTestId('no-access');
      if (decision.kind === 'deny') {
        const sentence = providerShellEn[`gate_${decision.noAccess}`];
        await expect(noAccess, `${row}: the no-access sentence`).toHaveText(sentence);
      } else if ((await noAccess.count()) > 0) {
        wrong.push(`${row}: refused (${(await noAccess.first().textContent()) ?? ''}), expected the screen`);
      }
    }
    expect(wrong).toEqual([]);
  });
}
