import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  UPLOAD_BAD_TYPE_TEXT,
  UPLOAD_MAX_BYTES,
  UPLOAD_TOO_LARGE_TEXT,
  UPLOAD_TOO_MANY_TEXT,
  uploadResultSchema,
} from '@app/contracts/files';
import { insuranceCardListSchema, insuranceCardSchema } from '@app/contracts/insurance';
import { clinics, providers } from '../../db/schema/clinics.ts';
import { storedFiles } from '../../db/schema/files.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import type { SchedulingWorld } from '../appointments/appointments-test-helpers.ts';
import { buildCheckInTestWorld, type CheckInTestWorld } from '../check-in/check-in-test-helpers.ts';

interface Part {
  field?: string;
  filename?: string;
  type?: string;
  content: Buffer;
}

function multipart(parts: Part[]) {
  const boundary = '----care-portal-insurance-test';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'file'}"; filename="${part.filename ?? 'card.jpg'}"\r\nContent-Type: ${part.type ?? 'image/jpeg'}\r\n\r\n`,
      ),
      part.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A real photo with EXIF (camera, orientation) and GPS, as a phone would send. */
async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 40, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'TestPhone', Model: 'X1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '42/1 39/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '73/1 45/1 0/1',
      },
    })
    .jpeg()
    .toBuffer();
}

const smallPng = () =>
  sharp({ create: { width: 30, height: 20, channels: 4, background: { r: 0, g: 80, b: 160, alpha: 1 } } })
    .png()
    .toBuffer();

