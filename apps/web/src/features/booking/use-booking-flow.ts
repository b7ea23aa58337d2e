import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';

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

/**
 * The query changes the flow made that the location may not show yet. The router's location lags
 * behind a navigation (the area's loader runs again on every query change, then the update commits in
 * a transition), so a screen that read it would show an old filter and SCHEDULE NOW would see an old
 * query. `origin` is the location the first change was made on; `keys` are the locations written
 * since, the last one being the flow's query.
 */
export interface PendingQueries {
  origin: string;
  keys: string[];
}

export const NO_PENDING: PendingQueries = { origin: '', keys: [] };

/**
 * The flow's current location ('/path?query'): the last one written while the router is still on the
 * way to it (on the origin or on one of the written ones); the router's own once it went elsewhere
 * (back, forward, a link), which then wins.
 */
export function currentKey(locationKey: string, pending: PendingQueries): string {
  const last = pending.keys.at(-1);
  if (last !== undefined && (locationKey === pending.origin || pending.keys.includes(locationKey))) {
    return last;
  }
  return locationKey;
}

function splitKey(key: string): { pathname: string; search: string } {
  const index = key.indexOf('?');
  return index < 0
    ? { pathname: key, search: '' }
    : { pathname: key.slice(0, index), search: key.slice(index + 1) };
}

export function useBookingFlow(): BookingFlow {
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const patientId = params.patientId ?? null;
  const basePath = patientId
    ? `/provider/patient/${encodeURIComponent(patientId)}/appointments/create`
    : '/user/appointment/create';
  const step: BookingStep | null =
    params.step === undefined ? 'providers' : isBookingStep(params.step) ? params.step : null;

  // Issue 18: every change builds on the flow's latest query and is read back at once (the selects,
  // SCHEDULE NOW), whatever the router has committed yet. The ref serves several changes within one
  // event; the state renders them.
  const locationKey = `${location.pathname}${location.search}`;
  const pendingRef = useRef<PendingQueries>(NO_PENDING);
  const [pending, setPending] = useState<PendingQueries>(NO_PENDING);
  if (pending.keys.length > 0 && pending.keys.at(-1) === locationKey) {
    // The router has caught up: its location is the flow's again (a later link to the origin is
    // then a real navigation, not an old step of ours).
    setPending(NO_PENDING);
  }
  useEffect(() => {
    pendingRef.current = pending;
  }, [pending]);
  const key = currentKey(locationKey, pending);
  const searchText = splitKey(key).search;
  const search = useMemo(() => new URLSearchParams(searchText), [searchText]);

  const write = useCallback((next: PendingQueries) => {
    pendingRef.current = next;
    setPending(next);
  }, []);

  /** Navigates to a location, which is the flow's from now on (read back before the router has it). */
  const go = useCallback(
    (nextKey: string, replace: boolean | undefined) => {
      const current = pendingRef.current;
      write(
        currentKey(locationKey, current) === locationKey
          ? { origin: locationKey, keys: [nextKey] }
          : { origin: current.origin, keys: [...current.keys, nextKey] },
      );
      void navigate(nextKey, { replace });
    },
    [locationKey, navigate, write],
  );
  const goTo = useCallback<BookingFlow['goTo']>(
    (target, values = {}, options = {}) => {
      const latest = splitKey(currentKey(locationKey, pendingRef.current));
      const base = options.keep === false ? new URLSearchParams() : new URLSearchParams(latest.search);
      const query = mergeQuery(base, values).toString();
      go(`${basePath}/${target}${query ? `?${query}` : ''}`, options.replace);
    },
    [basePath, locationKey, go],
  );
  const setQuery = useCallback<BookingFlow['setQuery']>(
    (values, options = {}) => {
      const latest = splitKey(currentKey(locationKey, pendingRef.current));
      const query = mergeQuery(new URLSearchParams(latest.search), values).toString();
      go(`${latest.pathname}${query ? `?${query}` : ''}`, options.replace ?? true);
    },
    [locationKey, go],
  );
  const get = useCallback((name: string) => search.get(name), [search]);

  return useMemo(
    () => ({ step, basePath, patientId, search, get, goTo, setQuery }),
    [step, basePath, patientId, search, get, goTo, setQuery],
  );
}
