import { appendFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditEvents } from '../../db/schema/audit.ts';
import { appointmentAttachments } from '../../db/schema/patient-records.ts';
import { localFileStore } from '../../platform/files/file-store.ts';
import { findStoredFile, storeFile } from '../../platform/files/stored-files.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { expectValidFhir } from '../../test/expect-valid-fhir.ts';
import { insertAppointment, type SchedulingWorld } from '../appointments/appointments-test-helpers.ts';
import { loginTokens } from '../auth/auth-test-helpers.ts';
import { connectTestApp, registerTestApp, type RegisteredApp } from '../smart-apps/smart-test-helpers.ts';
import { expectOutcome, fhirGet } from './fhir-test-client.ts';
import type { FhirResource } from './fhir-types.ts';
import { createTwoClinicWorld, recordSignedDocument } from './fhir-test-world.ts';

// Decision 0088: a DocumentReference's file is read as Binary/<id> by whoever may read that document,
// with a portal token or a SMART app's: jane's app opens her signed document, nobody opens another
// patient's or another clinic's (404 OperationOutcome, existence not revealed), the FHIR form is a
// valid Binary, every read is audited as the app acting for the user.

const PDF = Buffer.from('%PDF-1.7\n% a signed privacy notice\n%%EOF\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');

describe('FHIR R4 Binary', () => {
  let t: TestApp;
  let dataDir: string;
  let smartApp: RegisteredApp;
  let world: SchedulingWorld;
  let other: SchedulingWorld;
  let jane: { id: string; username: string };
  let olive: { id: string; username: string };
  let janeToken: string;
  let oliveToken: string;
  let signedFileId: string;
  let attachmentFileId: string;
  let cardFileId: string;
  let oliveFileId: string;

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const read = (id: string, token: string, accept?: string) =>
    t.app.inject({
      url: `/fhir/R4/Binary/${id}`,
      headers: { ...auth(token), ...(accept ? { accept } : {}) },
    });
  /** An answer that must be an OperationOutcome (validated as every FHIR answer of the suite). */
  const outcomeOf = (response: { statusCode: number; json: () => unknown }) => {
    const body = response.json() as FhirResource;
    expectValidFhir(body);
    return { status: response.statusCode, body };
  };

  async function fileOf(
    clinic: SchedulingWorld,
    ownerUserId: string,
    purpose: string,
    bytes: Buffer,
    contentType: string,
  ) {
    const row = await storeFile(t.context, {
      area: 'fhir-binary-test',
      purpose,
      bytes,
      contentType,
      extension: contentType === 'image/png' ? 'png' : 'pdf',
      downloadName: contentType === 'image/png' ? 'photo.png' : 'document.pdf',
      ownerUserId,
      clinicId: clinic.clinicId,
      uploadedByUserId: ownerUserId,
    });
    return row.id;
  }

  async function signedDocument(clinic: SchedulingWorld, userId: string) {
    const fileId = await fileOf(clinic, userId, 'signed-document', PDF, 'application/pdf');
    await recordSignedDocument(t.context.db, {
      clinicId: clinic.clinicId,
      userId,
      fileId,
      signedAt: new Date('2026-02-01T10:00:00Z'),
    });
    return fileId;
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'care-fhir-binary-'));
    t = await buildTestApp({
      DATA_DIR: dataDir,
      AUTH_RATE_LIMIT_PER_IP: 10_000,
      AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000,
    });
    const db = t.context.db;
    smartApp = await registerTestApp(t);
    ({ world, other, jane, olive, janeToken, oliveToken } = await createTwoClinicWorld(t));

    signedFileId = await signedDocument(world, jane.id);
    const appointment = await insertAppointment(db, world, {
      patientUserId: jane.id,
      startAt: new Date('2026-04-01T14:00:00Z'),
    });
    attachmentFileId = await fileOf(world, jane.id, 'appointment-attachment', PNG, 'image/png');
    await db.insert(appointmentAttachments).values({
      appointmentId: appointment.id,
      fileId: attachmentFileId,
      title: 'Rash photo',
      addedByUserId: jane.id,
    });
    // Jane's own card image: the Coverage's, not a document, so no Binary either.
    cardFileId = await fileOf(world, jane.id, 'insurance-card', PNG, 'image/png');
    oliveFileId = await signedDocument(other, olive.id);
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("jane's app follows her signed document's link and gets its bytes", async () => {
    const tokens = await connectTestApp(
      t,
      smartApp,
      janeToken,
      'launch/patient patient/DocumentReference.rs',
    );
    const document = await fhirGet(t, `/fhir/R4/DocumentReference/${signedFileId}`, tokens.access_token);
    const [content] = document.body.content as { attachment: { url: string; contentType: string } }[];
    expect(content?.attachment.url).toBe(`Binary/${signedFileId}`);

    // The url is relative to the FHIR base, as a SMART client resolves it.
    const answer = await t.app.inject({
      url: `/fhir/R4/${content?.attachment.url ?? ''}`,
      headers: { ...auth(tokens.access_token), accept: 'application/pdf, */*' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe(content?.attachment.contentType);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.rawPayload.equals(PDF)).toBe(true);

    // Audited as the app acting for jane, on her documents.
    const events = await t.context.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.patientId, jane.id), eq(auditEvents.resourceType, 'documents')));
    const binaryRead = events.find((event) => event.resourceId?.startsWith(`Binary/${signedFileId} via app`));
    expect(binaryRead).toMatchObject({ action: 'read', outcome: 'success', actingForUserId: jane.id });
    expect(binaryRead?.actorUserId).not.toBe(jane.id);
  });

  it('answers the Binary resource (base64 data) when asked for FHIR JSON, and it is valid', async () => {
    const answer = await read(signedFileId, janeToken, 'application/fhir+json');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/fhir\+json/);
    const binary = answer.json<FhirResource>();
    expectValidFhir(binary);
    expect(binary).toEqual({
      resourceType: 'Binary',
      id: signedFileId,
      contentType: 'application/pdf',
      securityContext: { reference: `DocumentReference/${signedFileId}` },
      data: PDF.toString('base64'),
    });
    // Any other Accept, or none, gets the file itself.
    for (const accept of [undefined, '*/*', 'application/json', 'application/fhir+json;q=0, */*']) {
      const raw = await read(attachmentFileId, janeToken, accept);
      expect(raw.headers['content-type'], accept).toBe('image/png');
      expect(raw.rawPayload.equals(PNG), accept).toBe(true);
    }
  });

  it("never gives a patient (or her app) another patient's file, nor a file that is no document: 404", async () => {
    const tokens = await connectTestApp(t, smartApp, janeToken, 'patient/*.rs');
    for (const token of [janeToken, tokens.access_token]) {
      const refused = outcomeOf(await read(oliveFileId, token));
      expectOutcome(refused, 404, 'not-found');
      // The same answer as for an id that names nothing: existence is not revealed.
      expect(JSON.stringify(refused.body)).not.toContain('olive');
      expectOutcome(outcomeOf(await read(cardFileId, token)), 404, 'not-found');
    }
    expect((await read(oliveFileId, oliveToken)).rawPayload.equals(PDF)).toBe(true);
  });

  it("a provider's app reads its PATIENT clinic's documents, not another clinic's", async () => {
    const doctorToken = (await loginTokens(t.app, world.provider.username)).access_token;
    const tokens = await connectTestApp(t, smartApp, doctorToken, 'user/DocumentReference.rs');
    const own = await read(signedFileId, tokens.access_token);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(PDF)).toBe(true);
    expectOutcome(outcomeOf(await read(oliveFileId, tokens.access_token)), 404, 'not-found');
  });

  it('reads with a Binary scope or a DocumentReference scope, and with no other', async () => {
    const binaryOnly = await connectTestApp(t, smartApp, janeToken, 'patient/Binary.r');
    expect((await read(signedFileId, binaryOnly.access_token)).statusCode).toBe(200);
    const patientOnly = await connectTestApp(t, smartApp, janeToken, 'patient/Patient.rs');
    expectOutcome(outcomeOf(await read(signedFileId, patientOnly.access_token)), 403, 'forbidden');
  });

  it('refuses bad ids, a search and no token, as OperationOutcomes', async () => {
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      expectOutcome(outcomeOf(await read(id, janeToken)), 404, 'not-found');
    }
    // Control characters are refused by the route's schema; an id longer than the router's segment
    // limit names nothing under the FHIR base.
    expectOutcome(outcomeOf(await read('a%07b', janeToken)), 400, 'invalid');
    expectOutcome(outcomeOf(await read('x'.repeat(200), janeToken)), 404, 'not-found');
    expectOutcome(await fhirGet(t, '/fhir/R4/Binary', janeToken), 400, 'not-supported');
    expectOutcome(await fhirGet(t, `/fhir/R4/Binary/${signedFileId}`), 401, 'login');
  });

  it('refuses a file whose bytes changed after it was stored (409), never serving them', async () => {
    const stored = await findStoredFile(t.context.db, oliveFileId);
    await appendFile(localFileStore(dataDir).pathOf(stored?.storageKey ?? ''), '%% appended\n');
    const answer = outcomeOf(await read(oliveFileId, oliveToken));
    expectOutcome(answer, 409, 'processing');
  });
});