describe('insurance card task and uploads (spec 2 §3/§4, spec 3 §3/§4/§7, decision 0022)', () => {
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

  beforeAll(async () => {
    checkIn = await buildCheckInTestWorld('insurance');
    ({ t, dataDir, world, jane, mark, provider, otherProvider, appointmentId } = checkIn);
  });
  afterAll(async () => {
    await checkIn.close();
  });

  function upload(token: string, parts: Part[], query = `clinicUuid=${world.clinicId}`) {
    const form = multipart(parts);
    return t.app.inject({
      method: 'POST',
      url: `/api/insurance/card-images?${query}`,
      headers: { ...auth(token), ...form.headers },
      payload: form.payload,
    });
  }

  async function storedCount(): Promise<number> {
    return (await t.context.db.select({ id: storedFiles.id }).from(storedFiles)).length;
  }

  describe('bad uploads are refused and nothing is stored', () => {
    it('a .jpg that is text (wrong magic bytes)', async () => {
      const before = await storedCount();
      const response = await upload(jane.token, [
        { content: Buffer.from('hello, I am not a picture\n'.repeat(20)) },
      ]);
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({ message: UPLOAD_BAD_TYPE_TEXT, code: 'bad_type' });
      expect(await storedCount()).toBe(before);
    });

    it('an SVG, even one declared as image/svg+xml', async () => {
      const svg = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      );
      const response = await upload(jane.token, [
        { content: svg, filename: 'card.svg', type: 'image/svg+xml' },
      ]);
      expect(response.statusCode).toBe(415);
    });

    it('a file that starts like a JPEG but does not decode', async () => {
      const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
      const response = await upload(jane.token, [{ content: fake }]);
      expect(response.statusCode).toBe(415);
    });

    it('an oversize file', async () => {
      const big = Buffer.concat([await smallPng(), Buffer.alloc(UPLOAD_MAX_BYTES + 10, 0)]);
      const response = await upload(jane.token, [{ content: big, filename: 'big.png', type: 'image/png' }]);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ message: UPLOAD_TOO_LARGE_TEXT });
    });

    it('two files in one upload', async () => {
      const png = await smallPng();
      const before = await storedCount();
      const response = await upload(jane.token, [
        { content: png, type: 'image/png' },
        { content: png, type: 'image/png', field: 'file2' },
      ]);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: UPLOAD_TOO_MANY_TEXT });
      expect(await storedCount()).toBe(before);
    });

    it('a body that is not multipart', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/insurance/card-images?clinicUuid=${world.clinicId}`,
        headers: auth(jane.token),
        payload: { file: 'x' },
      });
      expect(response.statusCode).toBe(400);
    });

    it('for a clinic the patient is not registered at: 404', async () => {
      const response = await upload(
        jane.token,
        [{ content: await smallPng(), type: 'image/png' }],
        `clinicUuid=${crypto.randomUUID()}`,
      );
      expect(response.statusCode).toBe(404);
    });
  });

  it('a ../ file name is ignored: the file is stored under a server key', async () => {
    const response = await upload(jane.token, [
      { content: await smallPng(), filename: '../../../etc/passwd.png', type: 'image/png' },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const result = uploadResultSchema.parse(response.json());
    const [row] = await t.context.db.select().from(storedFiles).where(eq(storedFiles.id, result.fileId));
    expect(row?.storageKey).toMatch(/^insurance-cards\/[0-9a-f-]{36}\.png$/);
    expect(row?.downloadName).toBe('insurance-card.png');
    expect(await readdir(path.join(dataDir, 'files'))).toEqual(['insurance-cards']);
  });

  it('strips EXIF and GPS, turns the photo upright, and serves it with safe headers', async () => {
    const original = await jpegWithGps();
    const before = await sharp(original).metadata();
    expect(before.exif?.toString('latin1')).toContain('TestPhone');
    expect(before.orientation).toBe(6);
    const response = await upload(jane.token, [{ content: original }]);
    expect(response.statusCode, response.body).toBe(201);
    const { href } = uploadResultSchema.parse(response.json());
    const read = await t.app.inject({ method: 'GET', url: href, headers: auth(jane.token) });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/jpeg');
    expect(read.headers['x-content-type-options']).toBe('nosniff');
    expect(read.headers['content-disposition']).toBe('inline; filename="insurance-card.jpg"');
    const after = await sharp(read.rawPayload).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    // Rotated by its EXIF orientation (6 = 90°): 64x40 becomes 40x64.
    expect([after.width, after.height]).toEqual([40, 64]);
  });

  it('bounds the dimensions of large photos', async () => {
    const large = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#888' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const response = await upload(jane.token, [{ content: large, type: 'image/png' }]);
    expect(response.statusCode, response.body).toBe(201);
    const read = await t.app.inject({
      method: 'GET',
      url: response.json<{ href: string }>().href,
      headers: auth(jane.token),
    });
    const meta = await sharp(read.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([2000, 1000]);
  });

  async function uploadPng(token: string, query?: string) {
    const response = await upload(token, [{ content: await smallPng(), type: 'image/png' }], query);
    expect(response.statusCode, response.body).toBe(201);
    return uploadResultSchema.parse(response.json());
  }

  const details = {
    insuranceNumber: 'XJH 123456789',
    ircName: 'Blue Shield of New York',
    planName: 'Silver PPO',
    policyHolderName: 'Jane Patient',
  };

  it('saves a primary card, which enters the review queue; unchanged re-saves do not re-queue', async () => {
    const front = await uploadPng(jane.token);
    const back = await uploadPng(jane.token);
    const save = await t.app.inject({
      method: 'PUT',
      url: '/api/insurance/cards/primary',
      headers: auth(jane.token),
      payload: {
        clinicUuid: world.clinicId,
        appointmentId,
        frontFileId: front.fileId,
        backFileId: back.fileId,
        ...details,
      },
    });
    expect(save.statusCode, save.body).toBe(200);
    const card = insuranceCardSchema.parse(save.json());
    expect(card).toMatchObject({
      kind: 'primary',
      status: 'new',
      ...details,
      listAppointmentId: [appointmentId],
    });
    expect(card.front.href).toBe(front.href);

    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/insurance/cards?clinicUuid=${world.clinicId}`,
      headers: auth(jane.token),
    });
    expect(insuranceCardListSchema.parse(mine.json()).map((c) => c.kind)).toEqual(['primary']);

    // The provider reads it by clinic, user and kind (spec 2 §7).
    const byProvider = await t.app.inject({
      method: 'GET',
      url: `/api/insurance/cards/primary?clinicUuid=${world.clinicId}&userId=${jane.id}`,
      headers: auth(provider.token),
    });
    expect(byProvider.statusCode).toBe(200);
    const secondary = await t.app.inject({
      method: 'GET',
      url: `/api/insurance/cards/secondary?clinicUuid=${world.clinicId}`,
      headers: auth(jane.token),
    });
    expect(secondary.statusCode).toBe(404);
  });

  it('refuses a card whose photo belongs to someone else, and bad details, writing nothing', async () => {
    const marks = await uploadPng(mark.token);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/insurance/cards/secondary',
      headers: auth(jane.token),
      payload: { clinicUuid: world.clinicId, frontFileId: marks.fileId, ...details },
    });
    expect(response.statusCode).toBe(400);
    const empty = await t.app.inject({
      method: 'PUT',
      url: '/api/insurance/cards/secondary',
      headers: auth(jane.token),
      payload: { clinicUuid: world.clinicId, frontFileId: marks.fileId, ...details, ircName: '  ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ errors: [{ field: 'ircName' }] });
  });

  it("another patient's card image is 404; so it is for another clinic's provider", async () => {
    const janes = await uploadPng(jane.token);
    expect(
      (await t.app.inject({ method: 'GET', url: janes.href, headers: auth(mark.token) })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: janes.href, headers: auth(otherProvider.token) })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: janes.href, headers: auth(provider.token) })).statusCode,
    ).toBe(200);
    const cards = await t.app.inject({
      method: 'GET',
      url: `/api/insurance/cards?clinicUuid=${world.clinicId}&userId=${jane.id}`,
      headers: auth(mark.token),
    });
    expect(cards.statusCode).toBe(404);
  });

  it('self check-in: the provider uploads and saves for a patient of the clinic', async () => {
    const query = `clinicUuid=${world.clinicId}&userId=${mark.id}`;
    const front = await uploadPng(provider.token, query);
    const save = await t.app.inject({
      method: 'PUT',
      url: '/api/insurance/cards/primary',
      headers: auth(provider.token),
      payload: {
        clinicUuid: world.clinicId,
        userId: mark.id,
        frontFileId: front.fileId,
        ...details,
        policyHolderName: 'Mark',
      },
    });
    expect(save.statusCode, save.body).toBe(200);
    // Mark owns the picture the provider took for him.
    expect(
      (await t.app.inject({ method: 'GET', url: front.href, headers: auth(mark.token) })).statusCode,
    ).toBe(200);
  });

  it('queue list and count (spec 3 §7): status, location and provider filters, paging; providers of the clinic only', async () => {
    const base = `/api/insurance/queue?clinicUuid=${world.clinicId}`;
    // The queue is the Insurance Cards screen's: PROVIDER_INSURANCE and the USER_INSURANCE module
    // (spec 3 §2 sidebar, decision 0060).
    const closed = await t.app.inject({ method: 'GET', url: base, headers: auth(provider.token) });
    expect(closed.statusCode).toBe(403);
    await t.context.db
      .update(providers)
      .set({ permissions: sql`array_append(${providers.permissions}, 'PROVIDER_INSURANCE')` })
      .where(and(eq(providers.userId, world.provider.userId), eq(providers.clinicId, world.clinicId)));
    await t.context.db
      .update(clinics)
      .set({ modules: sql`array_append(${clinics.modules}, 'USER_INSURANCE')` })
      .where(eq(clinics.id, world.clinicId));
    const list = await t.app.inject({ method: 'GET', url: base, headers: auth(provider.token) });
    expect(list.statusCode, list.body).toBe(200);
    const cards = insuranceCardListSchema.parse(list.json());
    expect(cards.map((card) => card.patient.id).sort()).toEqual([jane.id, mark.id].sort());
    const count = await t.app.inject({
      method: 'GET',
      url: `/api/insurance/queue/count?clinicUuid=${world.clinicId}`,
      headers: auth(provider.token),
    });
    expect(count.json()).toEqual({ count: 2 });

    // Only Jane's card came through an appointment of this department and provider.
    const filtered = await t.app.inject({
      method: 'GET',
      url: `${base}&listDepartmentUuid=${world.departmentId}&listProviderId=${world.provider.providerId}`,
      headers: auth(provider.token),
    });
    expect(insuranceCardListSchema.parse(filtered.json()).map((card) => card.userId)).toEqual([jane.id]);
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: `/api/insurance/queue/count?clinicUuid=${world.clinicId}&listDepartmentUuid=${crypto.randomUUID()}`,
      headers: auth(provider.token),
    });
    expect(elsewhere.json()).toEqual({ count: 0 });
    const notAnId = await t.app.inject({
      method: 'GET',
      url: `/api/insurance/queue/count?clinicUuid=${world.clinicId}&listDepartmentUuid=abc`,
      headers: auth(provider.token),
    });
    expect(notAnId.statusCode).toBe(400);
    const page = await t.app.inject({
      method: 'GET',
      url: `${base}&offset=1&limit=1`,
      headers: auth(provider.token),
    });
    expect(insuranceCardListSchema.parse(page.json())).toHaveLength(1);
    const reviewed = await t.app.inject({
      method: 'GET',
      url: `${base}&status=reviewed`,
      headers: auth(provider.token),
    });
    expect(reviewed.json()).toEqual([]);

    // Another clinic's provider, without PROVIDER_INSURANCE there, is refused at the gate.
    expect(
      (await t.app.inject({ method: 'GET', url: base, headers: auth(otherProvider.token) })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: base, headers: auth(jane.token) })).statusCode).toBe(
      403,
    );
  });

  it('a changed card goes back to new; confirming it unchanged keeps its place', async () => {
    const [before] = insuranceCardListSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/insurance/cards?clinicUuid=${world.clinicId}`,
          headers: auth(jane.token),
        })
      ).json(),
    );
    if (!before) {
      throw new Error('card expected');
    }
    const same = await t.app.inject({
      method: 'PUT',
      url: '/api/insurance/cards/primary',
      headers: auth(jane.token),
      payload: {
        clinicUuid: world.clinicId,
        frontFileId: before.front.fileId,
        backFileId: before.back?.fileId,
        ...details,
      },
    });
    expect(same.json<{ updatedAt: string }>().updatedAt).toBe(before.updatedAt);
    t.advanceClock(60_000);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/insurance/cards/primary',
      headers: auth(jane.token),
      payload: {
        clinicUuid: world.clinicId,
        frontFileId: before.front.fileId,
        ...details,
        planName: 'Gold HMO',
      },
    });
    expect(changed.json()).toMatchObject({ status: 'new', planName: 'Gold HMO', back: null });
    expect(changed.json<{ updatedAt: string }>().updatedAt).not.toBe(before.updatedAt);
  });
});
