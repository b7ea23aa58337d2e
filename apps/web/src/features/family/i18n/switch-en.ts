// The family-switch notice of the patient layout (spec 3 §4), in the first page's catalogue.
export const familySwitchEn = {
  'familySwitch.notice': "You are using a family member's profile.",
  'familySwitch.back': 'Switch back',
};
