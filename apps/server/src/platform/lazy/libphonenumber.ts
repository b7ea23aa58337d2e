import type * as LibPhoneNumber from 'libphonenumber-js/max';

// Imported when first used (decision 0072): the "max" metadata costs about 140 ms and several MB at
// start-up, and only the phone checks of sign-up, demographics, patients and calls need it.
let loading: Promise<typeof LibPhoneNumber> | undefined;

export function loadLibPhoneNumber(): Promise<typeof LibPhoneNumber> {
  loading ??= import('libphonenumber-js/max');
  return loading;
}
