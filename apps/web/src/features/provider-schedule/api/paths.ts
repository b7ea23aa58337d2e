/** The clinic-scoped provider calls of spec 3 §7 (decision 0024). */
export function clinicPath(clinicId: string, rest: string): string {
  return `/api/provider/clinics/${encodeURIComponent(clinicId)}/${rest}`;
}

/** Shared by the schedule and the waiting rooms: the filters of the select-... screens. */
export interface WorkspaceFilters {
  departmentUuids: string[];
  providerIds: string[];
  locations: string[];
}

export function filterQuery(filters: WorkspaceFilters): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.departmentUuids.length > 0) {
    query.set('departmentUuids', filters.departmentUuids.join(','));
  }
  if (filters.providerIds.length > 0) {
    query.set('providerIds', filters.providerIds.join(','));
  }
  if (filters.locations.length > 0) {
    query.set('locations', filters.locations.join(','));
  }
  return query;
}

/** Reads the filters from a page's own query string (the filter screens write them there). */
export function filtersOf(search: URLSearchParams): WorkspaceFilters {
  const list = (name: string) => (search.get(name) ?? '').split(',').filter((part) => part.length > 0);
  return {
    departmentUuids: list('departmentUuids'),
    providerIds: list('providerIds'),
    locations: list('locations'),
  };
}
