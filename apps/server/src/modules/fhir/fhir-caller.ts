import type { FastifyRequest } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { providers } from '../../db/schema/clinics.ts';
import { actorOf } from '../../platform/audit/audit-hook.ts';
import { authContextOfRequest, checkSwitchedSession, type AuthContext } from '../../platform/access.ts';
import { HttpError } from '../../platform/http-error.ts';
import type { SmartAccess } from '../smart-apps/smart-access.ts';
import { fhirErrors } from './fhir-outcome.ts';

/** Reads an app's token (modules/smart-apps/smart-access.ts): null when the bearer is not one. */
export type ReadSmartAccess = (context: AppContext, bearer: string) => Promise<SmartAccess | null>;

/**
 * Who reads the FHIR API and what they may see (decision 0081). The compartment is decided here
 * once; every query of the service is narrowed by it, so no resource outside it is ever loaded.
 */
export interface FhirCaller {
  /** The signed-in person (the patient, the provider, the user an app acts for). */
  userId: string;
  /** For the audit trail: who acted, and through whose account (a provider switched in, a family). */
  actorUserId: string;
  actingForUserId: string | null;
  /** Set when the caller reads one patient's compartment only (a patient, a patient-launched app). */
  patientUserId: string | null;
  /** Clinics whose patients the caller may read (a provider holding PATIENT there). */
  patientClinicIds: readonly string[];
  /**
   * Clinics whose patients' messages the caller may read: PATIENT and MESSAGE there (the portal's
   * message routes need MESSAGE, decision 0081).
   */
  messageClinicIds: readonly string[];
  /**
   * Clinics whose Organization, Location and Practitioners the caller may read: a list, or (a
   * patient's session) the clinics of that patient, which the directory queries read in the same
   * statement: most reads (vitals, visits) never need them, and a query of its own on every request
   * cost a round trip (decision 0087).
   */
  directoryClinicIds: DirectoryClinics;
  /** The scopes granted to an app; the portal's own tokens hold every read ('all'). */
  scopes: readonly string[] | 'all';
  /** The app acting for the user, when the token is an app's. */
  app?: { appId: string; appName: string };
}

/** A list of clinic ids, or the clinics where `patientUserId` is a patient, read where they are needed. */
export type DirectoryClinics = readonly string[] | { clinicsOfPatient: string };

export type FhirInteraction = 'read' | 'search';

const SCOPE_V2 = /^(patient|user|system)\/([A-Za-z]+|\*)\.(c?r?u?d?s?)$/;
const SCOPE_V1 = /^(patient|user|system)\/([A-Za-z]+|\*)\.(read|write|\*)$/;

/**
 * SMART App Launch scope matching (v2 `patient/Observation.rs`, `user/*.rs`, `.r` read only, `.s`
 * search only; v1 `patient/*.read`). `patient/` and `user/` scopes both grant reads; the caller's
 * compartment (patientUserId, clinics) limits what they reach. `system/` scopes are for backend
 * services, which this API does not serve. A scope with a query (`?category=…`) is not matched: we do
 * not narrow searches by it, so granting it whole would read more than was consented.
 */
export function mayRead(
  caller: Pick<FhirCaller, 'scopes'>,
  resourceType: string,
  interaction: FhirInteraction,
): boolean {
  if (caller.scopes === 'all') {
    return true;
  }
  return caller.scopes.some((scope) => {
    const v2 = SCOPE_V2.exec(scope);
    const v1 = v2 ? null : SCOPE_V1.exec(scope);
    const match = v2 ?? v1;
    if (!match || match[1] === 'system' || (match[2] !== '*' && match[2] !== resourceType)) {
      return false;
    }
    if (v2) {
      return (match[3] ?? '').includes(interaction === 'read' ? 'r' : 's');
    }
    return match[3] === 'read' || match[3] === '*';
  });
}

export interface FhirCallerOptions {
  /** The SMART helper's reader of app tokens; without it only the portal's own tokens are taken. */
  readSmartAccess?: ReadSmartAccess;
}

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/** The portal's HttpErrors of the access rules, as FHIR refusals. */
function asFhirRefusal(error: unknown): unknown {
  if (error instanceof HttpError) {
    if (error.statusCode === 401) {
      return error.body.code === 'token_expired' ? fhirErrors.expired() : fhirErrors.unauthenticated();
    }
    if (error.statusCode === 403) {
      return fhirErrors.forbidden(error.message);
    }
  }
  return error;
}

