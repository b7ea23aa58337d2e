import {
  APPOINTMENT_LIST_MAX_PAGE,
  APPOINTMENT_LIST_STATUSES,
  APPOINTMENT_LIST_TYPES,
  type AppointmentListStatus,
  type AppointmentListType,
} from '@app/contracts/provider-appointments';

// /provider/appointments keeps its filters in the page's query string (decision 0039), so a reload,
// the back button and a shared link all show the same list. Only what differs from the defaults is
// written; the dates are absent until someone picks them (the server then answers today + 7 days in
// the clinic's zone, from its clock).

export interface ListFilters {
  /** One of the provider's clinics (token); null: the workspace's first clinic. */
  clinic: string | null;
  from: string | null;
  to: string | null;
  providerIds: string[];
  departmentUuids: string[];
  statuses: AppointmentListStatus[];
  types: AppointmentListType[];
  q: string;
  page: number;
}

export const NO_FILTERS: ListFilters = {
  clinic: null,
  from: null,
  to: null,
  providerIds: [],
  departmentUuids: [],
  statuses: [],
  types: [],
  q: '',
  page: 1,
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[0-9a-f-]{36}$/i;

function listOf(search: URLSearchParams, name: string): string[] {
  return [
    ...new Set(
      (search.get(name) ?? '')
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ];
}

function isStatus(value: string): value is AppointmentListStatus {
  return (APPOINTMENT_LIST_STATUSES as readonly string[]).includes(value);
}

function isType(value: string): value is AppointmentListType {
  return (APPOINTMENT_LIST_TYPES as readonly string[]).includes(value);
}

/** The filters a URL names; what a person cannot have meant (a malformed date, an unknown status) is dropped. */
export function listFiltersOf(search: URLSearchParams): ListFilters {
  const date = (name: string) => {
    const value = search.get(name) ?? '';
    return DATE.test(value) ? value : null;
  };
  const page = Number(search.get('page') ?? '1');
  const clinic = search.get('clinic') ?? '';
  return {
    clinic: ID.test(clinic) ? clinic : null,
    from: date('from'),
    to: date('to'),
    providerIds: listOf(search, 'providerIds').filter((id) => ID.test(id)),
    departmentUuids: listOf(search, 'departmentUuids').filter((id) => ID.test(id)),
    statuses: APPOINTMENT_LIST_STATUSES.filter((status) => listOf(search, 'statuses').includes(status)),
    types: APPOINTMENT_LIST_TYPES.filter((type) => listOf(search, 'types').includes(type)),
    q: (search.get('q') ?? '').trim().slice(0, 100),
    page: Number.isInteger(page) && page >= 1 && page <= APPOINTMENT_LIST_MAX_PAGE ? page : 1,
  };
}

/** The page's query string for these filters: only what differs from the defaults. */
export function listSearchOf(filters: ListFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.clinic) {
    search.set('clinic', filters.clinic);
  }
  if (filters.from) {
    search.set('from', filters.from);
  }
  if (filters.to) {
    search.set('to', filters.to);
  }
  const lists = [
    ['providerIds', filters.providerIds],
    ['departmentUuids', filters.departmentUuids],
    ['statuses', filters.statuses.filter(isStatus)],
    ['types', filters.types.filter(isType)],
  ] as const;
  for (const [name, values] of lists) {
    if (values.length > 0) {
      search.set(name, values.join(','));
    }
  }
  if (filters.q.trim()) {
    search.set('q', filters.q.trim());
  }
  if (filters.page > 1) {
    search.set('page', String(filters.page));
  }
  return search;
}

/** The list call's query string (the clinic is part of the path). */
export function apiQueryOf(filters: ListFilters): URLSearchParams {
  const search = listSearchOf(filters);
  search.delete('clinic');
  return search;
}

/** How many filters beyond the date range are on (the disclosure says so while it is closed). */
export function activeFilterCount(filters: ListFilters): number {
  return (
    filters.providerIds.length +
    filters.departmentUuids.length +
    filters.statuses.length +
    filters.types.length +
    (filters.q ? 1 : 0)
  );
}
