import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';

// spec 2 §2/§4: the booking steps are subpages of one screen; the flow's state lives in the query
// string (filters, provider, department, consultation type, chosen times) so back and reload keep it.

export const BOOKING_STEPS = [
  'providers',
  'consultation-types',
  'recurring-visit',
  'time-slots',
  'confirm',
  'confirm-reschedule',
  'summary',
] as const;
export type BookingStep = (typeof BOOKING_STEPS)[number];

export function isBookingStep(value: string | undefined): value is BookingStep {
  return (BOOKING_STEPS as readonly string[]).includes(value ?? '');
}

export type QueryValues = Record<string, string | string[] | null | undefined>;

/** Merges values into a query string: null/undefined/'' removes a key, arrays repeat it. */
export function mergeQuery(current: URLSearchParams, values: QueryValues): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(values)) {
    next.delete(key);
    if (Array.isArray(value)) {
      for (const item of value) {
        next.append(key, item);
      }
    } else if (value !== null && value !== undefined && value !== '') {
      next.set(key, value);
    }
  }
  return next;
}

export interface BookingFlow {
  step: BookingStep | null;
  /** /user/appointment/create or /provider/patient/:patientId/appointments/create. */
  basePath: string;
  /** Set when a provider books for a patient (our patient id is the patient's user id). */
  patientId: string | null;
  search: URLSearchParams;
  get: (key: string) => string | null;
  goTo: (step: BookingStep, values?: QueryValues, options?: { replace?: boolean; keep?: boolean }) => void;
  setQuery: (values: QueryValues, options?: { replace?: boolean }) => void;
}

export function useBookingFlow(): BookingFlow {
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const patientId = params.patientId ?? null;
  const basePath = patientId
    ? `/provider/patient/${encodeURIComponent(patientId)}/appointments/create`
    : '/user/appointment/create';
  const step: BookingStep | null =
    params.step === undefined ? 'providers' : isBookingStep(params.step) ? params.step : null;

  // Several filter changes may come before the location has taken the first one; each builds on the
  // query it is about to become, so no change is lost (the router reads the committed location).
  const pending = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    if (pending.current?.toString() === search.toString()) {
      pending.current = null;
    }
  }, [search]);

  const goTo = useCallback<BookingFlow['goTo']>(
    (target, values = {}, options = {}) => {
      const base = options.keep === false ? new URLSearchParams() : (pending.current ?? search);
      const query = mergeQuery(base, values).toString();
      void navigate(`${basePath}/${target}${query ? `?${query}` : ''}`, { replace: options.replace });
    },
    [basePath, navigate, search],
  );
  const setQuery = useCallback<BookingFlow['setQuery']>(
    (values, options = {}) => {
      const next = mergeQuery(pending.current ?? search, values);
      pending.current = next;
      setSearch(next, { replace: options.replace ?? true });
    },
    [search, setSearch],
  );
  const get = useCallback((key: string) => search.get(key), [search]);

  return useMemo(
    () => ({ step, basePath, patientId, search, get, goTo, setQuery }),
    [step, basePath, patientId, search, get, goTo, setQuery],
  );
}
