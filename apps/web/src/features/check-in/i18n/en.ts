// Check-in, task dashboard, on-the-fly tasks, quick links and self check-in texts (spec 2 §2, §4),
// namespace 'checkIn'. Loaded with those screens, not with the first page (decision 0017).
import { confirmPatientEn } from './confirm-patient-en.ts';

export const checkInEn = {
  'landing.title': 'Check-in',
  'landing.intro': 'Choose the visit you are checking in for.',
  'landing.empty': 'You have no visit to check in for.',
  'landing.failed': 'Your visits could not be loaded.',
  'landing.entry': '{{department}}, {{when}}',
  'landing.visits_one': '{{count}} visit',
  'landing.visits_other': '{{count}} visits',
  'landing.finished': 'Checked in',
  'landing.start': 'Start check-in',
  'landing.continue': 'Continue check-in',

  'dashboard.title': 'Your tasks',
  'dashboard.intro': 'Complete these tasks before your visit.',
  'dashboard.loading': 'Loading your tasks…',
  'dashboard.failed': 'Your tasks could not be loaded.',
  'dashboard.empty': 'There are no tasks for this visit.',
  'dashboard.missing': 'No visit was chosen.',
  'dashboard.finish': 'Finish check-in',
  'status.NEW': 'To do',
  'status.ACCESSED': 'Started',
  'status.DONE': 'Done',
  'action.start': 'Start',
  'action.continue': 'Continue',
  'action.review': 'Review',
  'action.taskLabel': '{{action}}: {{title}}',
  openFailed: 'The task could not be opened.',

  'regular.markDone': 'Mark as done',
  'regular.failed': 'The task could not be marked as done.',
  'regular.notFound': 'This task was not found.',
  'regular.back': 'Back to your tasks',

  'final.title': 'Check-in complete',
  'final.text': 'Thank you, you are checked in. Please let the front desk know you have arrived.',
  'final.textToday':
    'Thank you, you are checked in. When you arrive, please let the front desk know you are here.',
  'final.textAhead':
    'Thank you, your check-in is done. There is nothing else to do before your visit on {{date}}.',
  'final.textVideo':
    'Thank you, you are checked in. Join the video visit from your appointment when it opens.',
  'final.finishing': 'Finishing your check-in…',
  'final.remaining': 'Some tasks are still to do.',
  'final.failed': 'Your check-in could not be finished.',
  'final.backToTasks': 'Back to your tasks',
  'final.home': 'Go to your appointments',
  'final.kioskDone': 'Next patient',

  'success.title': 'Task complete',
  'success.text': 'Thank you. This task is done.',
  'success.next': 'Continue',

  'feed.title': 'Tasks',
  'feed.intro': 'Open tasks of your upcoming visits.',
  'feed.empty': 'You have no open tasks.',
  'feed.failed': 'Your tasks could not be loaded.',
  'feed.visit': '{{department}}, {{when}}',

  'onFly.title': 'Tasks from your clinic',
  'onFly.loading': 'Loading your tasks…',
  'onFly.failed': 'Your tasks could not be loaded.',
  'onFlyFinal.title': 'All tasks done',
  'onFlyFinal.text': 'Thank you. You have completed every task your clinic sent you.',
  'onFlyFinal.home': 'Go to your appointments',

  'quickLink.title': 'Opening your link…',
  'quickLink.failed': 'This link is not valid or has expired.',

  'search.title': 'Patient search',
  'search.intro': 'Find the patient by name and date of birth, then choose today’s visit to check in.',
  'search.name': 'Last name or first name',
  'search.birthdate': 'Date of birth',
  'search.submit': 'Search',
  'search.searching': 'Searching…',
  'search.none': 'No patient matches.',
  'search.failed': 'The search failed.',
  'search.results': 'Patients found',
  'search.noVisit': 'No visit today.',
  'search.checkIn': 'Check in for {{when}}',
  'search.patient': '{{name}}, born {{birthdate}}',
  ...confirmPatientEn,
} as const;

export type CheckInTextKey = keyof typeof checkInEn;
