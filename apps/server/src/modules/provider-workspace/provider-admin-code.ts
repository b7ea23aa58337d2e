import { inArray } from 'drizzle-orm';
import type { ProviderAdminCodeRequest, ProviderAdminCodeResponse } from '@app/contracts/provider-schedule';
import type { AppContext } from '../../app-context.ts';
import { clinics } from '../../db/schema/clinics.ts';
import type { AuthContext } from '../../platform/access.ts';
import { HttpError } from '../../platform/http-error.ts';
import { issueOAuthCode, providerAdminRedirectUri } from '../sso/oauth-code.service.ts';

const FORBIDDEN = 'You do not have permission to do this.';
export const WRONG_CODE_TYPE_TEXT =
  'Company admins use doctor-clinic-provider-admin; other providers use doctor-provider-admin.';

/**
 * spec 3 §6 COMPANY_ADMIN "decides the one-time code type for the admin site": the code carries the
 * type and clinic to the admin site, which reads them when it exchanges the code (oauth_code grant).
 * ANALYTICS needs the clinic's module, ADMIN SETTINGS the SETTING permission (spec 3 §2 side menu).
 */
export async function issueProviderAdminCode(
  context: AppContext,
  auth: AuthContext,
  input: ProviderAdminCodeRequest,
): Promise<ProviderAdminCodeResponse> {
  const expected = auth.permissions.includes('COMPANY_ADMIN')
    ? 'doctor-clinic-provider-admin'
    : 'doctor-provider-admin';
  if (input.type !== expected) {
    throw new HttpError(400, WRONG_CODE_TYPE_TEXT, {
      code: 'bad_request',
      errors: [{ detail: WRONG_CODE_TYPE_TEXT, field: 'type' }],
    });
  }
  if (input.clinicUuid !== undefined && !auth.clinicIds.includes(input.clinicUuid)) {
    throw new HttpError(404, 'Clinic not found.', { code: 'not_found' });
  }
  if (input.redirectTo === 'settings' && !auth.permissions.includes('SETTING')) {
    throw new HttpError(403, FORBIDDEN, { code: 'forbidden' });
  }
  if (input.redirectTo === 'analytics') {
    const scope = input.clinicUuid ? [input.clinicUuid] : auth.clinicIds;
    const rows =
      scope.length === 0
        ? []
        : await context.db
            .select({ modules: clinics.modules })
            .from(clinics)
            .where(inArray(clinics.id, scope));
    if (!rows.some((row) => row.modules.includes('ANALYTICS'))) {
      throw new HttpError(403, FORBIDDEN, { code: 'module_inactive' });
    }
  }
  const redirectUri = input.redirectUri ?? providerAdminRedirectUri(context.env);
  const issued = await issueOAuthCode(context, auth, redirectUri, {
    type: input.type,
    redirectTo: input.redirectTo,
    ...(input.clinicUuid ? { clinicUuid: input.clinicUuid } : {}),
  });
  return { auth_code: issued.code, request_url: context.env.PROVIDER_ADMIN_URL.replace(/\/+$/, '') };
}
