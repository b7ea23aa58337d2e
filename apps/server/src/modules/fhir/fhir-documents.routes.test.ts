import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditEvents } from '../../db/schema/audit.ts';
import { storedFiles } from '../../db/schema/files.ts';
import { appointmentAttachments } from '../../db/schema/patient-records.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertAppointment, type SchedulingWorld } from '../appointments/appointments-test-helpers.ts';
import { expectOutcome, fhirGet, fhirSearch, idsOf } from './fhir-test-client.ts';
import { createTwoClinicWorld, recordSignedDocument } from './fhir-test-world.ts';

// Issue 21 item 1 (decision 0085): DocumentReference for the signed documents and visit attachments
// the portal holds, linking their Binary (decision 0088); jane reads hers only, a provider their PATIENT
// clinics' only, insurance card images are not documents, bad parameters are 400; all validated.

describe('FHIR R4 DocumentReference', () => {
  let t: TestApp;
  let world: SchedulingWorld;
  let other: SchedulingWorld;
  let jane: { id: string; username: string };
  let olive: { id: string; username: string };
  let janeToken: string;
  let oliveToken: string;
  let providerToken: string;
  let otherProviderToken: string;
  let signedFileId: string;
  let attachmentFileId: string;
  let cardFileId: string;
  let oliveFileId: string;
  let appointmentId: string;

  const get = (url: string, token?: string) => fhirGet(t, url, token);
  const search = (url: string, token: string) => fhirSearch(t, url, token);

  async function storeFile(
    clinic: SchedulingWorld,
    ownerUserId: string,
    purpose: string,
    createdAt: string,
    uploadedByUserId = ownerUserId,
  ) {
    const [row] = await t.context.db
      .insert(storedFiles)
      .values({
        storageKey: `test/${randomUUID()}.pdf`,
        purpose,
        contentType: 'application/pdf',
        downloadName: 'document.pdf',
        sizeBytes: 1234,
        sha256: 'a'.repeat(64),
        ownerUserId,
        clinicId: clinic.clinicId,
        uploadedByUserId,
        createdAt: new Date(createdAt),
      })
      .returning({ id: storedFiles.id });
    return row?.id ?? '';
  }

  async function signedDocument(clinic: SchedulingWorld, userId: string, signedAt: string) {
    const fileId = await storeFile(clinic, userId, 'signed-document', signedAt);
    await recordSignedDocument(t.context.db, {
      clinicId: clinic.clinicId,
      userId,
      fileId,
      signedAt: new Date(signedAt),
    });
    return fileId;
  }

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.context.db;
    ({ world, other, jane, olive, janeToken, oliveToken, providerToken, otherProviderToken } =
      await createTwoClinicWorld(t));

    signedFileId = await signedDocument(world, jane.id, '2026-02-01T10:00:00Z');
    appointmentId = (
      await insertAppointment(db, world, {
        patientUserId: jane.id,
        startAt: new Date('2026-04-01T14:00:00Z'),
      })
    ).id;
    attachmentFileId = await storeFile(world, jane.id, 'appointment-attachment', '2026-03-10T10:00:00Z');
    await db.insert(appointmentAttachments).values({
      appointmentId,
      fileId: attachmentFileId,
      title: 'Referral letter',
      addedByUserId: jane.id,
    });
    // A card image is the Coverage's, not a document.
    cardFileId = await storeFile(world, jane.id, 'insurance-card', '2026-03-11T10:00:00Z');
    oliveFileId = await signedDocument(other, olive.id, '2026-02-02T10:00:00Z');
  });
  afterAll(() => t.close());

  it('gives the patient her signed documents and attachments as links to their Binary', async () => {
    const bundle = await search('/fhir/R4/DocumentReference', janeToken);
    expect(idsOf(bundle)).toEqual([attachmentFileId, signedFileId]);
    expect(idsOf(bundle)).not.toContain(cardFileId);
    const [attachment, signed] = bundle.entry.map((entry) => entry.resource);
    expect(signed).toMatchObject({
      status: 'current',
      type: { coding: [{ system: 'http://loinc.org', code: '59284-0' }] },
      subject: { reference: `Patient/${jane.id}` },
      date: '2026-02-01T10:00:00.000Z',
      author: [{ reference: `Patient/${jane.id}` }],
      description: 'Privacy notice',
      content: [
        {
          attachment: {
            contentType: 'application/pdf',
            url: `Binary/${signedFileId}`,
            size: 1234,
            title: 'Privacy notice',
          },
        },
      ],
    });
    expect(JSON.stringify(signed)).not.toContain('"data"');
    expect(attachment).toMatchObject({
      type: { coding: [{ system: 'http://loinc.org', code: '51855-5' }] },
      description: 'Referral letter',
      context: { related: [{ reference: `Appointment/${appointmentId}` }] },
    });
    const read = await get(`/fhir/R4/DocumentReference/${signedFileId}`, janeToken);
    expect(read.body).toEqual(signed);
  });

  it('never shows another patient’s document: 404 read, empty search', async () => {
    expectOutcome(await get(`/fhir/R4/DocumentReference/${oliveFileId}`, janeToken), 404, 'not-found');
    expectOutcome(await get(`/fhir/R4/DocumentReference/${cardFileId}`, janeToken), 404, 'not-found');
    expect((await search(`/fhir/R4/DocumentReference?patient=${olive.id}`, janeToken)).total).toBe(0);
    expect(idsOf(await search('/fhir/R4/DocumentReference', oliveToken))).toEqual([oliveFileId]);
  });

  it('gives a provider the documents of their PATIENT clinics only', async () => {
    expect(
      idsOf(await search(`/fhir/R4/DocumentReference?patient=Patient/${jane.id}`, providerToken)),
    ).toEqual([attachmentFileId, signedFileId]);
    expect(
      (await search(`/fhir/R4/DocumentReference?patient=Patient/${jane.id}`, otherProviderToken)).total,
    ).toBe(0);
  });

  it('searches by date (the signing time, else the upload time) and status', async () => {
    expect(idsOf(await search('/fhir/R4/DocumentReference?date=2026-02', janeToken))).toEqual([signedFileId]);
    expect(idsOf(await search('/fhir/R4/DocumentReference?date=ge2026-03-01', janeToken))).toEqual([
      attachmentFileId,
    ]);
    expect((await search('/fhir/R4/DocumentReference?status=current', janeToken)).total).toBe(2);
    expect((await search('/fhir/R4/DocumentReference?status=superseded', janeToken)).total).toBe(0);
  });

  it('sorts by date and _lastUpdated, filters by _lastUpdated (decision 0091)', async () => {
    expect(idsOf(await search('/fhir/R4/DocumentReference?_sort=date', janeToken))).toEqual([
      signedFileId,
      attachmentFileId,
    ]);
    expect(idsOf(await search('/fhir/R4/DocumentReference?_sort=-_lastUpdated', janeToken))).toEqual([
      attachmentFileId,
      signedFileId,
    ]);
    const bundle = await search('/fhir/R4/DocumentReference?_lastUpdated=ge2026-03', janeToken);
    expect(idsOf(bundle)).toEqual([attachmentFileId]);
    // A stored file is never rewritten: its last change is when it was stored.
    expect(bundle.entry[0]?.resource.meta?.lastUpdated).toBe('2026-03-10T10:00:00.000Z');
  });

  it('refuses bad parameters (400)', async () => {
    for (const query of ['category=clinical-note', 'date=soon', 'patient=Group/x', 'date:missing=true']) {
      expectOutcome(await get(`/fhir/R4/DocumentReference?${query}`, janeToken), 400, 'invalid');
    }
  });

  it('records the read in the audit trail (documents)', async () => {
    await get(`/fhir/R4/DocumentReference/${signedFileId}`, janeToken);
    const events = await t.context.db
      .select({ resourceId: auditEvents.resourceId })
      .from(auditEvents)
      .where(and(eq(auditEvents.patientId, jane.id), eq(auditEvents.resourceType, 'documents')));
    expect(events.map((event) => event.resourceId)).toContain(`DocumentReference/${signedFileId}`);
  });
});
