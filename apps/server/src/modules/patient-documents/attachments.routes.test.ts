import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_NOT_FOUND_TEXT, appointmentSchema } from '@app/contracts/appointments';
import {
  FILE_NOT_FOUND_TEXT,
  UPLOAD_BAD_DOCUMENT_TYPE_TEXT,
  UPLOAD_MAX_BYTES,
  UPLOAD_MISSING_TEXT,
  UPLOAD_TOO_LARGE_TEXT,
  UPLOAD_TOO_MANY_TEXT,
} from '@app/contracts/files';
import {
  ATTACHMENT_CANCELLED_TEXT,
  ATTACHMENT_LIMIT_TEXT,
  ATTACHMENT_NOT_FOUND_TEXT,
  ATTACHMENT_NOT_UPCOMING_TEXT,
  ATTACHMENT_REMOVE_STARTED_TEXT,
  ATTACHMENT_TITLE_REQUIRED_TEXT,
  ATTACHMENT_TITLE_TOO_LONG_TEXT,
  ATTACHMENTS_PER_APPOINTMENT_MAX,
  attachmentListSchema,
  attachmentSchema,
  providerPatientAttachmentsSchema,
  type Attachment,
} from '@app/contracts/patient-documents';
import { storedFiles } from '../../db/schema/files.ts';
import { appointmentAttachments } from '../../db/schema/patient-records.ts';
import { appointments } from '../../db/schema/scheduling.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { insertAppointment, type SchedulingWorld } from '../appointments/appointments-test-helpers.ts';
import { buildCheckInTestWorld, type CheckInTestWorld } from '../check-in/check-in-test-helpers.ts';

// Issue 16 item 2 (decision 0033): documents a patient attaches to an upcoming appointment.

interface Part {
  field: string;
  /** A file part when set; a text field otherwise. */
  filename?: string;
  type?: string;
  content: Buffer | string;
}

