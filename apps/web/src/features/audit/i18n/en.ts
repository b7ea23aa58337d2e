// Issue 19 items 2 and 3 (decision 0063): the patient's access history and the clinic's audit trail.
// Namespace 'audit', loaded with the two screens (./catalogue.ts).
export const auditEn = {
  loading: 'Loading…',
  loadFailed: 'The history could not be loaded. Please try again.',

  // /user/access-history
  historyIntro:
    'Every time someone other than you opened or changed your record, it is listed here, newest first.',
  historyEmpty: 'Nobody else has opened your record yet.',
  historyEmptyTitle: 'No one yet',
  historyCount_one: '{{count}} entry',
  historyCount_other: '{{count}} entries',
  historyListLabel: 'Who opened your record',
  loadMore: 'Load more',
  throughYourSession: 'Signed in to your account on your behalf (patient switch)',
  throughFamily: 'Through your family account',
  historyWhat: '{{action}}: {{resource}}',

  // Roles as the patient reads them
  role_provider: 'Care team',
  role_family: 'Family member',
  role_patient: 'Patient',

  // Actions
  action_read: 'Viewed',
  action_create: 'Added',
  action_update: 'Changed',
  action_delete: 'Removed',
  action_export: 'Exported',
  action_login: 'Signed in',
  'action_failed-login': 'Failed sign-in',
  'action_permission-denied': 'Refused access',

  // Outcomes
  outcome_success: 'Success',
  outcome_denied: 'Refused',
  outcome_failure: 'Failed',

  // Parts of a record
  resource_appointments: 'Appointments',
  resource_demographics: 'Personal details',
  resource_insurance: 'Insurance',
  resource_documents: 'Documents',
  resource_messages: 'Messages',
  resource_vitals: 'Vitals',
  resource_questionnaires: 'Questionnaires',
  'resource_check-in': 'Check-in',
  'resource_care-plans': 'Care plans',
  resource_payments: 'Payments',
  'resource_patient-chart': 'Patient chart',
  'resource_patient-search': 'Patient search',
  resource_family: 'Family',
  resource_video: 'Video visits',
  resource_session: 'Sign-in',
  resource_route: 'Other page',
  resource_audit: 'Audit trail',

  // /provider/audit
  auditIntro:
    'Who read or changed the data of your clinic’s patients, and when. Filter the trail, then export it as CSV.',
  filtersTitle: 'Filters',
  filterPatient: 'Patient',
  filterPatientSearch: 'Find a patient (name or member ID)',
  filterPatientSearchButton: 'Find',
  filterPatientResults: 'Patients found',
  filterPatientNone: 'No patient matches.',
  filterPatientNoPermission:
    'Searching patients needs the patient permission. Choose a patient’s name in the results instead.',
  filterStaff: 'Staff member',
  filterStaffHint: 'Anyone. To see one person’s actions, choose their name in the results.',
  filterAction: 'Action',
  filterAnyAction: 'Any action',
  filterFrom: 'From',
  filterTo: 'To',
  filterApply: 'Apply filters',
  filterClear: 'Clear filters',
  filterRemove: 'Remove filter {{filter}}',
  filterChip: '{{filter}}: {{value}}',
  filterBadDates: 'The start date must not be after the end date.',
  filterByPatient: 'Show only {{name}}',
  filterByStaff: 'Show only {{name}}’s actions',
  exportCsv: 'Export CSV',
  exportFailed: 'The export could not be made. Please try again.',
  exportDone: 'The CSV file was downloaded.',
  resultsLabel: 'Audit events',
  resultsCount_one: '{{count}} event',
  resultsCount_other: '{{count}} events',
  resultsEmpty: 'No event matches these filters.',
  resultsEmptyTitle: 'Nothing found',
  pagination: 'Pages of audit events',
  colWhen: 'When',
  colWho: 'Who',
  colPatient: 'Patient',
  colWhat: 'What',
  colAction: 'Action',
  colOutcome: 'Outcome',
  colFrom: 'Address',
  actingFor: 'acting for the patient’s account',
  nobody: 'Unknown account',
  noPatient: 'No patient',
  unknownResource: 'Other ({{type}})',
};
export type AuditTexts = typeof auditEn;
