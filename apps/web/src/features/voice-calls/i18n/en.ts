// Outbound dialer texts (issue 17 item 4, decision 0043), namespace 'voiceCalls'.
export const voiceCallsEn = {
  call: 'Call',
  callPatient: 'Call {{name}} by phone',
  dialerHeading: 'Phone call',
  dialerIntro:
    'Call the patient on the phone number in their record, for example if the video does not work.',
  callPatientButton: 'Call patient',
  hangUp: 'Hang up',
  hangUpCall: 'Hang up the call to {{name}}',
  statusDialing: 'Calling {{name}} at number ending {{suffix}}…',
  statusInProgress: 'On the phone with {{name}} (number ending {{suffix}})',
  statusEnded: 'Call to {{name}} ended',
  statusEndedByVideo: 'Call to {{name}} ended with the video visit',
  statusFailed: 'The call to {{name}} could not be placed',
  failed: 'The call could not be placed. Please try again.',
  hangUpFailed: 'The call could not be hung up. Please try again.',
} as const;
