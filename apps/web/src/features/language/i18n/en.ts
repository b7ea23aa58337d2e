// Communication language (spec 1 §2 /user/single/languages, §4). English texts of this feature,
// spread into lib/i18n/en.ts.
export const languageEn = {
  'languages.title': 'Language',
  'languages.legend': 'Choose the language of the portal',
  'languages.save': 'Save',
  'languages.saved': 'Your language has been saved.',
  'languages.error': 'Your language could not be saved. Please try again.',
};
