// Credential recovery and the security page (spec 1 §2, §4, §5, §8).
// English texts of this feature, loaded with its screens (./catalogue.ts). Spec texts verbatim.
export const recoveryEn = {
  // spec 1 §2 credential-recovery-select
  'recovery.select.title': 'Credential Recovery',
  'recovery.select.heading': 'How can we help?',
  'recovery.select.password': 'I forgot my password',
  'recovery.select.username': 'I forgot my username',
  'recovery.next': 'Next',
  'recovery.back': 'Back',
  'recovery.continue': 'Continue',
  'recovery.goBack': 'Go back',
  'recovery.goToLogin': 'Go to Login',
  'recovery.step': 'Step {{step}}',
  'recovery.required': 'This field is required.',

  // spec 1 §2 forgot-username
  'recovery.username.title': 'Forgot username',
  'recovery.username.intro': 'Please enter your name and date of birth.',
  'recovery.username.firstName': 'First name',
  'recovery.username.lastName': 'Last name',
  'recovery.username.birthDate': 'Date of birth',
  'recovery.username.channelText': 'Choose how to receive your username.',
  'recovery.username.textTo': 'Text to:',
  'recovery.username.emailTo': 'Email to:',
  'recovery.username.sentEmail': 'We sent your user username via e-mail to',
  'recovery.username.sentSms': 'We sent your user username via text to the phone number ending in',

  // spec 1 §2 forgot-password
  'recovery.password.title': 'Forgot password',
  'recovery.password.usernameText': 'Please enter your username.',
  'recovery.password.usernameHint': 'Your username may be your email address.',
  'recovery.password.username': 'Username',
  'recovery.password.questionText': 'Please enter the answer to your security question.',
  'recovery.password.question': 'Security question',
  'recovery.password.answer': 'Answer',
  'recovery.password.channelText': 'Choose how to receive the new password',
  'recovery.password.textTo': 'Text to:',
  'recovery.password.emailTo': 'E-mail to:',
  'recovery.activation.channelText':
    "Looks like your account hasn't been activated yet. Would you like to receive your activation link by email or text?",
  'recovery.activation.textTo': 'Text to phone number',
  'recovery.activation.emailTo': 'E-mail to',
  'recovery.activation.sentEmail': 'We sent your activation link with instructions via email to',
  'recovery.activation.sentSms':
    'You will need to activate your account in order to login. We sent your activation link via text to the phone number ending in',
  'recovery.password.sent': 'We have sent your temporary password to',
  'recovery.password.sentPhone': 'the phone number ending in {{ending}}',
  'recovery.phoneEnding': '(***) ***-{{ending}}',
  // spec 1 §8, verbatim
  'recovery.noSecurityQuestion':
    'You need to have a security question set to use the forgot password feature, please email {{email}}',

  // Translated errors of the channel, security-question and activation steps (spec 1 §8).
  'recovery.error.wrongAnswer': 'The answer to your security question is not correct.',
  'recovery.error.expired': 'This recovery request has expired. Please start again.',
  'recovery.error.channelUnavailable': 'This way of contact is not available for your account.',
  'recovery.error.smsCap':
    'Too many text messages have been sent to this number. Please try again later or choose e-mail.',
  'recovery.error.rateLimited': 'Too many requests. Please wait a minute and try again.',
  'recovery.error.generic': 'Oops… Something went wrong.',

  // Activation link landing (decision 0008)
  'recovery.activate.working': 'Activating your account…',
  'recovery.activate.done': 'Your account has been activated. You can now log in.',
  'recovery.activate.invalid': 'This activation link is invalid or has expired.',
  'recovery.activate.missing': 'This activation link is incomplete. Please open the link from your message.',

  // spec 1 §2 Security page
  'security.title': 'Security',
  'security.passwordHeading': 'Choose a new password',
  'security.questionHeading': 'Set a security question and answer',
  'security.newPassword': 'New password',
  'security.confirmPassword': 'Confirm password',
  'security.showPassword': 'Show password',
  'security.question': 'Security question',
  'security.answer': 'Answer',
  'security.doctorHint': 'Use 8 or more characters with a mix of letters, numbers & symbols',
  'security.patientHint': 'Please set a new password of a minimum of 8 characters.',
  'security.passwordsDoNotMatch': 'Passwords do not match',
  'security.bothOrNeither': 'Both security question and reply should be provided',
  'security.answerLength': 'The answer should be 6 to 100 characters.',
  'security.required': 'This field is required.',
  'security.save': 'Save',
  'security.logout': 'Log out',
  'security.error': 'Error',
} as const;
