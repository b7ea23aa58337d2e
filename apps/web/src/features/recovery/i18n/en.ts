// Credential recovery and the security page (spec 1 §2, §4, §5, §8).
// English texts of this feature, spread into lib/i18n/en.ts. Spec texts verbatim.
export const recoveryEn = {
  // Keys arrive with the feature; this one keeps the catalogue typed until then.
  _placeholder: '',
} as const;
