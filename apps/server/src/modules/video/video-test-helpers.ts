import { randomBytes } from 'node:crypto';
import type { FixtureVideoWorldResponse } from '@app/contracts/video-fixtures';
import type { TestApp } from '../../test/build-test-app.ts';
import { TEST_PASSWORD } from '../../test/create-test-user.ts';
import { loginTokens } from '../auth/auth-test-helpers.ts';
import { bearer } from '../patients/patients-test-helpers.ts';

export interface VideoWorld extends FixtureVideoWorldResponse {
  doctorToken: string;
  patientToken: string;
}

/** A video visit of the test's own, made by the e2e's dev fixture, with both sides logged in. */
export async function videoWorld(t: TestApp, minutesAhead = 0): Promise<VideoWorld> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/dev/fixtures/video/world',
    payload: { name: `v${randomBytes(4).toString('hex')}`, password: TEST_PASSWORD, minutesAhead },
  });
  if (response.statusCode !== 201) {
    throw new Error(`video world: ${response.body}`);
  }
  const world = response.json<FixtureVideoWorldResponse>();
  return {
    ...world,
    doctorToken: (await loginTokens(t.app, world.doctor.username)).access_token,
    patientToken: (await loginTokens(t.app, world.patient.username)).access_token,
  };
}

export function joinRoom(t: TestApp, appointmentId: string, token: string | null, body: object = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/video-call/${appointmentId}/join`,
    headers: token ? bearer(token) : {},
    payload: body,
  });
}

export async function roomTokenOf(
  t: TestApp,
  appointmentId: string,
  token: string | null,
  body: object = {},
) {
  const response = await joinRoom(t, appointmentId, token, body);
  if (response.statusCode !== 200) {
    throw new Error(`join: ${response.body}`);
  }
  return response.json<{ roomToken: string; participantId: string }>();
}

export async function inviteGuest(t: TestApp, world: VideoWorld): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/provider/clinics/${world.clinicId}/video-call/${world.appointmentId}/invitations`,
    headers: bearer(world.doctorToken),
  });
  if (response.statusCode !== 201) {
    throw new Error(`invite: ${response.body}`);
  }
  return response.json<{ uuid: string }>().uuid;
}
