import { randomInt } from 'node:crypto';
import {
  INVITATION_CODE_ALPHABET,
  INVITATION_CODE_LENGTH,
  INVITATION_CODE_PARAM,
  INVITATION_NOT_VALID_TEXT,
  invitationConnectPath,
} from '@app/contracts/clinic-invitation-code';
import {
  CLINIC_INVITATIONS_ACTIVE_MAX,
  CLINIC_INVITATIONS_LIMIT_TEXT,
  INVITATION_NOT_FOUND_TEXT,
  type ClinicInvitation,
  type ClinicLocation,
  type ConnectClinicResponse,
  type InvitationPreview,
  type PatientClinic,
} from '@app/contracts/clinic-invitations';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import type { clinicInvitations } from '../../db/schema/patient-records.ts';
import type { AuthContext } from '../../platform/access.ts';
import { uniqueViolation } from '../../platform/db-errors.ts';
import { HttpError } from '../../platform/http-error.ts';
import {
  countLiveClinicInvitations,
  findBookableClinicIds,
  findClinicLocations,
  findLiveInvitation,
  findPatientClinics,
  hasClinicPermission,
  insertClinicInvitation,
  insertClinicPatient,
  listClinicInvitations,
  revokeClinicInvitation,
  type LocationRow,
} from './patient-clinics.repository.ts';

// Issue 16 item 1 (decision 0035): the clinics a patient belongs to, and invitation codes.

/** clinic_patients.source of a connection made with a code (spec 2 §6 waitlist rule reads sources). */
export const INVITATION_SOURCE = 'invitation';
/** Decision 0035: managing a clinic's codes is an admin setting, like resetting the master password. */
export const INVITATION_ADMIN_PERMISSION = 'SETTING';
const DAY_MS = 24 * 60 * 60 * 1000;
const CODE_ATTEMPTS = 3;

function locationOf(row: LocationRow): ClinicLocation {
  return { name: row.name, address: row.address, city: row.city, state: row.state };
}

async function withLocations(
  db: Db,
  rows: { clinicId: string; name: string; logo: string | null; connectedAt: Date }[],
): Promise<PatientClinic[]> {
  const clinicIds = rows.map((row) => row.clinicId);
  const [locations, bookable] = await Promise.all([
    findClinicLocations(db, clinicIds),
    findBookableClinicIds(db, clinicIds),
  ]);
  return rows.map((row) => ({
    clinicUuid: row.clinicId,
    name: row.name,
    logo: row.logo,
    connectedAt: row.connectedAt.toISOString(),
    locations: locations.filter((location) => location.clinicId === row.clinicId).map(locationOf),
    bookable: bookable.has(row.clinicId),
  }));
}

/** GET /api/user/clinics: the signed-in patient's clinics. */
export async function listPatientClinics(context: AppContext, auth: AuthContext): Promise<PatientClinic[]> {
  return withLocations(context.db, await findPatientClinics(context.db, auth.userId));
}

async function requireLiveInvitation(context: AppContext, auth: AuthContext, code: string) {
  const invitation = await findLiveInvitation(context.db, code, auth.userId, context.now());
  if (!invitation) {
    // Unknown, expired and withdrawn codes answer alike: the answer tells a guesser nothing more.
    throw new HttpError(404, INVITATION_NOT_VALID_TEXT, { code: 'invitation_not_valid' });
  }
  return invitation;
}

/** GET /api/user/clinic-invitations/:code: whom the code connects to, before the patient confirms. */
export async function previewInvitation(
  context: AppContext,
  auth: AuthContext,
  code: string,
): Promise<InvitationPreview> {
  const invitation = await requireLiveInvitation(context, auth, code);
  const locations = await findClinicLocations(context.db, [invitation.clinicId]);
  return {
    code,
    clinicName: invitation.clinicName,
    logo: invitation.logo,
    locations: locations.map(locationOf),
    alreadyConnected: invitation.registeredUserId !== null,
  };
}

/**
 * POST /api/user/clinics: connects the patient to the code's clinic. Idempotent: a patient who is
 * connected already gets the same clinic with alreadyConnected (the route answers 200 instead of 201).
 */
