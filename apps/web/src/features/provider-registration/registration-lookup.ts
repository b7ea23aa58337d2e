import type { ProviderClinicOption } from '@app/contracts/provider-registration';

/** What the doctor-registration steps carry between pages (this tab only; no secret in it). */
export interface RegistrationLookup {
  lastName: string;
  email: string;
  providerId?: string;
  options?: ProviderClinicOption[];
}

const KEY = 'doctorRegistration';

export function readLookup(): RegistrationLookup | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as RegistrationLookup) : null;
  } catch {
    return null;
  }
}

export function saveLookup(lookup: RegistrationLookup): void {
  sessionStorage.setItem(KEY, JSON.stringify(lookup));
}

export function forgetLookup(): void {
  sessionStorage.removeItem(KEY);
}