/** The caller of a portal session (decision 0081: a patient's own compartment; family members not). */
async function callerOfSession(context: AppContext, auth: AuthContext): Promise<FhirCaller> {
  const { actorUserId, actingForUserId } = actorOf(auth);
  if (auth.role === 'provider') {
    return {
      userId: auth.userId,
      actorUserId,
      actingForUserId,
      patientUserId: null,
      patientClinicIds: auth.clinicIds.filter((id) =>
        (auth.permissionsByClinic[id] ?? []).includes('PATIENT'),
      ),
      messageClinicIds: auth.clinicIds.filter((id) => {
        const held = auth.permissionsByClinic[id] ?? [];
        return held.includes('PATIENT') && held.includes('MESSAGE');
      }),
      directoryClinicIds: auth.clinicIds,
      scopes: 'all',
    };
  }
  // A provider switched into the patient's session reads as the patient only while holding PATIENT
  // at one of the patient's clinics (decision 0067), as on every patient route.
  await checkSwitchedSession(context.db, auth, { permissions: ['PATIENT'] });
  return {
    userId: auth.userId,
    actorUserId,
    actingForUserId,
    patientUserId: auth.userId,
    patientClinicIds: [],
    messageClinicIds: [],
    directoryClinicIds: { clinicsOfPatient: auth.userId },
    scopes: 'all',
  };
}

/** The clinics, among `clinicIds`, where the provider holds PATIENT (spec 3 §6). */
async function clinicsWherePatientHeld(
  context: AppContext,
  userId: string,
  clinicIds: readonly string[],
): Promise<string[]> {
  if (clinicIds.length === 0) {
    return [];
  }
  const rows = await context.db
    .select({ clinicId: providers.clinicId })
    .from(providers)
    .where(
      and(
        eq(providers.userId, userId),
        inArray(providers.clinicId, [...clinicIds]),
        sql`'PATIENT' = any(${providers.permissions})`,
      ),
    );
  return rows.map((row) => row.clinicId);
}

/**
 * The caller of an app's token (decision 0082): the app acts for the account that granted it, and the
 * audit trail names the app as the actor (actor = the app's id, acting for the user). A patient's app
 * reads that patient's compartment; a provider's app (`user/` scopes) the patients of the clinics where
 * the provider holds PATIENT today, as the provider could in the portal.
 */
async function callerOfApp(context: AppContext, access: SmartAccess): Promise<FhirCaller> {
  const patientClinicIds =
    access.patientUserId === null
      ? await clinicsWherePatientHeld(context, access.userId, access.clinicIds)
      : [];
  return {
    userId: access.userId,
    actorUserId: access.appId,
    actingForUserId: access.userId,
    patientUserId: access.patientUserId,
    patientClinicIds,
    // A user-level app reads no clinic's messages until SMART says which permissions it carries.
    messageClinicIds: [],
    directoryClinicIds: access.clinicIds,
    scopes: access.scopes,
    app: { appId: access.appId, appName: access.appName },
  };
}

/** The caller of a FHIR request, or a FhirError (401 no or bad token, 403 a refused switch). */
export async function resolveFhirCaller(
  context: AppContext,
  request: FastifyRequest,
  options: FhirCallerOptions,
): Promise<FhirCaller> {
  const bearer = bearerOf(request);
  if (bearer === null) {
    throw fhirErrors.unauthenticated();
  }
  if (options.readSmartAccess) {
    let access: SmartAccess | null;
    try {
      access = await options.readSmartAccess(context, bearer);
    } catch (error) {
      // An app's token that is ours but expired, revoked or of a closed account (RFC 6750 §3.1).
      if (error instanceof HttpError && error.statusCode === 401) {
        throw fhirErrors.invalidToken(error.message);
      }
      throw error;
    }
    if (access) {
      return callerOfApp(context, access);
    }
  }
  try {
    const auth = await authContextOfRequest(
      { db: context.db, signingKey: context.signingKey, now: context.now },
      request,
    );
    // The audit hook names the actor of a refusal from request.auth, as on every other route.
    request.auth = auth;
    return await callerOfSession(context, auth);
  } catch (error) {
    throw asFhirRefusal(error);
  }
}
