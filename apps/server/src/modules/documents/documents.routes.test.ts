import { appendFile } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInTaskListSchema, TASK_DONE_BY_FLOW_TEXT, type CheckInTask } from '@app/contracts/check-in';
import {
  DOCUMENT_ALREADY_SIGNED_TEXT,
  SIGNATURE_REQUIRED_TEXT,
  signDocumentResultSchema,
  taskDocumentsSchema,
} from '@app/contracts/documents';
import { FILE_TAMPERED_TEXT } from '@app/contracts/files';
import { taskSettings } from '../../db/schema/check-in.ts';
import { signDocuments } from '../../db/schema/documents.ts';
import { storedFiles } from '../../db/schema/files.ts';
import { localFileStore } from '../../platform/files/file-store.ts';
import { sha256Hex } from '../../platform/files/stored-files.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { insertAppointment, type SchedulingWorld } from '../appointments/appointments-test-helpers.ts';
import { buildCheckInTestWorld, type CheckInTestWorld } from '../check-in/check-in-test-helpers.ts';

/** A 500x150 pad with a stroke on it, as the web's signature pad sends it. */
async function drawnSignature(): Promise<string> {
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="500" height="150"><path d="M20 100 C 80 20, 140 140, 220 60 S 360 120, 460 50" stroke="black" stroke-width="3" fill="none"/></svg>',
  );
  const png = await sharp(svg).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

