// spec 2 §4 provider-to-patient switch: the notice the patient area shows while a provider acts in it.
export const patientSwitchEn = {
  'patientSwitch.notice': 'You are acting for this patient as a provider.',
  'patientSwitch.return': 'Return to provider',
};
