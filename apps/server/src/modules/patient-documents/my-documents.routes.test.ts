import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenResponseSchema } from '@app/contracts/auth';
import { checkInTaskListSchema } from '@app/contracts/check-in';
import { signDocumentResultSchema } from '@app/contracts/documents';
import { uploadResultSchema } from '@app/contracts/files';
import { attachmentSchema, myDocumentsSchema, type MyDocuments } from '@app/contracts/patient-documents';
import { users } from '../../db/schema/accounts.ts';
import { taskSettings } from '../../db/schema/check-in.ts';
import { appointments } from '../../db/schema/scheduling.ts';
import { signDocuments } from '../../db/schema/documents.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { TEST_PASSWORD } from '../../test/create-test-user.ts';
import { insertAppointment, type SchedulingWorld } from '../appointments/appointments-test-helpers.ts';
import { PORTAL_CLIENT } from '../auth/auth-test-helpers.ts';
import { buildCheckInTestWorld, type CheckInTestWorld } from '../check-in/check-in-test-helpers.ts';

// Issue 16 item 1 (decision 0033): GET /api/documents/mine, what /user/documents shows.

function multipart(parts: { field: string; filename?: string; type?: string; content: Buffer | string }[]) {
  const boundary = '----care-portal-my-documents-test';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      part.filename === undefined
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`;
    chunks.push(Buffer.from(head), Buffer.from(part.content), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function drawnSignature(): Promise<string> {
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="500" height="150"><path d="M20 100 C 80 20, 140 140, 220 60" stroke="black" stroke-width="3" fill="none"/></svg>',
  );
  return `data:image/png;base64,${(await sharp(svg).png().toBuffer()).toString('base64')}`;
}

describe('the patient documents list (issue 16 item 1, decision 0033)', () => {
  let checkIn: CheckInTestWorld;
  let t: TestApp;
  let world: SchedulingWorld;
  let jane: { id: string; token: string };
  let mark: { id: string; token: string };
  let provider: { token: string };
  let appointmentId: string;
  let pastId: string;
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const hours = (n: number) => new Date(t.context.now().getTime() + n * 3_600_000);

  async function mine(token: string): Promise<MyDocuments> {
    const response = await t.app.inject({ method: 'GET', url: '/api/documents/mine', headers: auth(token) });
    expect(response.statusCode, response.body).toBe(200);
    return myDocumentsSchema.parse(response.json());
  }

  async function attach(token: string, id: string, title: string) {
    const document = await PDFDocument.create();
    document.addPage([200, 200]);
    const form = multipart([
      { field: 'title', content: title },
      { field: 'file', filename: 'a.pdf', content: Buffer.from(await document.save()) },
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/appointments/${id}/attachments`,
      headers: { ...auth(token), ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    return attachmentSchema.parse(response.json());
  }

  beforeAll(async () => {
    checkIn = await buildCheckInTestWorld('my-documents');
    ({ t, world, jane, mark, provider, appointmentId } = checkIn);

    // A signed consent, through the real sign-document task (decision 0022).
    const [consent] = await t.context.db
      .insert(signDocuments)
      .values({ clinicId: world.clinicId, title: 'Consent to treatment', paragraphs: ['I consent.'] })
      .returning({ id: signDocuments.id });
    await t.context.db.insert(taskSettings).values({
      clinicId: world.clinicId,
      title: 'Sign the consent form',
      actionType: 'sign_document',
      config: { documentIds: [consent?.id] },
    });
    const tasks = checkInTaskListSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/check-in/appointments/${appointmentId}/tasks`,
          headers: auth(jane.token),
        })
      ).json(),
    );
    const task = tasks.find((item) => item.actions[0]?.type === 'sign_document');
    const signed = await t.app.inject({
      method: 'POST',
      url: `/api/documents/tasks/${task?.taskId ?? ''}/signatures`,
      headers: auth(jane.token),
      payload: { documentId: consent?.id, signature: { kind: 'drawn', image: await drawnSignature() } },
    });
    signDocumentResultSchema.parse(signed.json());

    // A primary insurance card with its front photo (the insurance module, decision 0022).
    const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const form = multipart([{ field: 'file', filename: 'card.png', type: 'image/png', content: png }]);
    const photo = uploadResultSchema.parse(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/insurance/card-images?clinicUuid=${world.clinicId}`,
          headers: { ...auth(jane.token), ...form.headers },
          payload: form.payload,
        })
      ).json(),
    );
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/insurance/cards/primary',
      headers: auth(jane.token),
      payload: {
        clinicUuid: world.clinicId,
        frontFileId: photo.fileId,
        insuranceNumber: 'XJH 123456789',
        ircName: 'Blue Shield of New York',
        planName: 'Silver PPO',
        policyHolderName: 'Jane Patient',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    // A past visit that kept its document (added while it was ahead, then it took place).
    const past = await insertAppointment(t.context.db, world, { patientUserId: jane.id, startAt: hours(50) });
    pastId = past.id;
    await attach(jane.token, pastId, 'Lab results');
    await t.context.db
      .update(appointments)
      .set({ startAt: hours(-50), finishAt: hours(-49.5), status: 'completed' })
      .where(eq(appointments.id, pastId));
    await attach(jane.token, appointmentId, 'Medicine list');
  });
  afterAll(async () => {
    await checkIn.close();
  });

  it('lists signed documents, insurance cards and appointment documents grouped by appointment', async () => {
    const documents = await mine(jane.token);
    expect(documents.signedDocuments).toEqual([
      expect.objectContaining({
        title: 'Consent to treatment',
        fileName: 'Consent to treatment.pdf',
        href: expect.stringMatching(/^\/api\/files\//) as string,
      }),
    ]);
    expect(documents.insuranceCards).toEqual([
      expect.objectContaining({
        kind: 'primary',
        ircName: 'Blue Shield of New York',
        back: null,
        front: expect.objectContaining({ fileName: 'insurance-card-primary-front.png' }) as object,
      }),
    ]);
    // Soonest first: the past visit with its document, then the upcoming one (documents may be added).
    expect(
      documents.appointments.map((item) => [
        item.appointmentId,
        item.canAddDocuments,
        item.attachments.map((attachment) => [attachment.title, attachment.canRemove]),
      ]),
    ).toEqual([
      [pastId, false, [['Lab results', false]]],
      [appointmentId, true, [['Medicine list', true]]],
    ]);
    // Every link opens for her.
    for (const href of [
      documents.signedDocuments[0]?.href,
      documents.insuranceCards[0]?.front.href,
      documents.appointments[0]?.attachments[0]?.href,
    ]) {
      expect(
        (await t.app.inject({ method: 'GET', url: href ?? '', headers: auth(jane.token) })).statusCode,
      ).toBe(200);
    }
  });

  it('an upcoming visit without documents is offered; cancelled and past ones without documents are not', async () => {
    const upcoming = await insertAppointment(t.context.db, world, {
      patientUserId: jane.id,
      startAt: hours(80),
    });
    const cancelled = await insertAppointment(t.context.db, world, {
      patientUserId: jane.id,
      startAt: hours(90),
      status: 'cancelled',
    });
    const past = await insertAppointment(t.context.db, world, {
      patientUserId: jane.id,
      startAt: hours(-80),
    });
    const ids = (await mine(jane.token)).appointments.map((item) => item.appointmentId);
    expect(ids).toContain(upcoming.id);
    expect(ids).not.toContain(cancelled.id);
    expect(ids).not.toContain(past.id);
  });

  it("another patient sees only their own (nothing of jane's); a provider may not call it", async () => {
    const documents = await mine(mark.token);
    expect(documents).toEqual({ signedDocuments: [], insuranceCards: [], appointments: [] });
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/documents/mine',
      headers: auth(provider.token),
    });
    expect(refused.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/documents/mine' })).statusCode).toBe(401);
  });

  it("a family member's switched session is that member: their documents, and only their appointments", async () => {
    const [member] = await t.context.db
      .select({ username: users.username })
      .from(users)
      .where(eq(users.id, mark.id));
    const connected = await t.app.inject({
      method: 'POST',
      url: `/api/users/${jane.id}/family/members`,
      headers: auth(jane.token),
      payload: { username: member?.username, rawPassword: TEST_PASSWORD },
    });
    expect(connected.statusCode, connected.body).toBe(200);
    const switched = await t.app.inject({
      method: 'POST',
      url: '/oauth/v2/token',
      headers: auth(jane.token),
      payload: { grant_type: 'family', client_id: PORTAL_CLIENT, family_user_id: mark.id },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    const memberToken = tokenResponseSchema.parse(switched.json()).access_token;

    const markVisit = await insertAppointment(t.context.db, world, {
      patientUserId: mark.id,
      startAt: hours(100),
    });
    const documents = await mine(memberToken);
    expect(documents.signedDocuments).toEqual([]);
    expect(documents.appointments.map((item) => item.appointmentId)).toEqual([markVisit.id]);
    // The member's session adds to the member's visit, never to the primary user's.
    await attach(memberToken, markVisit.id, 'School form');
    const form = multipart([
      { field: 'title', content: 'Not hers to add' },
      { field: 'file', filename: 'a.pdf', content: Buffer.from('%PDF-1.4') },
    ]);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/appointments/${appointmentId}/attachments`,
      headers: { ...auth(memberToken), ...form.headers },
      payload: form.payload,
    });
    expect(refused.statusCode).toBe(404);
    expect((await mine(memberToken)).appointments[0]?.attachments.map((item) => item.title)).toEqual([
      'School form',
    ]);
  });
});