export async function connectClinic(
  context: AppContext,
  auth: AuthContext,
  code: string,
): Promise<ConnectClinicResponse> {
  // Connecting lets a clinic see the patient's record: the patient decides, so the route refuses a
  // provider switched into the patient's session (access.patientOwnSession, decision 0067).
  const invitation = await requireLiveInvitation(context, auth, code);
  const created = await insertClinicPatient(context.db, {
    clinicId: invitation.clinicId,
    userId: auth.userId,
    registeredAt: context.now(),
    source: INVITATION_SOURCE,
  });
  const [clinic] = await withLocations(
    context.db,
    await findPatientClinics(context.db, auth.userId, invitation.clinicId),
  );
  if (!clinic) {
    throw new Error('the connected clinic was not found');
  }
  return { clinic, alreadyConnected: !created };
}

// The clinic's side.

async function requireInvitationAdmin(context: AppContext, auth: AuthContext, clinicId: string) {
  // The access rule checked SETTING in any of the caller's clinics; a code belongs to one clinic, so
  // the permission must be held in that one.
  if (!(await hasClinicPermission(context.db, auth.userId, clinicId, INVITATION_ADMIN_PERMISSION))) {
    throw new HttpError(403, 'You do not have permission to do this.', { code: 'forbidden' });
  }
}

type InvitationRow = typeof clinicInvitations.$inferSelect;

function invitationOf(row: InvitationRow, clinicId: string, now: Date): ClinicInvitation {
  const status = row.revokedAt
    ? 'revoked'
    : row.expiresAt && row.expiresAt.getTime() <= now.getTime()
      ? 'expired'
      : 'active';
  const signUp = new URLSearchParams({ clinicUuid: clinicId, [INVITATION_CODE_PARAM]: row.code });
  return {
    code: row.code,
    status,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    connectPath: invitationConnectPath(row.code),
    signUpPath: `/guest/sign-up?${signUp.toString()}`,
  };
}

/** A fresh code: 8 characters of the unambiguous alphabet, from the system's CSPRNG (31^8 ≈ 8.5·10^11). */
export function generateInvitationCode(): string {
  return Array.from({ length: INVITATION_CODE_LENGTH }, () =>
    INVITATION_CODE_ALPHABET.charAt(randomInt(INVITATION_CODE_ALPHABET.length)),
  ).join('');
}

export async function listInvitations(
  context: AppContext,
  auth: AuthContext,
  clinicId: string,
): Promise<ClinicInvitation[]> {
  await requireInvitationAdmin(context, auth, clinicId);
  const now = context.now();
  return (await listClinicInvitations(context.db, clinicId)).map((row) => invitationOf(row, clinicId, now));
}

export async function createInvitation(
  context: AppContext,
  auth: AuthContext,
  clinicId: string,
  input: { expiresInDays?: number | undefined },
): Promise<ClinicInvitation> {
  await requireInvitationAdmin(context, auth, clinicId);
  const now = context.now();
  if ((await countLiveClinicInvitations(context.db, clinicId, now)) >= CLINIC_INVITATIONS_ACTIVE_MAX) {
    throw new HttpError(409, CLINIC_INVITATIONS_LIMIT_TEXT, { code: 'invitation_limit' });
  }
  for (let attempt = 1; ; attempt++) {
    try {
      const row = await insertClinicInvitation(context.db, {
        code: generateInvitationCode(),
        clinicId,
        createdByUserId: auth.userId,
        createdAt: now,
        expiresAt: input.expiresInDays ? new Date(now.getTime() + input.expiresInDays * DAY_MS) : null,
      });
      return invitationOf(row, clinicId, now);
    } catch (error) {
      // A collision with an existing code is ours to retry (vanishingly rare at this code space).
      if (!uniqueViolation(error) || attempt >= CODE_ATTEMPTS) {
        throw error;
      }
    }
  }
}

export async function revokeInvitation(
  context: AppContext,
  auth: AuthContext,
  clinicId: string,
  code: string,
): Promise<ClinicInvitation> {
  await requireInvitationAdmin(context, auth, clinicId);
  const now = context.now();
  const row = await revokeClinicInvitation(context.db, clinicId, code, now);
  if (!row) {
    throw new HttpError(404, INVITATION_NOT_FOUND_TEXT, { code: 'not_found' });
  }
  return invitationOf(row, clinicId, now);
}
