import { areaEntry, PUBLIC_ROUTE_MAP, type RouteArea, type RouteEntry } from './route-map.ts';

// The routes of the patient and provider areas. Only the route table of those areas loads this list
// (signed-in-routes.tsx), so the first page does not carry it (decision 0056).

const user = areaEntry('user', '/user/');
const provider = areaEntry('provider', '/provider/');

export const SIGNED_IN_ROUTE_MAP: readonly RouteEntry[] = [
  // Patient area (spec 1 §2 routes and side menu).
  user('security', 'route.user.security', 'security'),
  user('appointment', 'route.user.appointment', 'appointment-list'),
  // spec 2 §2 booking: the provider list is the start; the other subpages are steps of one screen
  // (providers, consultation-types, recurring-visit, time-slots, confirm, confirm-reschedule, summary).
  user('appointment/create', 'route.user.appointmentCreate', 'booking'),
  user('appointment/create/:step', 'route.user.appointmentCreate', 'booking'),
  user('appointment/:appointmentId', 'route.user.appointmentDetails', 'appointment-details'),
  // The patient's video-call room (issue 7; spec 2 §2 start link, the spec names only the provider's path).
  user('video-call/:appointmentId', 'route.user.videoCall', 'patient-video-call'),
  user('account-settings', 'route.user.accountSettings', 'account-settings'),
  // Issue 21 item 3 (decision 0082): the consent screen of a SMART app's authorization request.
  user('connect-app/:requestId', 'route.user.connectApp', 'connect-app'),
  // Issue 19 item 2 (decision 0063): who opened the patient's record.
  user('access-history', 'route.user.accessHistory', 'access-history'),
  user('single/health-card', 'route.user.healthCard', 'health-card'),
  user('documents', 'route.user.documents', 'user-documents'),
  user('vital/group', 'route.user.vitalGroup', 'vital-group'),
  // spec 3 §2 Family accounts (care-plan app): the list and the connect screen (no path in the spec).
  user('family', 'route.user.family', 'family'),
  user('family/connect', 'route.user.familyConnect', 'family-connect'),
  user('provider', 'route.user.provider', 'clinics'),
  user('provider/connect', 'route.user.providerConnect', 'clinic-connect'),
  user('single/languages', 'route.user.languages', 'languages'),
  user('outstanding-balance-list', 'route.user.outstandingBalanceList', 'outstanding-balance-list'),
  user('choose-appointment', 'route.user.chooseAppointment', 'choose-appointment'),
  user('switch-patient', 'route.user.switchPatient', 'switch-patient'),
  user('confirm-patient', 'route.user.confirmPatient', 'confirm-patient'),
  // spec 2 §2 check-in and task routes (issue 5). The task base url is /user/task, or
  // /provider/patient/task in self check-in (kiosk) mode; each task page lives below it.
  user('check-in-landing', 'route.user.checkInLanding', 'check-in-landing'),
  user('check-in-final', 'route.user.checkInFinal', 'check-in-final'),
  user('task', 'route.user.task', 'task-dashboard'),
  user('task/questionnaire', 'route.user.questionnaire', 'questionnaire'),
  user('task/questionnaire/main/:formId', 'route.user.questionnaire', 'questionnaire'),
  user('questionnaire', 'route.user.questionnaire', 'questionnaire'),
  user('questionnaire/main/:formId', 'route.user.questionnaire', 'questionnaire'),
  user('task/demographic/:step', 'route.user.demographics', 'demographics'),
  user('task/confirm-insurance-card', 'route.user.insuranceCard', 'insurance-confirm'),
  user('task/insurance-card/:kind', 'route.user.insuranceCard', 'insurance-card'),
  user('task/sign-document', 'route.user.signDocument', 'sign-document'),
  user('task/copay', 'route.user.copay', 'copay'),
  user('task/outstanding-balance', 'route.user.outstandingBalanceList', 'outstanding-balance-task'),
  user('task/vital', 'route.user.vital', 'vitals'),
  user('task/regular', 'route.user.task', 'task-regular'),
  user('task-feed', 'route.user.taskFeed', 'task-feed'),
  user('success', 'route.user.taskSuccess', 'task-success'),
  user('copay-thank-you', 'route.user.copayThankYou', 'copay-thank-you'),
  user('on-fly-final', 'route.user.onFlyFinal', 'on-fly-final'),
  // spec 1 §2: where the UnitedMD app's sign-up always ends; its scheduling start (decision 0037).
  user('unitedmd-schedule', 'route.user.unitedmdSchedule', 'unitedmd-schedule'),
  // The patient's side of secure messaging (issue 6; the spec names no path, decision 0026).
  user('message', 'route.user.message', 'user-messages'),
  user('message/:threadId', 'route.user.messageThread', 'user-message-thread'),

  // Provider area.
  provider('security', 'route.provider.security', 'security'),
  // Providers manage their passkeys and authenticator app here (decision 0012); the spec names no path.
  provider('account-settings', 'route.provider.accountSettings', 'account-settings'),
  // Issue 19 item 3 (decision 0063): the clinic's audit trail (SETTING).
  provider('audit', 'route.provider.audit', 'provider-audit'),
  // Issue 21 item 3 (decision 0082): the clinic's registered SMART apps (SETTING).
  provider('smart-apps', 'route.provider.smartApps', 'provider-smart-apps'),
  // Decision 0089: the consent screen of a provider's SMART launch (user/ scopes), in the provider shell.
  provider('connect-app/:requestId', 'route.provider.connectApp', 'connect-app'),
  // spec 3 §2 Provider appointment schedule and its filter screens (decision 0024).
  provider('appointment', 'route.provider.appointment', 'provider-schedule'),
  provider('appointment/select-departments', 'route.provider.selectDepartments', 'provider-schedule-filter'),
  provider('appointment/select-locations', 'route.provider.selectLocations', 'provider-schedule-filter'),
  provider('appointment/select-providers', 'route.provider.selectProviders', 'provider-schedule-filter'),
  // spec 3 §2 Waiting room (telehealth) and DriveUp, each with select-departments and select-providers.
  provider('waiting-room', 'route.provider.waitingRoom', 'waiting-room'),
  provider('waiting-room/select-departments', 'route.provider.selectDepartments', 'provider-schedule-filter'),
  provider('waiting-room/select-providers', 'route.provider.selectProviders', 'provider-schedule-filter'),
  provider('waiting-room-telehealth', 'route.provider.waitingRoomTelehealth', 'waiting-room'),
  provider(
    'waiting-room-telehealth/select-departments',
    'route.provider.selectDepartments',
    'provider-schedule-filter',
  ),
  provider(
    'waiting-room-telehealth/select-providers',
    'route.provider.selectProviders',
    'provider-schedule-filter',
  ),
  // The clinic's appointment list, where registration and single sign-on land (decision 0039).
  provider('appointments', 'route.provider.appointments', 'provider-appointments'),
  // spec 3 §2 secure messaging (MESSAGE), bulk messaging and SMS templates (issue 6, decision 0026).
  provider('message', 'route.provider.message', 'provider-messages'),
  provider('message/search-patient', 'route.provider.messageSearchPatient', 'message-receiver-search'),
  provider('message/search-provider', 'route.provider.messageSearchProvider', 'message-receiver-search'),
  provider('message/receiver-list', 'route.provider.messageReceiverList', 'message-receiver-list'),
  provider('message/thread/create', 'route.provider.messageThreadCreate', 'message-thread-create'),
  provider('message/thread/:threadId', 'route.provider.messageThread', 'provider-message-thread'),
  provider('bulk-message', 'route.provider.bulkMessage', 'bulk-message'),
  provider('patient/sms-templates', 'route.provider.smsTemplates', 'sms-templates'),
  // The patient view's message tab (helper B's shell wraps these paths).
  provider('patient/:patientId/message', 'route.provider.patientMessage', 'provider-messages'),
  provider('patient/:patientId/message/thread', 'route.provider.patientMessage', 'provider-messages'),
  provider(
    'patient/:patientId/message/thread/create',
    'route.provider.messageThreadCreate',
    'message-thread-create',
  ),
  provider('patient/:patientId/message/thread/sms', 'route.provider.patientSms', 'patient-sms'),
  provider(
    'patient/:patientId/message/thread/:threadId',
    'route.provider.messageThread',
    'provider-message-thread',
  ),
  provider(
    'patient/:patientId/message/receiver-list',
    'route.provider.messageReceiverList',
    'message-receiver-list',
  ),
  provider(
    'patient/:patientId/message/search-patient',
    'route.provider.messageSearchPatient',
    'message-receiver-search',
  ),
  provider(
    'patient/:patientId/message/search-provider',
    'route.provider.messageSearchProvider',
    'message-receiver-search',
  ),
  provider('auth-data', 'route.provider.authData', 'provider-registration'),
  provider('security-question', 'route.provider.securityQuestion', 'provider-registration'),
  provider('canny-sso-roadmap', 'route.provider.cannySsoRoadmap', 'roadmap-sso'),
  // The patient page the SSO landing opens with the EHR's patient_id (spec 1 §4); the chart is issue 6.
  // spec 3 §2 Patient view shell: every path below it renders inside the shell (router.tsx), except
  // the booking steps, which are a full-screen flow of their own (decision 0025).
  provider('patient/:patientId', 'route.provider.patient', 'patient-view'),
  provider('patient/:patientId/documents', 'route.provider.patientDocuments', 'patient-documents'),
  provider(
    'patient/:patientId/documents/questionnaires',
    'route.provider.patientDocuments',
    'patient-documents',
  ),
  provider('patient/:patientId/payments', 'route.provider.patientPayments', 'patient-payments'),
  provider('patient/:patientId/time-recorder', 'route.provider.patientTimeRecorder', 'patient-time-recorder'),
  provider('patient/:patientId/address-and-contacts', 'route.provider.patientContacts', 'patient-contacts'),
  // spec 3 §2 Patient search and Register patient.
  provider('search-patient', 'route.provider.searchPatient', 'patient-search'),
  provider('appointment/search-patient', 'route.provider.appointmentSearchPatient', 'appointment-lookup'),
  provider('create-patient', 'route.provider.registerPatient', 'register-patient'),
  // spec 3 §2 Insurance cards list, filter and card view (?order=n).
  provider('insurances', 'route.provider.insurances', 'insurance-list'),
  provider('insurances/filter', 'route.provider.insurancesFilter', 'insurance-filter'),
  provider('insurances/:userId/:type', 'route.provider.insuranceCard', 'insurance-card-view'),
  // spec 2 §2: a provider's view of one patient's appointments and booking for them (care manager).
  provider('patient/:patientId/appointments', 'route.provider.patientAppointments', 'patient-appointments'),
  provider(
    'patient/:patientId/questionnaires',
    'route.provider.patientQuestionnaires',
    'patient-questionnaires',
  ),
  provider('patient/:patientId/appointments/create', 'route.provider.patientAppointmentCreate', 'booking'),
  provider(
    'patient/:patientId/appointments/create/:step',
    'route.provider.patientAppointmentCreate',
    'booking',
  ),
  // spec 3 §2 patient health tab (REMOTE_PATIENT_MONITORING), default tab intellimap; one screen with
  // its own tab strip, each tab at its own path (issue 6 item 9).
  provider('patient/:patientId/health', 'route.provider.patientHealth', 'patient-health'),
  provider('patient/:patientId/health/care-plans', 'route.provider.patientHealth', 'patient-health'),
  provider('patient/:patientId/health/devices', 'route.provider.patientHealth', 'patient-health'),
  provider('patient/:patientId/health/intellimap', 'route.provider.patientHealth', 'patient-health'),
  provider('patient/:patientId/health/flowsheet', 'route.provider.patientHealth', 'patient-health'),
  provider('patient/:patientId/health/graphs-goals', 'route.provider.patientHealth', 'patient-health'),
  provider('patient-create', 'route.provider.patientCreate', 'patient-create'),
  // spec 3 §2 side menu panels and provider routes (issue 6 item 8).
  provider('master-password', 'route.provider.masterPassword', 'master-password'),
  provider('wait-times', 'route.provider.waitTimes', 'wait-times'),
  provider('news', 'route.provider.news', 'news'),
  provider('flows', 'route.provider.flows', 'flows'),
  provider('patient/:patientId/flows', 'route.provider.patientFlows', 'flows'),
  provider('follow-ups', 'route.provider.followUps', 'follow-ups'),
  provider('patient-navigation', 'route.provider.patientNavigation', 'patient-navigation'),
  // Issue 17 item 6 (decision 0045): the clinic's Intellimap board (REMOTE_PATIENT_MONITORING), a
  // patient's new flow (FLOWS + module), and Secure Messaging in the single-header layout (no sidebar,
  // footer tabs or menu; provider-layout.tsx), whose links stay under /provider/single-header/.
  provider('intellimap', 'route.provider.intellimap', 'intellimap-board'),
  provider('patient/:patientId/flows/create', 'route.provider.patientFlowCreate', 'flow-create'),
  provider('single-header/message', 'route.provider.singleHeader', 'provider-messages'),
  provider(
    'single-header/message/search-patient',
    'route.provider.messageSearchPatient',
    'message-receiver-search',
  ),
  provider(
    'single-header/message/search-provider',
    'route.provider.messageSearchProvider',
    'message-receiver-search',
  ),
  provider(
    'single-header/message/receiver-list',
    'route.provider.messageReceiverList',
    'message-receiver-list',
  ),
  provider(
    'single-header/message/thread/create',
    'route.provider.messageThreadCreate',
    'message-thread-create',
  ),
  provider(
    'single-header/message/thread/:threadId',
    'route.provider.messageThread',
    'provider-message-thread',
  ),
  // spec 2 §2 self check-in (kiosk) mode: the task pages under the provider's session.
  provider('patient/search', 'route.provider.patientSearch', 'kiosk-patient-search'),
  // spec 1 §2 rule 3 {role}/confirm-patient for the kiosk: confirm the patient of the picked visit.
  provider('confirm-patient', 'route.user.confirmPatient', 'confirm-patient'),
  provider('patient/task', 'route.user.task', 'task-dashboard'),
  provider('patient/task/check-in', 'route.user.checkInFinal', 'check-in-final'),
  provider('patient/task/success', 'route.user.taskSuccess', 'task-success'),
  provider('patient/task/questionnaire', 'route.user.questionnaire', 'questionnaire'),
  provider('patient/task/questionnaire/main/:formId', 'route.user.questionnaire', 'questionnaire'),
  provider('patient/task/demographic/:step', 'route.user.demographics', 'demographics'),
  provider('patient/task/confirm-insurance-card', 'route.user.insuranceCard', 'insurance-confirm'),
  provider('patient/task/insurance-card/:kind', 'route.user.insuranceCard', 'insurance-card'),
  provider('patient/task/sign-document', 'route.user.signDocument', 'sign-document'),
  provider('patient/task/copay', 'route.user.copay', 'copay'),
  provider(
    'patient/task/outstanding-balance',
    'route.user.outstandingBalanceList',
    'outstanding-balance-task',
  ),
  provider('patient/task/vital', 'route.user.vital', 'vitals'),
  provider('patient/task/regular', 'route.user.task', 'task-regular'),
];

/** Every route of spec 1 §2, in one list (the router is built from it; docs list it). */
export const ROUTE_MAP: readonly RouteEntry[] = [...PUBLIC_ROUTE_MAP, ...SIGNED_IN_ROUTE_MAP];

export function routesOfArea(area: RouteArea): RouteEntry[] {
  return ROUTE_MAP.filter((entry) => entry.area === area);
}