async function blankSignature(): Promise<string> {
  const png = await sharp({
    create: { width: 500, height: 150, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

describe('sign documents (issue 5 item 8, spec 3 §2 signature input, decision 0022)', () => {
  let checkIn: CheckInTestWorld;
  let t: TestApp;
  let dataDir: string;
  let world: SchedulingWorld;
  let jane: { id: string; token: string };
  let mark: { id: string; token: string };
  let provider: { token: string };
  let otherProvider: { token: string };
  let appointmentId: string;
  let consentId: string;
  let privacyId: string;
  const logs: string[] = [];
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        logs.push(chunk.toString());
        callback();
      },
    });
    checkIn = await buildCheckInTestWorld('documents', { logStream });
    ({ t, dataDir, world, jane, mark, provider, otherProvider, appointmentId } = checkIn);
    const documents = await t.context.db
      .insert(signDocuments)
      .values([
        {
          clinicId: world.clinicId,
          title: 'Consent to treatment',
          paragraphs: ['I consent to treatment.', 'Second paragraph — with a dash.'],
        },
        { clinicId: world.clinicId, title: 'Privacy notice', paragraphs: ['I received the notice.'] },
      ])
      .returning({ id: signDocuments.id });
    consentId = documents[0]?.id ?? '';
    privacyId = documents[1]?.id ?? '';
    await t.context.db.insert(taskSettings).values({
      clinicId: world.clinicId,
      title: 'Sign the consent form',
      actionType: 'sign_document',
      config: { documentIds: [consentId, privacyId] },
    });
  });
  afterAll(async () => {
    await checkIn.close();
  });

  async function signTask(): Promise<CheckInTask> {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/check-in/appointments/${appointmentId}/tasks`,
      headers: auth(jane.token),
    });
    const task = checkInTaskListSchema
      .parse(response.json())
      .find((item) => item.actions[0]?.type === 'sign_document');
    if (!task) {
      throw new Error('sign task expected');
    }
    return task;
  }

  function sign(token: string, taskId: string, documentId: string, image: string, kind = 'drawn') {
    return t.app.inject({
      method: 'POST',
      url: `/api/documents/tasks/${taskId}/signatures`,
      headers: auth(token),
      payload: {
        documentId,
        signature: { kind, image, ...(kind === 'typed' ? { text: 'Jane Patient' } : {}) },
      },
    });
  }

  it('lists the documents of the task; other patients and other clinics get 404', async () => {
    const task = await signTask();
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/documents/tasks/${task.taskId}`,
      headers: auth(jane.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = taskDocumentsSchema.parse(response.json());
    expect(body.documents.map((item) => [item.title, item.signed])).toEqual([
      ['Consent to treatment', null],
      ['Privacy notice', null],
    ]);
    for (const token of [mark.token, otherProvider.token]) {
      const refused = await t.app.inject({
        method: 'GET',
        url: `/api/documents/tasks/${task.taskId}`,
        headers: auth(token),
      });
      expect(refused.statusCode).toBe(404);
    }
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/documents/tasks/${task.taskId}`,
          headers: auth(provider.token),
        })
      ).statusCode,
    ).toBe(200);
  });

  it('refuses an empty pad, a non-PNG and a signature by someone else, writing nothing', async () => {
    const task = await signTask();
    const before = (await t.context.db.select().from(storedFiles)).length;
    const blank = await sign(jane.token, task.taskId, consentId, await blankSignature());
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ message: SIGNATURE_REQUIRED_TEXT });
    const notPng = await sign(
      jane.token,
      task.taskId,
      consentId,
      `data:image/png;base64,${Buffer.from('<svg/>').toString('base64')}`,
    );
    expect(notPng.statusCode).toBe(400);
    expect((await sign(mark.token, task.taskId, consentId, await drawnSignature())).statusCode).toBe(404);
    expect(
      (await sign(jane.token, task.taskId, crypto.randomUUID(), await drawnSignature())).statusCode,
    ).toBe(404);
    expect((await t.context.db.select().from(storedFiles)).length).toBe(before);
    // The mark call cannot complete it either (spec 2 §4).
    const mark_ = await t.app.inject({
      method: 'POST',
      url: `/api/check-in/appointments/${appointmentId}/tasks/${task.taskId}/status`,
      headers: auth(jane.token),
      payload: { status: 'DONE' },
    });
    expect(mark_.json()).toMatchObject({ message: TASK_DONE_BY_FLOW_TEXT });
  });

  let signedHref = '';
  let signedFileId = '';

  it('signs by drawing, then by typing; the task is done once both are signed; the PDF is the signed document', async () => {
    const task = await signTask();
    const first = await sign(jane.token, task.taskId, consentId, await drawnSignature());
    expect(first.statusCode, first.body).toBe(201);
    const firstResult = signDocumentResultSchema.parse(first.json());
    expect(firstResult.taskDone).toBe(false);
    expect((await signTask()).status).not.toBe('DONE');

    const again = await sign(jane.token, task.taskId, consentId, await drawnSignature());
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: DOCUMENT_ALREADY_SIGNED_TEXT });

    const second = await sign(jane.token, task.taskId, privacyId, await drawnSignature(), 'typed');
    expect(second.statusCode, second.body).toBe(201);
    expect(signDocumentResultSchema.parse(second.json()).taskDone).toBe(true);
    expect((await signTask()).status).toBe('DONE');

    signedHref = firstResult.signed.href;
    signedFileId = firstResult.signed.fileId;
    const download = await t.app.inject({ method: 'GET', url: signedHref, headers: auth(jane.token) });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      'attachment; filename="consent-to-treatment-signed.pdf"',
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    const pdf = await PDFDocument.load(download.rawPayload);
    expect(pdf.getTitle()).toBe('Consent to treatment');
    expect(pdf.getPageCount()).toBe(1);
    const [row] = await t.context.db.select().from(storedFiles).where(eq(storedFiles.id, signedFileId));
    expect(row?.sha256).toBe(sha256Hex(download.rawPayload));
    expect(firstResult.signed.signerName).not.toBe('');
  });

  it('the clinic provider may download the signed PDF; another patient and another clinic get 404', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: signedHref, headers: auth(provider.token) })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: signedHref, headers: auth(mark.token) })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: signedHref, headers: auth(otherProvider.token) })).statusCode,
    ).toBe(404);
  });

  it('a tampered signed PDF is refused on read with a clear message, and logged', async () => {
    const [row] = await t.context.db.select().from(storedFiles).where(eq(storedFiles.id, signedFileId));
    if (!row) {
      throw new Error('stored file expected');
    }
    await appendFile(localFileStore(dataDir).pathOf(row.storageKey), '%% appended after signing\n');
    const response = await t.app.inject({ method: 'GET', url: signedHref, headers: auth(jane.token) });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: FILE_TAMPERED_TEXT, code: 'file_tampered' });
    expect(logs.join('')).toContain('stored file failed its hash check');
  });

  it("self check-in: a provider of the clinic signs for the patient; the PDF is the patient's", async () => {
    const markAppointment = await insertAppointment(t.context.db, world, {
      patientUserId: mark.id,
      startAt: new Date(Date.now() + 2 * 86_400_000),
    });
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/check-in/appointments/${markAppointment.id}/tasks`,
      headers: auth(provider.token),
    });
    const task = checkInTaskListSchema
      .parse(list.json())
      .find((item) => item.actions[0]?.type === 'sign_document');
    if (!task) {
      throw new Error('sign task expected');
    }
    expect((await sign(otherProvider.token, task.taskId, consentId, await drawnSignature())).statusCode).toBe(
      404,
    );
    const signed = await sign(provider.token, task.taskId, consentId, await drawnSignature());
    expect(signed.statusCode, signed.body).toBe(201);
    const { href } = signDocumentResultSchema.parse(signed.json()).signed;
    expect((await t.app.inject({ method: 'GET', url: href, headers: auth(mark.token) })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ method: 'GET', url: href, headers: auth(jane.token) })).statusCode).toBe(
      404,
    );
  });
});
