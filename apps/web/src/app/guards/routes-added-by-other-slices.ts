// Issue 17: rows of PROVIDER_ROUTE_GATES whose screens other slices of the issue add at the same
// time as the permission matrix. Until they are merged the route map lacks them, so the route-table
// test and the permission-matrix e2e leave exactly these out. The lead empties this list after the
// merge (then every row must have its route and every route its row).
export const ROUTES_ADDED_BY_OTHER_SLICES: readonly string[] = [
  '/provider/intellimap',
  '/provider/single-header/message',
  '/provider/patient/:patientId/flows/create',
];
