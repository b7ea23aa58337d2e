import 'i18next';
import type { en } from './en.ts';
import type { bookingEn } from '../../features/booking/i18n/en.ts';
import type { appointmentsEn } from '../../features/appointments/i18n/en.ts';
import type { demographicsEn } from '../../features/demographics/i18n/en.ts';
import type { vitalsEn } from '../../features/vitals/i18n/en.ts';
import type { healthEn } from '../../features/health/i18n/en.ts';
import type { paymentsEn } from '../../features/payments/i18n/en.ts';
import type { insuranceEn } from '../../features/insurance/i18n/en.ts';
import type { documentsEn } from '../../features/documents/i18n/en.ts';
import type { myDocumentsEn } from '../../features/my-documents/i18n/en.ts';
import type { questionnairesEn } from '../../features/questionnaires/i18n/en.ts';
import type { messagingEn } from '../../features/messaging/i18n/en.ts';
import type { videoCallEn } from '../../features/video-call/i18n/en.ts';
import type { voiceCallsEn } from '../../features/voice-calls/i18n/en.ts';
import type { checkInEn } from '../../features/check-in/i18n/en.ts';
import type { providerShellEn } from '../../features/provider-shell/i18n/en.ts';
import type { providerScheduleEn } from '../../features/provider-schedule/i18n/en.ts';
import type { patientsEn } from '../../features/patients/i18n/en.ts';
import type { insuranceReviewEn } from '../../features/insurance-review/i18n/en.ts';
import type { familyEn } from '../../features/family/i18n/en.ts';
import type { clinicsEn } from '../../features/clinics/i18n/en.ts';
import type { providerAdminEn } from '../../features/provider-admin/i18n/en.ts';
import type { recoveryEn } from '../../features/recovery/i18n/en.ts';
import type { signUpEn } from '../../features/sign-up/i18n/en.ts';
import type { providerRegistrationEn } from '../../features/provider-registration/i18n/en.ts';
import type { accountSettingsEn } from '../../features/account-settings/i18n/en.ts';
import type { healthCardEn } from '../../features/health-card/i18n/en.ts';
import type { signedInEn } from '../../app/i18n/signed-in-en.ts';
import type { auditEn } from '../../features/audit/i18n/en.ts';

/**
 * The default namespace: the first page's catalogue plus the texts some features add to it when their
 * screens load (FeatureCatalogue with namespace 'translation', decision 0006).
 */
type DefaultNamespace = typeof en &
  typeof recoveryEn &
  typeof signUpEn &
  typeof providerRegistrationEn &
  typeof accountSettingsEn &
  typeof signedInEn;

// Typed keys: t('login.username') compiles, a misspelt key does not. Feature namespaces
// (useTranslation('booking')) are loaded with their screens (decision 0017).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: DefaultNamespace;
      booking: typeof bookingEn;
      appointments: typeof appointmentsEn;
      demographics: typeof demographicsEn;
      vitals: typeof vitalsEn;
      health: typeof healthEn;
      payments: typeof paymentsEn;
      insurance: typeof insuranceEn;
      documents: typeof documentsEn;
      myDocuments: typeof myDocumentsEn;
      questionnaires: typeof questionnairesEn;
      checkIn: typeof checkInEn;
      providerShell: typeof providerShellEn;
      providerSchedule: typeof providerScheduleEn;
      messaging: typeof messagingEn;
      patients: typeof patientsEn;
      insuranceReview: typeof insuranceReviewEn;
      family: typeof familyEn;
      clinics: typeof clinicsEn;
      providerAdmin: typeof providerAdminEn;
      videoCall: typeof videoCallEn;
      voiceCalls: typeof voiceCallsEn;
      healthCard: typeof healthCardEn;
      audit: typeof auditEn;
    };
    keySeparator: false;
    nsSeparator: false;
  }
}
