import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_SIZE_TEXT, IMAGE_TYPE_TEXT, USER_IMAGE_MAX_BYTES } from '@app/contracts/account-settings';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { clinicPatients } from '../../db/schema/clinics.ts';
import { providers } from '../../db/schema/clinics.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestUser } from '../../test/create-test-user.ts';
import { getMe, loginTokens } from '../auth/auth-test-helpers.ts';
import { eq } from 'drizzle-orm';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);

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
    expect(image.rawPayload.equals(PNG)).toBe(true);
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
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32, 2)]);
    const second = (await upload(token, jpeg, 'me.jpg', 'image/jpeg')).json<{ href: string }>().href;
    expect(second).toMatch(/\.jpg$/);
    expect((await t.app.inject({ method: 'GET', url: first, headers: bearer(token) })).statusCode).toBe(404);
    const image = await t.app.inject({ method: 'GET', url: second, headers: bearer(token) });
    expect(image.headers['content-type']).toBe('image/jpeg');
  });
});
