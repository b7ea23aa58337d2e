// The patient side menu's "Switch patient" screen (spec 1 §2, spec 3 §2, §4; issue 16, decision
// 0036), in the 'family' namespace (spread into familyEn).
export const switchPatientEn = {
  'switchPatient.intro': 'Choose whose profile to use. You can switch back to your own at any time.',
  'switchPatient.listLabel': 'Profiles',
  'switchPatient.empty': 'No family members are linked to your account yet.',
  'switchPatient.addHint': 'Link a family member with their own username and password.',
};