function multipart(parts: Part[]) {
  const boundary = '----care-portal-attachment-test';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      part.filename === undefined
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'application/pdf'}\r\n\r\n`;
    chunks.push(Buffer.from(head), Buffer.from(part.content), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function samplePdf(text = 'Blood pressure log'): Promise<Buffer> {
  const document = await PDFDocument.create();
  const page = document.addPage([300, 200]);
  page.drawText(text, { x: 20, y: 150, size: 14, font: await document.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await document.save());
}

const samplePng = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 20, g: 120, b: 60 } } })
    .png()
    .toBuffer();

describe('appointment attachments (issue 16 item 2, spec 2 §2/§3, decision 0033)', () => {
  let checkIn: CheckInTestWorld;
  let t: TestApp;
  let dataDir: string;
  let world: SchedulingWorld;
  let jane: { id: string; token: string };
  let mark: { id: string; token: string };
  let provider: { token: string };
  let otherProvider: { token: string };
  let appointmentId: string;
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const hours = (n: number) => new Date(t.context.now().getTime() + n * 3_600_000);

  beforeAll(async () => {
    checkIn = await buildCheckInTestWorld('attachments');
    ({ t, dataDir, world, jane, mark, provider, otherProvider, appointmentId } = checkIn);
  });
  afterAll(async () => {
    await checkIn.close();
  });

  function add(token: string, id: string, parts: Part[]) {
    const form = multipart(parts);
    return t.app.inject({
      method: 'POST',
      url: `/api/appointments/${id}/attachments`,
      headers: { ...auth(token), ...form.headers },
      payload: form.payload,
    });
  }
  const pdfParts = async (title = 'Blood pressure log', pdf?: Buffer): Promise<Part[]> => [
    { field: 'title', content: title },
    { field: 'file', filename: 'anything.pdf', content: pdf ?? (await samplePdf()) },
  ];
  const list = (token: string, id = appointmentId) =>
    t.app.inject({ method: 'GET', url: `/api/appointments/${id}/attachments`, headers: auth(token) });
  const remove = (token: string, id: string, fileId: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/appointments/${id}/attachments/${fileId}`,
      headers: auth(token),
    });
  const fetchFile = (token: string, href: string) =>
    t.app.inject({ method: 'GET', url: href, headers: auth(token) });

  async function counts() {
    const files = await t.context.db.select({ id: storedFiles.id }).from(storedFiles);
    const attachments = await t.context.db
      .select({ id: appointmentAttachments.fileId })
      .from(appointmentAttachments);
    return { files: files.length, attachments: attachments.length };
  }

  async function appointmentFor(
    patientUserId: string,
    startAt: Date,
    status?: 'booked' | 'cancelled' | 'completed',
  ) {
    return insertAppointment(t.context.db, world, { patientUserId, startAt, ...(status ? { status } : {}) });
  }

  let added: Attachment;
  let pdfBytes: Buffer;

  it('the patient adds a PDF with a title; it is listed, on the appointment, and downloadable as sent', async () => {
    pdfBytes = await samplePdf();
    const response = await add(jane.token, appointmentId, await pdfParts('Blood pressure log', pdfBytes));
    expect(response.statusCode, response.body).toBe(201);
    added = attachmentSchema.parse(response.json());
    expect(added).toMatchObject({
      appointmentId,
      title: 'Blood pressure log',
      fileName: 'Blood pressure log.pdf',
      contentType: 'application/pdf',
      sizeBytes: pdfBytes.length,
      href: `/api/files/${added.fileId}`,
      canRemove: true,
    });

    const listed = attachmentListSchema.parse((await list(jane.token)).json());
    expect(listed.items).toEqual([added]);

    // spec 2 §2 summary and details: the appointment read model carries {href, fileName}.
    const appointment = appointmentSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/appointments/${appointmentId}`,
          headers: auth(jane.token),
        })
      ).json(),
    );
    expect(appointment.attachments).toEqual([{ href: added.href, fileName: 'Blood pressure log.pdf' }]);

    const download = await fetchFile(jane.token, added.href);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe('attachment; filename="blood-pressure-log.pdf"');
    expect(download.rawPayload.equals(pdfBytes)).toBe(true);

    // Stored through the files platform: owner the patient, clinic the appointment's.
    const [row] = await t.context.db.select().from(storedFiles).where(eq(storedFiles.id, added.fileId));
    expect(row).toMatchObject({
      purpose: 'appointment-attachment',
      ownerUserId: jane.id,
      clinicId: world.clinicId,
      uploadedByUserId: jane.id,
    });
  });

  it('also takes a picture, cleaned like card photos, and keeps a title that names the type', async () => {
    const response = await add(jane.token, appointmentId, [
      { field: 'title', content: '  Rash photo.png ' },
      { field: 'file', filename: 'IMG_0001.PNG', type: 'image/png', content: await samplePng() },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const picture = attachmentSchema.parse(response.json());
    expect(picture).toMatchObject({
      title: 'Rash photo.png',
      fileName: 'Rash photo.png',
      contentType: 'image/png',
    });
    const download = await fetchFile(jane.token, picture.href);
    expect(download.headers['content-disposition']).toBe('inline; filename="rash-photo-png.png"');
    expect((await sharp(download.rawPayload).metadata()).width).toBe(40);
    expect((await remove(jane.token, appointmentId, picture.fileId)).statusCode).toBe(204);
  });

  it("the clinic's providers see the attachments; a provider of another clinic and another patient get 404", async () => {
    const seen = attachmentListSchema.parse((await list(provider.token)).json());
    expect(seen.items.map((item) => [item.title, item.canRemove])).toEqual([['Blood pressure log', false]]);
    expect((await fetchFile(provider.token, added.href)).statusCode).toBe(200);
    const appointment = appointmentSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/appointments/${appointmentId}`,
          headers: auth(provider.token),
        })
      ).json(),
    );
    expect(appointment.attachments.map((item) => item.fileName)).toEqual(['Blood pressure log.pdf']);

    // The provider's patient documents tab.
    const tab = await t.app.inject({
      method: 'GET',
      url: `/api/provider/clinics/${world.clinicId}/patients/${jane.id}/appointment-attachments`,
      headers: auth(provider.token),
    });
    expect(tab.statusCode, tab.body).toBe(200);
    const grouped = providerPatientAttachmentsSchema.parse(tab.json());
    expect(grouped.appointments).toHaveLength(1);
    expect(grouped.appointments[0]).toMatchObject({ appointmentId, canAddDocuments: false });
    expect(grouped.appointments[0]?.attachments.map((item) => item.fileName)).toEqual([
      'Blood pressure log.pdf',
    ]);

    for (const token of [otherProvider.token, mark.token]) {
      const refused = await list(token);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ message: APPOINTMENT_NOT_FOUND_TEXT });
      const file = await fetchFile(token, added.href);
      expect(file.statusCode).toBe(404);
      expect(file.json()).toMatchObject({ message: FILE_NOT_FOUND_TEXT });
    }
    // A provider of another clinic cannot open a patient tab of this clinic.
    const intoOtherClinic = await t.app.inject({
      method: 'GET',
      url: `/api/provider/clinics/${world.clinicId}/patients/${mark.id}/appointment-attachments`,
      headers: auth(otherProvider.token),
    });
    expect(intoOtherClinic.statusCode).toBe(404);
    // The provider of jane's clinic sees nothing for a patient with no documents.
    const markTab = await t.app.inject({
      method: 'GET',
      url: `/api/provider/clinics/${world.clinicId}/patients/${mark.id}/appointment-attachments`,
      headers: auth(provider.token),
    });
    expect(providerPatientAttachmentsSchema.parse(markTab.json()).appointments).toEqual([]);
  });

  it('refuses foreign, unknown and malformed appointment ids with clear texts, storing nothing', async () => {
    const before = await counts();
    const foreign = await add(mark.token, appointmentId, await pdfParts());
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ message: APPOINTMENT_NOT_FOUND_TEXT });
    const unknown = await add(jane.token, crypto.randomUUID(), await pdfParts());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: APPOINTMENT_NOT_FOUND_TEXT });
    const malformed = await add(jane.token, 'not-an-id', await pdfParts());
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ message: 'The appointment id is not valid' });
    // A provider adds nothing for the patient (the patient's own documents).
    expect((await add(provider.token, appointmentId, await pdfParts())).statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it("refuses to remove someone else's document: 404, and it stays", async () => {
    const markVisit = await appointmentFor(mark.id, hours(48));
    expect((await remove(mark.token, appointmentId, added.fileId)).json()).toMatchObject({
      message: APPOINTMENT_NOT_FOUND_TEXT,
    });
    const viaOwn = await remove(mark.token, markVisit.id, added.fileId);
    expect(viaOwn.statusCode).toBe(404);
    expect(viaOwn.json()).toMatchObject({ message: ATTACHMENT_NOT_FOUND_TEXT });
    expect((await remove(provider.token, appointmentId, added.fileId)).statusCode).toBe(403);
    expect((await remove(jane.token, appointmentId, crypto.randomUUID())).json()).toMatchObject({
      message: ATTACHMENT_NOT_FOUND_TEXT,
    });
    expect(attachmentListSchema.parse((await list(jane.token)).json()).items).toHaveLength(1);
  });

  describe('bad files and titles answer with the platform texts and store nothing', () => {
    const cases: [string, () => Promise<Part[]>, number, string][] = [
      [
        'a text file named .pdf',
        async () => [
          { field: 'title', content: 'Notes' },
          { field: 'file', filename: 'notes.pdf', content: 'I am not a PDF\n'.repeat(30) },
        ],
        415,
        UPLOAD_BAD_DOCUMENT_TYPE_TEXT,
      ],
      [
        'a PDF header with nothing readable behind it',
        async () => [
          { field: 'title', content: 'Broken' },
          { field: 'file', filename: 'broken.pdf', content: '%PDF-1.7\n' + 'garbage '.repeat(40) },
        ],
        415,
        UPLOAD_BAD_DOCUMENT_TYPE_TEXT,
      ],
      [
        'a cut-off PDF',
        async () => [
          { field: 'title', content: 'Cut off' },
          { field: 'file', filename: 'cut.pdf', content: (await samplePdf()).subarray(0, 300) },
        ],
        415,
        UPLOAD_BAD_DOCUMENT_TYPE_TEXT,
      ],
      [
        'an SVG',
        async () => [
          { field: 'title', content: 'Drawing' },
          {
            field: 'file',
            filename: 'x.svg',
            type: 'image/svg+xml',
            content: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
          },
        ],
        415,
        UPLOAD_BAD_DOCUMENT_TYPE_TEXT,
      ],
      [
        'a file over 10 MB',
        async () => [
          { field: 'title', content: 'Huge' },
          { field: 'file', filename: 'huge.pdf', content: Buffer.alloc(UPLOAD_MAX_BYTES + 1, 0x25) },
        ],
        413,
        UPLOAD_TOO_LARGE_TEXT,
      ],
      [
        'an empty file',
        async () => [
          { field: 'title', content: 'Empty' },
          { field: 'file', filename: 'empty.pdf', content: Buffer.alloc(0) },
        ],
        400,
        UPLOAD_MISSING_TEXT,
      ],
      ['no file', async () => [{ field: 'title', content: 'Nothing' }], 400, UPLOAD_MISSING_TEXT],
      [
        'two files',
        async () => [...(await pdfParts()), { field: 'file', filename: 'b.pdf', content: await samplePdf() }],
        400,
        UPLOAD_TOO_MANY_TEXT,
      ],
      [
        'no title',
        async () => [{ field: 'file', filename: 'a.pdf', content: await samplePdf() }],
        400,
        ATTACHMENT_TITLE_REQUIRED_TEXT,
      ],
      ['a blank title', () => pdfParts('   '), 400, ATTACHMENT_TITLE_REQUIRED_TEXT],
      ['a title over 100 characters', () => pdfParts('x'.repeat(101)), 400, ATTACHMENT_TITLE_TOO_LONG_TEXT],
    ];
    it.each(cases)('%s', async (_name, parts, status, message) => {
      const before = await counts();
      const filesOnDisk = await readdir(path.join(dataDir, 'files', 'appointment-attachments')).catch(
        () => [],
      );
      const response = await add(jane.token, appointmentId, await parts());
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toMatchObject({ message });
      expect(await counts()).toEqual(before);
      expect(await readdir(path.join(dataDir, 'files', 'appointment-attachments')).catch(() => [])).toEqual(
        filesOnDisk,
      );
    });

    it('a request that is not multipart', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/appointments/${appointmentId}/attachments`,
        headers: auth(jane.token),
        payload: { title: 'JSON', file: 'JVBERi0=' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: UPLOAD_MISSING_TEXT });
    });
  });

  it('refuses past, completed and cancelled appointments with a clear 409', async () => {
    const before = await counts();
    const past = await appointmentFor(jane.id, hours(-48));
    const pastResponse = await add(jane.token, past.id, await pdfParts());
    expect(pastResponse.statusCode).toBe(409);
    expect(pastResponse.json()).toMatchObject({ message: ATTACHMENT_NOT_UPCOMING_TEXT });
    const completed = await appointmentFor(jane.id, hours(-96), 'completed');
    expect((await add(jane.token, completed.id, await pdfParts())).json()).toMatchObject({
      message: ATTACHMENT_NOT_UPCOMING_TEXT,
    });
    const cancelled = await appointmentFor(jane.id, hours(72), 'cancelled');
    const cancelledResponse = await add(jane.token, cancelled.id, await pdfParts());
    expect(cancelledResponse.statusCode).toBe(409);
    expect(cancelledResponse.json()).toMatchObject({ message: ATTACHMENT_CANCELLED_TEXT });
    expect(await counts()).toEqual(before);
  });

  it(`takes at most ${ATTACHMENTS_PER_APPOINTMENT_MAX} documents per appointment`, async () => {
    const visit = await appointmentFor(jane.id, hours(120));
    const pdf = await samplePdf();
    for (let i = 0; i < ATTACHMENTS_PER_APPOINTMENT_MAX; i += 1) {
      expect((await add(jane.token, visit.id, await pdfParts(`Page ${i}`, pdf))).statusCode).toBe(201);
    }
    const over = await add(jane.token, visit.id, await pdfParts('One too many', pdf));
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ message: ATTACHMENT_LIMIT_TEXT });
  });

  it('the patient removes their document: row, file and bytes are gone', async () => {
    const response = await add(jane.token, appointmentId, await pdfParts('To remove'));
    const doomed = attachmentSchema.parse(response.json());
    const [row] = await t.context.db.select().from(storedFiles).where(eq(storedFiles.id, doomed.fileId));
    const onDisk = path.join(dataDir, 'files', ...(row?.storageKey ?? '').split('/'));
    expect((await readdir(path.dirname(onDisk))).includes(path.basename(onDisk))).toBe(true);

    expect((await remove(jane.token, appointmentId, doomed.fileId)).statusCode).toBe(204);
    expect((await fetchFile(jane.token, doomed.href)).statusCode).toBe(404);
    expect((await fetchFile(provider.token, doomed.href)).statusCode).toBe(404);
    expect((await readdir(path.dirname(onDisk))).includes(path.basename(onDisk))).toBe(false);
    const titles = attachmentListSchema
      .parse((await list(jane.token)).json())
      .items.map((item) => item.title);
    expect(titles).toEqual(['Blood pressure log']);
    expect((await remove(jane.token, appointmentId, doomed.fileId)).statusCode).toBe(404);
  });

  it('once the visit has started its documents stay (409), and are still readable', async () => {
    const visit = await appointmentFor(jane.id, hours(30));
    const kept = attachmentSchema.parse((await add(jane.token, visit.id, await pdfParts('Referral'))).json());
    // The visit is now under way.
    await t.context.db
      .update(appointments)
      .set({ startAt: hours(-0.25), finishAt: hours(0.25) })
      .where(eq(appointments.id, visit.id));
    const refused = await remove(jane.token, visit.id, kept.fileId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: ATTACHMENT_REMOVE_STARTED_TEXT });
    const listed = attachmentListSchema.parse((await list(jane.token, visit.id)).json());
    expect(listed.items.map((item) => [item.title, item.canRemove])).toEqual([['Referral', false]]);
    expect((await fetchFile(jane.token, kept.href)).statusCode).toBe(200);
  });
});
