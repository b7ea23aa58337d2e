import { SWITCH_NOT_ALLOWED_TEXT, SWITCH_TOKEN_REQUIRED_TEXT } from '@app/contracts/patient-texts';
import type { TokenResponse } from '@app/contracts/auth';
import type { IncomingHttpHeaders } from 'node:http';
import type { AppContext } from '../../app-context.ts';
import { authContextOfRequest, type AuthContext } from '../../platform/access.ts';
import { HttpError, OAuthHttpError } from '../../platform/http-error.ts';
import { findUserById } from '../auth/auth.repository.ts';
import { startSwitchedSession } from '../auth/session-tokens.ts';
import { mayActForPatient } from './patients.service.ts';

/**
 * spec 2 §4 provider-to-patient switch, the token endpoint's clinic_user grant: "Provider token is
 * checked; a patient login is made by clinic user id". The provider's bearer token must be a live
 * provider session; the patient must be registered at a clinic where that provider holds PATIENT or
 * APPOINTMENTS. The answer is a patient session bounded by the provider's own session.
 */
export async function switchToPatient(
  context: AppContext,
  request: { headers: IncomingHttpHeaders },
  clientId: string,
  patientUserId: string,
): Promise<TokenResponse> {
  let provider: AuthContext;
  try {
    provider = await authContextOfRequest(context, request);
  } catch (error) {
    if (error instanceof HttpError) {
      throw new OAuthHttpError(401, 'invalid_token', SWITCH_TOKEN_REQUIRED_TEXT);
    }
    throw error;
  }
  // A switched session cannot switch again: the acting provider would be lost from the record.
  if (
    provider.actingProviderId !== undefined ||
    !(await mayActForPatient(context, provider, patientUserId))
  ) {
    throw new OAuthHttpError(400, 'invalid_grant', SWITCH_NOT_ALLOWED_TEXT);
  }
  const patient = await findUserById(context.db, patientUserId);
  if (!patient) {
    throw new OAuthHttpError(400, 'invalid_grant', SWITCH_NOT_ALLOWED_TEXT);
  }
  return startSwitchedSession(context, patient, clientId, {
    providerUserId: provider.userId,
    providerSessionId: provider.sessionId,
  });
}
