import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { users } from '../../db/schema/accounts.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { providers } from '../../db/schema/clinics.ts';
import { messageThreadParticipants, messageThreads, threadMessages } from '../../db/schema/messaging.ts';
import { vitalValues } from '../../db/schema/vitals.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestUser } from '../../test/create-test-user.ts';
import { expectValidFhir } from '../../test/expect-valid-fhir.ts';
import {
  createClinicPatient,
  insertAppointment,
  type SchedulingWorld,
} from '../appointments/appointments-test-helpers.ts';
import { loginTokens } from '../auth/auth-test-helpers.ts';
import { insertTestCard } from '../insurance/insurance-review-test-helpers.ts';
import { bearer } from '../patients/patients-test-helpers.ts';
import type { FhirResource } from '../fhir/fhir-types.ts';
import { pdfTextLines } from '../../test/pdf-text.ts';
import { EXPORT_PAGE_SIZE } from './record-export.service.ts';
import { RECORD_PDF_TEXTS } from './record-pdf-texts.ts';
import { createTwoClinicWorld } from '../fhir/fhir-test-world.ts';

// Issue 21 item 4 "Must show" (decision 0086): a patient downloads their own record only, as a FHIR
// Bundle whose every entry validates and as a PDF that opens and names them; a provider holding
// PATIENT exports a patient of their clinic; everyone else gets 404 or 403; each download is audited.

interface CollectionBundle extends FhirResource {
  type: string;
  timestamp: string;
  entry: { fullUrl: string; resource: FhirResource }[];
}

