import { eq } from 'drizzle-orm';
import type { ProviderPermission } from '@app/contracts/roles';
import { clinicPatients, providers } from '../../db/schema/clinics.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { createTestUser, type TestUserOptions } from '../../test/create-test-user.ts';
import { loginTokens } from '../auth/auth-test-helpers.ts';

export interface TestProvider {
  id: string;
  username: string;
  clinicId: string;
  token: string;
  sessionRefresh: string;
}

/** A provider with a clinic of their own (createTestUser makes one), logged in. */
export async function providerWithClinic(
  t: TestApp,
  permissions: ProviderPermission[],
): Promise<TestProvider> {
  const user = await createTestUser(t.context.db, { memberType: 'doctor', permissions });
  const [membership] = await t.context.db
    .select({ clinicId: providers.clinicId })
    .from(providers)
    .where(eq(providers.userId, user.id));
  if (!membership) {
    throw new Error('test provider has no clinic');
  }
  const tokens = await loginTokens(t.app, user.username);
  return {
    id: user.id,
    username: user.username,
    clinicId: membership.clinicId,
    token: tokens.access_token,
    sessionRefresh: tokens.refresh_token,
  };
}

/** A patient registered at the given clinics. */
export async function patientAt(t: TestApp, clinicIds: string[], options: TestUserOptions = {}) {
  const user = await createTestUser(t.context.db, { memberType: 'patient', ...options });
  for (const clinicId of clinicIds) {
    await t.context.db.insert(clinicPatients).values({ clinicId, userId: user.id });
  }
  return user;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
