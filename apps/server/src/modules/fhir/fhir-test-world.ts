import type { Db } from '../../db/client.ts';
import { taskSettings, tasks } from '../../db/schema/check-in.ts';
import { signDocuments, signedDocuments } from '../../db/schema/documents.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import {
  createClinicPatient,
  createSchedulingWorld,
  type SchedulingWorld,
} from '../appointments/appointments-test-helpers.ts';
import { loginTokens } from '../auth/auth-test-helpers.ts';

/**
 * The two clinics the FHIR and record-export tests read across (issue 21): jane is a patient of the
 * first, olive of the second, and each clinic has a provider holding PATIENT. Tests check that a
 * caller of one side reads nothing of the other.
 */
export interface TwoClinicWorld {
  world: SchedulingWorld;
  other: SchedulingWorld;
  jane: { id: string; username: string };
  olive: { id: string; username: string };
  janeToken: string;
  oliveToken: string;
  /** The provider of jane's clinic. */
  providerToken: string;
  /** The provider of olive's clinic. */
  otherProviderToken: string;
}

export async function createTwoClinicWorld(t: TestApp): Promise<TwoClinicWorld> {
  const db = t.context.db;
  const world = await createSchedulingWorld(db);
  const other = await createSchedulingWorld(db);
  const jane = await createClinicPatient(db, world.clinicId);
  const olive = await createClinicPatient(db, other.clinicId);
  const token = async (username: string) => (await loginTokens(t.app, username)).access_token;
  return {
    world,
    other,
    jane,
    olive,
    janeToken: await token(jane.username),
    oliveToken: await token(olive.username),
    providerToken: await token(world.provider.username),
    otherProviderToken: await token(other.provider.username),
  };
}

/**
 * Makes the stored file `fileId` a document the patient signed at the clinic (a "Privacy notice",
 * signed through a check-in task), as the DocumentReference and Binary tests need it.
 */
export async function recordSignedDocument(
  db: Db,
  signed: { clinicId: string; userId: string; fileId: string; signedAt: Date },
): Promise<void> {
  const [document] = await db
    .insert(signDocuments)
    .values({ clinicId: signed.clinicId, title: 'Privacy notice', paragraphs: ['We keep your data safe.'] })
    .returning({ id: signDocuments.id });
  const [setting] = await db
    .insert(taskSettings)
    .values({ clinicId: signed.clinicId, title: 'Sign', actionType: 'sign_document', order: 1 })
    .returning({ id: taskSettings.id });
  const [task] = await db
    .insert(tasks)
    .values({ clinicId: signed.clinicId, userId: signed.userId, settingId: setting?.id ?? '' })
    .returning({ id: tasks.id });
  await db.insert(signedDocuments).values({
    documentId: document?.id ?? '',
    taskId: task?.id ?? '',
    clinicId: signed.clinicId,
    userId: signed.userId,
    fileId: signed.fileId,
    signerName: 'Jane Doe',
    signatureKind: 'typed',
    signedAt: signed.signedAt,
  });
}