describe('record export', () => {
  let t: TestApp;
  let world: SchedulingWorld;
  let other: SchedulingWorld;
  let jane: { id: string; username: string };
  let olive: { id: string; username: string };
  let janeName: string;
  let janeToken: string;
  let providerToken: string;
  let otherProviderToken: string;
  let noPermissionToken: string;
  let janeMessageId: string;
  let oliveVitalId: string;

  async function vital(userId: string, key: string, value: number, at: string) {
    const [row] = await t.context.db
      .insert(vitalValues)
      .values({ userId, key, value, recordedAt: new Date(at), recordedByUserId: userId })
      .returning({ id: vitalValues.id });
    if (!row) {
      throw new Error('vital not written');
    }
    return row.id;
  }

  async function download(url: string, token: string) {
    return t.app.inject({ method: 'GET', url, headers: bearer(token) });
  }

  async function setLanguage(userId: string, language: 'en' | 'es') {
    await t.context.db.update(users).set({ communicationLanguage: language }).where(eq(users.id, userId));
  }

  /** The PDF's main headings in one language (decision 0090). */
  function headingsOf(language: 'en' | 'es'): string[] {
    const words = RECORD_PDF_TEXTS[language];
    return [words.title, words.demographics, words.vitals, words.coverage, words.appointments(2)];
  }

  async function exportEvents(patientId: string) {
    return t.context.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.resourceType, 'record-export'), eq(auditEvents.patientId, patientId)));
  }

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.context.db;
    ({ world, other, jane, olive, janeToken, providerToken, otherProviderToken } =
      await createTwoClinicWorld(t));
    const [janeRow] = await db.select().from(users).where(eq(users.id, jane.id));
    janeName = `${janeRow?.firstName ?? ''} ${janeRow?.lastName ?? ''}`;
    const colleague = await createTestUser(db, { memberType: 'doctor', permissions: [] });
    await db
      .insert(providers)
      .values({ userId: colleague.id, clinicId: world.clinicId, permissions: ['APPOINTMENTS'] });
    noPermissionToken = (await loginTokens(t.app, colleague.username)).access_token;

    await vital(jane.id, 'pulse', 72, '2026-01-15T09:00:00Z');
    await vital(jane.id, 'pulse', 80, '2026-02-15T09:00:00Z');
    await vital(jane.id, 'weight', 150.5, '2026-02-10T09:00:00Z');
    await vital(jane.id, 'systolic_bp', 120, '2026-03-05T09:30:00Z');
    await vital(jane.id, 'diastolic_bp', 80, '2026-03-05T09:30:00Z');
    oliveVitalId = await vital(olive.id, 'pulse', 64, '2026-02-01T09:00:00Z');
    await insertAppointment(db, world, { patientUserId: jane.id, startAt: new Date('2026-11-27T14:00:00Z') });
    await insertAppointment(db, world, {
      patientUserId: jane.id,
      startAt: new Date('2026-10-02T15:00:00Z'),
      status: 'completed',
    });
    await insertAppointment(db, other, {
      patientUserId: olive.id,
      startAt: new Date('2026-11-28T15:00:00Z'),
    });
    await insertTestCard(db, {
      clinicId: world.clinicId,
      userId: jane.id,
      updatedAt: new Date('2026-11-01T10:00:00Z'),
    });
    const [thread] = await db
      .insert(messageThreads)
      .values({
        clinicId: world.clinicId,
        subject: 'Test results',
        createdByUserId: jane.id,
        createdAt: new Date('2026-11-20T10:00:00Z'),
        lastMessageAt: new Date('2026-11-20T10:00:00Z'),
      })
      .returning({ id: messageThreads.id });
    if (!thread) {
      throw new Error('thread not written');
    }
    await db.insert(messageThreadParticipants).values([
      { threadId: thread.id, userId: jane.id, kind: 'patient' },
      { threadId: thread.id, userId: world.provider.userId, kind: 'provider' },
    ]);
    const [message] = await db
      .insert(threadMessages)
      .values({
        threadId: thread.id,
        senderUserId: jane.id,
        body: 'Are my results in?',
        createdAt: new Date('2026-11-20T10:00:00Z'),
      })
      .returning({ id: threadMessages.id });
    janeMessageId = message?.id ?? '';
  });
  afterAll(() => t.close());

  it('gives the patient their whole record as a FHIR collection Bundle, every entry valid', async () => {
    const response = await download('/api/account/record-export.json', janeToken);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/fhir\+json/);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="health-record-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const bundle = response.json<CollectionBundle>();
    expect(bundle.resourceType).toBe('Bundle');
    expect(bundle.type).toBe('collection');
    expectValidFhir(bundle);
    for (const entry of bundle.entry) {
      expectValidFhir(entry.resource);
      expect(entry.fullUrl).toMatch(
        new RegExp(`/fhir/R4/${entry.resource.resourceType}/${entry.resource.id ?? ''}$`),
      );
    }
    const types = bundle.entry.map((entry) => entry.resource.resourceType);
    const count = (type: string) => types.filter((each) => each === type).length;
    expect(count('Patient')).toBe(1);
    expect(bundle.entry[0]?.resource.id).toBe(jane.id);
    // Four readings: two pulses, a weight, one blood-pressure panel (the diastolic half is in it).
    expect(count('Observation')).toBe(4);
    expect(count('Appointment')).toBe(2);
    expect(count('Coverage')).toBe(1);
    expect(count('Communication')).toBe(1);
    expect(bundle.entry.some((entry) => entry.resource.id === janeMessageId)).toBe(true);
    // The practitioner and the place of her visits come along; nothing of olive's.
    expect(
      bundle.entry.some(
        (entry) =>
          entry.resource.resourceType === 'Practitioner' && entry.resource.id === world.provider.userId,
      ),
    ).toBe(true);
    expect(count('Location')).toBe(1);
    expect(response.body).not.toContain(olive.id);
    expect(response.body).not.toContain(oliveVitalId);
  });

  it('gives the patient a PDF summary that opens and names them', async () => {
    const response = await download('/api/account/record-export.pdf', janeToken);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/filename="health-record-[a-z0-9-]+\.pdf"$/);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await PDFDocument.load(response.rawPayload);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(pdf.getTitle()).toContain(janeName);
    // Her communication language is English (the default): the PDF is as it always was.
    const lines = await pdfTextLines(response.rawPayload);
    expect(lines).toEqual(expect.arrayContaining(headingsOf('en')));
    expect(lines.some((line) => /^Exported [A-Z][a-z]+ \d{1,2}, \d{4}, .* by the patient$/.test(line))).toBe(
      true,
    );
    expect(lines).toContain('Nov 27, 2026, 9:00 AM');
  });

  it("writes the patient's PDF in her communication language, Spanish, with Spanish dates", async () => {
    await setLanguage(jane.id, 'es');
    try {
      const response = await download('/api/account/record-export.pdf', janeToken);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="historia-clinica-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.pdf"$/,
      );
      expect((await PDFDocument.load(response.rawPayload)).getTitle()).toBe(
        `Resumen de la historia clínica - ${janeName}`,
      );
      const lines = await pdfTextLines(response.rawPayload);
      expect(lines).toEqual(expect.arrayContaining([...headingsOf('es'), 'Peso', 'Presión arterial']));
      for (const heading of headingsOf('en')) {
        expect(lines).not.toContain(heading);
      }
      expect(
        lines.some((line) =>
          /^Exportado el \d{1,2} de [a-z]+ de \d{4}, .* por el propio paciente$/.test(line),
        ),
      ).toBe(true);
      // Her visit of 2026-11-27 14:00 UTC, in the clinic's zone (New York).
      expect(lines).toContain('27 nov 2026, 9:00');
      expect(lines).toContain('reservada');
    } finally {
      await setLanguage(jane.id, 'en');
    }
  });

  it('records each download as an export of the whole record', async () => {
    const events = await exportEvents(jane.id);
    expect(events.length).toBeGreaterThanOrEqual(2);
    for (const event of events) {
      expect(event.action).toBe('export');
      expect(event.outcome).toBe('success');
      expect(event.actorUserId).toBe(jane.id);
    }
  });

  it('lets a provider holding PATIENT export a patient of their clinic, audited under their name', async () => {
    for (const format of ['json', 'pdf']) {
      const response = await download(
        `/api/provider/clinics/${world.clinicId}/patients/${jane.id}/record-export.${format}`,
        providerToken,
      );
      expect(response.statusCode, response.body).toBe(200);
    }
    const bundle = (
      await download(
        `/api/provider/clinics/${world.clinicId}/patients/${jane.id}/record-export.json`,
        providerToken,
      )
    ).json<CollectionBundle>();
    for (const entry of bundle.entry) {
      expectValidFhir(entry.resource);
    }
    expect(
      bundle.entry.filter((entry) => entry.resource.resourceType === 'Patient').map((e) => e.resource.id),
    ).toEqual([jane.id]);
    expect(JSON.stringify(bundle)).not.toContain(olive.id);
    const events = (await exportEvents(jane.id)).filter(
      (event) => event.actorUserId === world.provider.userId,
    );
    expect(events.length).toBe(3);
  });

  it("writes a provider's export in the provider's language, or in the one the web asks for", async () => {
    const path = `/api/provider/clinics/${world.clinicId}/patients/${jane.id}/record-export.pdf`;
    const providerName = (await t.context.db.select().from(users).where(eq(users.id, world.provider.userId)))
      .map((row) => `${row.firstName} ${row.lastName}`)
      .join('');
    const english = await pdfTextLines((await download(path, providerToken)).rawPayload);
    expect(english).toEqual(expect.arrayContaining(headingsOf('en')));
    expect(english.some((line) => line.startsWith('Exported ') && line.endsWith(` by ${providerName}`))).toBe(
      true,
    );

    // The web sends the language it shows (a provider may switch it for the session).
    const asked = await download(`${path}?lang=es`, providerToken);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.headers['content-disposition']).toMatch(/filename="historia-clinica-/);
    const spanish = await pdfTextLines(asked.rawPayload);
    expect(spanish).toEqual(expect.arrayContaining(headingsOf('es')));
    expect(
      spanish.some((line) => line.startsWith('Exportado el ') && line.endsWith(` por ${providerName}`)),
    ).toBe(true);

    // Without `lang`, the provider's stored language; the patient's does not matter.
    await setLanguage(world.provider.userId, 'es');
    try {
      const stored = await pdfTextLines((await download(path, providerToken)).rawPayload);
      expect(stored).toEqual(expect.arrayContaining(headingsOf('es')));
      const overridden = await pdfTextLines((await download(`${path}?lang=en`, providerToken)).rawPayload);
      expect(overridden).toEqual(expect.arrayContaining(headingsOf('en')));
    } finally {
      await setLanguage(world.provider.userId, 'en');
    }
  });

  it('answers 400 for a language the portal does not speak, and writes no export event', async () => {
    const before = (await exportEvents(jane.id)).length;
    const response = await download('/api/account/record-export.pdf?lang=fr', janeToken);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/lang must be one of: en, es/);
    expect((await exportEvents(jane.id)).length).toBe(before);
  });

  it('answers 404 for a patient of another clinic, and for a clinic the provider is not in', async () => {
    const before = (await exportEvents(olive.id)).length;
    const otherPatient = await download(
      `/api/provider/clinics/${world.clinicId}/patients/${olive.id}/record-export.json`,
      providerToken,
    );
    expect(otherPatient.statusCode).toBe(404);
    const otherClinic = await download(
      `/api/provider/clinics/${world.clinicId}/patients/${jane.id}/record-export.pdf`,
      otherProviderToken,
    );
    expect(otherClinic.statusCode).toBe(404);
    expect((await exportEvents(olive.id)).length).toBe(before);
  });

  it('refuses a provider without PATIENT (403) and a patient on the provider route', async () => {
    const refused = await download(
      `/api/provider/clinics/${world.clinicId}/patients/${jane.id}/record-export.json`,
      noPermissionToken,
    );
    expect(refused.statusCode).toBe(403);
    const asPatient = await download(
      `/api/provider/clinics/${world.clinicId}/patients/${jane.id}/record-export.json`,
      janeToken,
    );
    expect(asPatient.statusCode).toBe(403);
  });

  it('pages through a record longer than one query (every reading, once)', async () => {
    const long = await createClinicPatient(t.context.db, world.clinicId);
    const readings = EXPORT_PAGE_SIZE + 1;
    await t.context.db.insert(vitalValues).values(
      Array.from({ length: readings }, (_, index) => ({
        userId: long.id,
        key: 'pulse',
        value: 60 + (index % 30),
        recordedAt: new Date(Date.UTC(2020, 0, 1) + index * 3_600_000),
        recordedByUserId: long.id,
      })),
    );
    const token = (await loginTokens(t.app, long.username)).access_token;
    const response = await download('/api/account/record-export.json', token);
    expect(response.statusCode).toBe(200);
    const ids = response
      .json<CollectionBundle>()
      .entry.filter((entry) => entry.resource.resourceType === 'Observation')
      .map((entry) => entry.resource.id);
    expect(ids).toHaveLength(readings);
    expect(new Set(ids).size).toBe(readings);
  });

  it('answers 400 for a malformed id and 401 without a token', async () => {
    const bad = await download(
      `/api/provider/clinics/${world.clinicId}/patients/not-a-uuid/record-export.json`,
      providerToken,
    );
    expect(bad.statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/account/record-export.json' });
    expect(anonymous.statusCode).toBe(401);
  });
});
