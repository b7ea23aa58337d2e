import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_SIZE_TEXT, IMAGE_TYPE_TEXT, USER_IMAGE_MAX_BYTES } from '@app/contracts/account-settings';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { clinicPatients } from '../../db/schema/clinics.ts';
import { providers } from '../../db/schema/clinics.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestUser } from '../../test/create-test-user.ts';
import { getMe, loginTokens } from '../auth/auth-test-helpers.ts';
import { eq } from 'drizzle-orm';

// Real pictures: avatars are decoded and re-encoded (issue 19 item 7), so a signature alone is refused.
const PNG = await sharp({ create: { width: 24, height: 24, channels: 3, background: '#3366aa' } })
  .png()
  .toBuffer();
/** A phone photo: EXIF with the camera and GPS position. */
const JPEG_WITH_GPS = await sharp({ create: { width: 32, height: 20, channels: 3, background: '#aa3333' } })
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
/** What a polyglot carries after the image's end (IEND / EOI): a script, a zip, a hidden message. */
const APPENDED = Buffer.from('<script>alert(1)</script>PK\x03\x04 appended-after-the-image-end');

function multipart(content: Buffer, filename = 'me.png', type = 'image/png') {
  const boundary = '----care-portal-test';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('user image upload (spec 1 §7, decision 0014)', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'care-images-'));
    t = await buildTestApp({ DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  async function upload(token: string, content: Buffer, filename?: string, type?: string) {
    const form = multipart(content, filename, type);
    return t.app.inject({
      method: 'POST',
      url: '/api/user/image',
      headers: { ...bearer(token), ...form.headers },
      payload: form.payload,
    });
  }

  it('stores a PNG, answers its href, and shows it on the user record and to its owner', async () => {
    const user = await createTestUser(t.context.db);
    const { access_token: token } = await loginTokens(t.app, user.username);
    const response = await upload(token, PNG);
    expect(response.statusCode).toBe(201);
    const { href } = response.json<{ href: string }>();
    expect(href).toMatch(/^\/api\/user\/images\/[0-9a-f-]{36}\.png$/);
    expect((await getMe(t.app, token)).json()).toMatchObject({ image: href });
    const image = await t.app.inject({ method: 'GET', url: href, headers: bearer(token) });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const stored = await sharp(image.rawPayload).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(['png', 24, 24]);
  });

  it('re-encodes like a card photo: bytes appended after the PNG or JPEG end and EXIF/GPS are gone', async () => {
    const user = await createTestUser(t.context.db);
    const { access_token: token } = await loginTokens(t.app, user.username);
    for (const [original, filename, type] of [
      [PNG, 'me.png', 'image/png'],
      [JPEG_WITH_GPS, 'me.jpg', 'image/jpeg'],
    ] as const) {
      const polyglot = Buffer.concat([original, APPENDED]);
      const response = await upload(token, polyglot, filename, type);
      expect(response.statusCode, response.body).toBe(201);
      const { href } = response.json<{ href: string }>();
      const image = await t.app.inject({ method: 'GET', url: href, headers: bearer(token) });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe(type);
      expect(image.rawPayload.includes(APPENDED)).toBe(false);
      expect(image.rawPayload.includes(Buffer.from('appended-after-the-image-end'))).toBe(false);
      expect(image.rawPayload.includes(Buffer.from('TestPhone'))).toBe(false);
      const stored = await sharp(image.rawPayload).metadata();
      expect(stored.exif).toBeUndefined();
      expect(stored.format).toBe(type === 'image/png' ? 'png' : 'jpeg');
      // The file on disk is what is served: nothing else was kept beside it.
      const onDisk = await readFile(path.join(dataDir, 'files', 'user-images', href.split('/').pop() ?? ''));
      expect(onDisk.equals(image.rawPayload)).toBe(true);
    }
  });

  it('refuses a file that only starts like a picture (a signature and no image)', async () => {
    const user = await createTestUser(t.context.db);
    const { access_token: token } = await loginTokens(t.app, user.username);
    const fake = Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(64, 1)]);
    const response = await upload(token, fake);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: IMAGE_TYPE_TEXT, errors: [{ field: 'file' }] });
    expect((await getMe(t.app, token)).json()).toMatchObject({ image: null });
  });

  it('judges the type by the bytes: a text file named .png is refused', async () => {
    const user = await createTestUser(t.context.db);
    const { access_token: token } = await loginTokens(t.app, user.username);
    const response = await upload(token, Buffer.from('not an image at all'), 'evil.png', 'image/png');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: IMAGE_TYPE_TEXT });
    expect((await getMe(t.app, token)).json()).toMatchObject({ image: null });
  });

  it('refuses an image over 2 MB and a request without a file', async () => {
    const user = await createTestUser(t.context.db);
    const { access_token: token } = await loginTokens(t.app, user.username);
    const big = Buffer.concat([PNG, Buffer.alloc(USER_IMAGE_MAX_BYTES, 0)]);
    const response = await upload(token, big);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ message: IMAGE_SIZE_TEXT });
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/user/image',
      headers: bearer(token),
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/user/image' })).statusCode).toBe(401);
  });

  it('shows a picture to its owner and to staff of their clinic, to nobody else', async () => {
    const patient = await createTestUser(t.context.db);
    const { access_token: patientToken } = await loginTokens(t.app, patient.username);
    const { href } = (await upload(patientToken, PNG)).json<{ href: string }>();

    const stranger = await createTestUser(t.context.db);
    const { access_token: strangerToken } = await loginTokens(t.app, stranger.username);
    expect(
      (await t.app.inject({ method: 'GET', url: href, headers: bearer(strangerToken) })).statusCode,
    ).toBe(404);

    const otherDoctor = await createTestUser(t.context.db, { memberType: 'doctor' });
    const { access_token: otherToken } = await loginTokens(t.app, otherDoctor.username);
    expect((await t.app.inject({ method: 'GET', url: href, headers: bearer(otherToken) })).statusCode).toBe(
      404,
    );

    const doctor = await createTestUser(t.context.db, { memberType: 'doctor' });
    const [membership] = await t.context.db.select().from(providers).where(eq(providers.userId, doctor.id));
    await t.context.db
      .insert(clinicPatients)
      .values({ clinicId: membership?.clinicId ?? '', userId: patient.id });
    const { access_token: doctorToken } = await loginTokens(t.app, doctor.username);
    expect((await t.app.inject({ method: 'GET', url: href, headers: bearer(doctorToken) })).statusCode).toBe(
      200,
    );

    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/user/images/..%2F..%2Fsecret',
          headers: bearer(patientToken),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('replaces the earlier picture: the old href stops working', async () => {
    const user = await createTestUser(t.context.db);
    const { access_token: token } = await loginTokens(t.app, user.username);
    const first = (await upload(token, PNG)).json<{ href: string }>().href;
    const second = (await upload(token, JPEG_WITH_GPS, 'me.jpg', 'image/jpeg')).json<{ href: string }>().href;
    expect(second).toMatch(/\.jpg$/);
    expect((await t.app.inject({ method: 'GET', url: first, headers: bearer(token) })).statusCode).toBe(404);
    const image = await t.app.inject({ method: 'GET', url: second, headers: bearer(token) });
    expect(image.headers['content-type']).toBe('image/jpeg');
  });
});
