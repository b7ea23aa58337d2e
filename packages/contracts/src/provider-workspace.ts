import { z } from 'zod';
import { providerPermissionSchema } from './roles.ts';
import { WORKSPACE_MODULES } from './workspace-modules.ts';

// spec 3 §2 provider shell: what the workspace needs to know about the signed-in provider before it
// draws the sidebar (permissions and clinic modules, spec 3 §6) and which clinic its calls address.
// spec 3 §5 "Scheduling requires a clinic; the first clinic of the token's list is used": `clinicId`
// is that first clinic (ordered by clinic number). Every clinic-scoped provider call has the shape
// /api/provider/clinics/:clinicId/...; the access rule refuses a clinic the caller is not a member of.

export const workspaceModuleSchema = z.enum(WORKSPACE_MODULES);

export const workspaceClinicSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The clinic's workspace modules that are on (booking modules are not listed here). */
  modules: z.array(workspaceModuleSchema),
});
export type WorkspaceClinic = z.infer<typeof workspaceClinicSchema>;

/** GET /api/provider/workspace */
export const providerWorkspaceResponseSchema = z.object({
  /** The provider's own user id (the spec's memberId). */
  providerId: z.uuid(),
  name: z.string(),
  firstName: z.string().nullable(),
  email: z.string().nullable(),
  image: z.string().nullable(),
  permissions: z.array(providerPermissionSchema),
  clinicId: z.uuid(),
  clinics: z.array(workspaceClinicSchema).min(1),
  /** spec 3 §2 side menu SUPPORT: the resource centre (PROVIDER_SUPPORT_URL, else a mail to support). */
  supportUrl: z.string().optional(),
});
export type ProviderWorkspace = z.infer<typeof providerWorkspaceResponseSchema>;

export const clinicParamsSchema = z.object({ clinicId: z.uuid() });

/** A red-dot counter of the sidebar and footer tabs (spec 3 §2): `{ count }`. */
export const countResponseSchema = z.object({ count: z.number().int().min(0) });
export type CountResponse = z.infer<typeof countResponseSchema>;

/** spec 3 §7 Clinic module active check: GET /api/provider/clinics/:clinicId/modules/:module */
export const moduleCheckParamsSchema = clinicParamsSchema.extend({ module: workspaceModuleSchema });
export const moduleCheckResponseSchema = z.object({ active: z.boolean() });
