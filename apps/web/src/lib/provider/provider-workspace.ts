import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProviderPermission } from '@app/contracts/roles';
import type { ProviderWorkspace } from '@app/contracts/provider-workspace';
import type { WorkspaceModule } from '@app/contracts/workspace-modules';
import { providerRouteGate } from '@app/contracts/provider-route-gates';
import { apiRequest } from '../api/api-client.ts';

// spec 3 §2 provider shell and §6 gates: the signed-in provider's permissions, first clinic and its
// modules. Every provider screen reads `clinicId` from here for its /api/provider/clinics/... calls.

export const PROVIDER_WORKSPACE_PATH = '/api/provider/workspace';

export async function getProviderWorkspace(signal?: AbortSignal): Promise<ProviderWorkspace> {
  const { providerWorkspaceResponseSchema } = await import('@app/contracts/provider-workspace');
  return apiRequest(PROVIDER_WORKSPACE_PATH, providerWorkspaceResponseSchema, { signal });
}

export function providerWorkspaceQuery() {
  return queryOptions({
    queryKey: [PROVIDER_WORKSPACE_PATH],
    queryFn: ({ signal }) => getProviderWorkspace(signal),
    staleTime: 5 * 60_000,
  });
}

export function useProviderWorkspace() {
  return useQuery(providerWorkspaceQuery());
}

/** The modules that are on in the workspace's clinic (the first clinic, spec 3 §5). */
export function activeModules(workspace: ProviderWorkspace): WorkspaceModule[] {
  return workspace.clinics.find((clinic) => clinic.id === workspace.clinicId)?.modules ?? [];
}

export interface WorkspaceGate {
  permission?: ProviderPermission;
  /** Several permissions that must all hold. */
  permissions?: readonly ProviderPermission[];
  module?: WorkspaceModule;
}

/** spec 3 §6: an item or screen is available only if both its permission and its module hold. */
export function passesGate(workspace: ProviderWorkspace, gate: WorkspaceGate): boolean {
  return (
    (!gate.permission || workspace.permissions.includes(gate.permission)) &&
    (gate.permissions ?? []).every((permission) => workspace.permissions.includes(permission)) &&
    (!gate.module || activeModules(workspace).includes(gate.module))
  );
}

/**
 * The gate of a provider route as PROVIDER_ROUTE_GATES says (spec 3 §6), for links to it: a link
 * shows only where its screen would open. A path outside the table asks for nothing.
 */
export function routeGate(path: string): WorkspaceGate {
  const gate = providerRouteGate(path);
  return gate ? { permissions: gate.permissions, ...(gate.module ? { module: gate.module } : {}) } : {};
}
