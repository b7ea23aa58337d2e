import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentSchema } from '@app/contracts/appointments';
import { myDocumentsSchema } from '@app/contracts/patient-documents';
import { appointmentAttachments } from '../db/schema/patient-records.ts';
import { fileStoreOf } from '../platform/files/stored-files.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { DEMO_ATTACHMENT_TITLE, seedDemoAttachments } from './seed-demo-attachments.ts';
import { DEMO_CLINIC_NUMBER, DEMO_PASSWORD, seedDemoDataIfEmpty } from './seed-demo-data.ts';

describe('the demo appointment attachment (issue 16 item 2)', () => {
  let t: TestApp;
  let dataDir: string;
  const tokens = new Map<string, string>();

  async function signIn(username: string): Promise<string> {
    const login = await t.app.inject({
      method: 'POST',
      url: '/oauth/v2/token',
      payload: { grant_type: 'password', client_id: '34', username, password: DEMO_PASSWORD },
    });
    return login.json<{ access_token: string }>().access_token;
  }
  const seed = () =>
    seedDemoAttachments(t.context.db, fileStoreOf(t.context), DEMO_CLINIC_NUMBER, t.context.now());
  const attachmentCount = async () =>
    (await t.context.db.select({ n: count() }).from(appointmentAttachments))[0]?.n ?? 0;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'care-demo-attachments-'));
    t = await buildTestApp({ DATA_DIR: dataDir, AUTH_RATE_LIMIT_PER_IP: 10_000 });
    await seedDemoDataIfEmpty(t.context.db, t.context.now());
    await seed();
    tokens.set('jane', await signIn('jane.patient'));
    tokens.set('smith', await signIn('dr.smith'));
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("puts one PDF on jane's next visit, which she and dr.smith can open", async () => {
    const auth = { authorization: `Bearer ${tokens.get('jane') ?? ''}` };
    const documents = myDocumentsSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/documents/mine', headers: auth })).json(),
    );
    const withDocuments = documents.appointments.filter((item) => item.attachments.length > 0);
    expect(withDocuments).toHaveLength(1);
    const [visit] = withDocuments;
    expect(visit?.canAddDocuments).toBe(true);
    expect(visit?.attachments.map((item) => [item.title, item.fileName, item.canRemove])).toEqual([
      [DEMO_ATTACHMENT_TITLE, 'Blood pressure log.pdf', true],
    ]);

    const appointment = appointmentSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/appointments/${visit?.appointmentId ?? ''}`,
          headers: auth,
        })
      ).json(),
    );
    expect(appointment.attachments).toEqual([
      { href: visit?.attachments[0]?.href, fileName: 'Blood pressure log.pdf' },
    ]);

    for (const token of [tokens.get('jane'), tokens.get('smith')]) {
      const file = await t.app.inject({
        method: 'GET',
        url: appointment.attachments[0]?.href ?? '',
        headers: { authorization: `Bearer ${token ?? ''}` },
      });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect((await PDFDocument.load(file.rawPayload)).getTitle()).toBe(DEMO_ATTACHMENT_TITLE);
    }
  });

  it('adds nothing on a later start (idempotent), and nothing to a database without the demo clinic', async () => {
    expect(await attachmentCount()).toBe(1);
    await seed();
    await seed();
    expect(await attachmentCount()).toBe(1);
    await seedDemoAttachments(t.context.db, fileStoreOf(t.context), 9_999, t.context.now());
    expect(await attachmentCount()).toBe(1);
  });
});
