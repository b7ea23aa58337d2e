import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { recoveryRoutes } from './accounts/recovery.routes.ts';
import { securityRoutes } from './accounts/security.routes.ts';
import { signUpRoutes } from './accounts/sign-up.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { clinicLoginRoutes } from './clinics/clinic-login.routes.ts';
import { devFixturesRoutes } from './dev-fixtures/dev-fixtures.routes.ts';
import { providerRegistrationRoutes } from './providers/provider-registration.routes.ts';
import { appConfigRoutes } from './clinics/app-config.routes.ts';
import { passkeysRoutes } from './passkeys/passkeys.routes.ts';
import { totpRoutes } from './totp/totp.routes.ts';
import { userImageRoutes } from './account-settings/user-image.routes.ts';
import { devOutboxRoutes } from './dev-outbox/dev-outbox.routes.ts';
import { devicesRoutes } from './devices/devices.routes.ts';
import { providerResourcesRoutes } from './providers/provider-resources.routes.ts';
import { communicationLanguageRoutes } from './accounts/communication-language.routes.ts';
import { ssoRoutes } from './sso/sso.routes.ts';
import { patientsRoutes } from './patients/patients.routes.ts';
import { appointmentsRoutes } from './appointments/appointments.routes.ts';
import { schedulingRoutes } from './scheduling/scheduling.routes.ts';
import { schedulingFixturesRoutes } from './dev-fixtures/scheduling-fixtures.routes.ts';
import { bookingClinicsRoutes } from './scheduling/booking-clinics.routes.ts';
import { checkInRoutes } from './check-in/check-in.routes.ts';
import { demographicsRoutes } from './demographics/demographics.routes.ts';
import { vitalsRoutes } from './vitals/vitals.routes.ts';
import { paymentsRoutes } from './payments/payments.routes.ts';
import { filesRoutes } from '../platform/files/files.routes.ts';
import { insuranceRoutes } from './insurance/insurance.routes.ts';
import { documentsRoutes } from './documents/documents.routes.ts';
import { questionnairesRoutes } from './questionnaires/questionnaires.routes.ts';
import { onFlyRoutes } from './check-in/on-fly.routes.ts';
import { selfCheckInRoutes } from './check-in/self-check-in.routes.ts';
import { quickLinksRoutes } from './quick-links/quick-links.routes.ts';
import { checkInFixturesRoutes } from './dev-fixtures/check-in-fixtures.routes.ts';

/**
 * Every domain module registers here, one line each. Keeping the list in one place makes it easy to
 * see what the server offers, and keeps app.ts free of domain knowledge.
 */
export async function registerModules(app: FastifyInstance, context: AppContext): Promise<void> {
  await app.register(authRoutes, { context });
  await app.register(appConfigRoutes, { context });
  await app.register(devOutboxRoutes, { context });
  await app.register(devFixturesRoutes, { context });
  await app.register(signUpRoutes, { context });
  await app.register(recoveryRoutes, { context });
  await app.register(securityRoutes, { context });
  await app.register(providerRegistrationRoutes, { context });
  await app.register(clinicLoginRoutes, { context });
  await app.register(devicesRoutes, { context });
  await app.register(providerResourcesRoutes, { context });
  await app.register(communicationLanguageRoutes, { context });
  await app.register(ssoRoutes, { context });
  await app.register(passkeysRoutes, { context });
  await app.register(totpRoutes, { context });
  await app.register(userImageRoutes, { context });
  await app.register(patientsRoutes, { context });
  await app.register(appointmentsRoutes, { context });
  await app.register(schedulingRoutes, { context });
  await app.register(schedulingFixturesRoutes, { context });
  await app.register(bookingClinicsRoutes, { context });
  await app.register(checkInRoutes, { context });
  await app.register(demographicsRoutes, { context });
  await app.register(vitalsRoutes, { context });
  await app.register(paymentsRoutes, { context });
  await app.register(filesRoutes, { context });
  await app.register(insuranceRoutes, { context });
  await app.register(documentsRoutes, { context });
  await app.register(questionnairesRoutes, { context });
  await app.register(onFlyRoutes, { context });
  await app.register(selfCheckInRoutes, { context });
  await app.register(quickLinksRoutes, { context });
  await app.register(checkInFixturesRoutes, { context });
}
