import type { Address, EmergencyContact, PersonalData } from '@app/contracts/demographics';

/** The wizard's values over its three steps (spec 2 §4 Demographics), as the inputs hold them. */
export interface DemographicsDraft {
  personal: Record<keyof PersonalData, string>;
  address: Record<keyof Address, string>;
  emergency: Record<keyof EmergencyContact, string>;
}

export type FieldErrors = Record<string, string>;

function strings<T extends Record<string, unknown>>(value: T): Record<keyof T, string> {
  const out = {} as Record<keyof T, string>;
  for (const key of Object.keys(value) as (keyof T)[]) {
    const entry = value[key];
    out[key] = typeof entry === 'string' ? entry : '';
  }
  return out;
}

export function draftFrom(
  personal: PersonalData,
  address: Address,
  emergency: EmergencyContact,
): DemographicsDraft {
  return { personal: strings(personal), address: strings(address), emergency: strings(emergency) };
}

/** The server's field errors by field name; entries without a field are the form's own (key ''). */
export function fieldErrorsOf(
  errors: readonly { field?: string | undefined; detail: string }[],
): FieldErrors {
  const out: FieldErrors = {};
  for (const error of errors) {
    const field = error.field ?? '';
    out[field] ??= error.detail;
  }
  return out;
}
