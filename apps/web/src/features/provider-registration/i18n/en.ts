// Clinic login, doctor registration with pin code and provider self-registration (spec 1 §2, §4, §5, §8).
// English texts of this feature, spread into lib/i18n/en.ts. Spec texts verbatim.
export const providerRegistrationEn = {
  // Keys arrive with the feature; this one keeps the catalogue typed until then.
  _placeholder: '',
} as const;
