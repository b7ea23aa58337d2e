import { z } from 'zod';
import { PROVIDER_PERMISSIONS } from './provider-permission-names.ts';

export { PROVIDER_PERMISSIONS };

// spec 1 §1, §6: guest is the default role before login; patients are role user with member type patient;
// providers and clinic staff are role provider with member type doctor.
export const ROLES = ['guest', 'user', 'provider'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const MEMBER_TYPES = ['patient', 'doctor'] as const;
export const memberTypeSchema = z.enum(MEMBER_TYPES);
export type MemberType = z.infer<typeof memberTypeSchema>;

export function roleOfMemberType(memberType: MemberType): Exclude<Role, 'guest'> {
  return memberType === 'doctor' ? 'provider' : 'user';
}

export const providerPermissionSchema = z.enum(PROVIDER_PERMISSIONS);
export type ProviderPermission = z.infer<typeof providerPermissionSchema>;

/** spec 1 §7 Provider resource list: the permission (resource) names of the provider. */
export const providerResourcesResponseSchema = z.object({ resources: z.array(providerPermissionSchema) });
export type ProviderResourcesResponse = z.infer<typeof providerResourcesResponseSchema>;
